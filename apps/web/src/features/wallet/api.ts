import type { DateFilter, PayRangeType, RecordType } from '@app/contract/enums';
import { accountRecords, fundsRecords, fundsSummary, setAutoTransfer, transfer } from '@app/contract/wallet';
import {
  banks,
  bindCard,
  cards,
  deleteCard,
  deposit,
  depositInfo,
  payRange,
  payWays,
  receivingCards,
  uploadVoucher,
  VOUCHER_FILE_FIELD,
} from '@app/contract/cashier';
import { depositMethodOf } from '@app/contract/deposit-method';
import {
  bindMobile,
  withdraw,
  withdrawByQrcode,
  withdrawFee,
  withdrawTurnover,
} from '@app/contract/withdrawals';
import type { RequestOf } from '@app/contract/define';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call, send } from '@/shared/api/client';
import { venueQueries } from '@/shared/queries/venues';
import { sessionQueries } from '@/shared/session/api';
import { walletRoot } from './keys';

const LISTS_STALE_MS = 60_000;

/** A page of /transRecord's records (the list's and 导出CSV's). */
export const readRecords = (date: DateFilter, type: RecordType, page: number, signal?: AbortSignal) =>
  call(accountRecords, { date, type, page }, { signal });

/** A page of 资金明细 (the list's and 导出CSV's). */
export const readFunds = (date: DateFilter, page: number, signal?: AbortSignal) =>
  call(fundsRecords, { date, page }, { signal });

/**
 * A list read page after page as one scroll. Never served from memory: a record's state is changed
 * by the operator, not by this app, so the app's 30 s staleTime kept a reviewed withdrawal on 审核中
 * across visits. Entering the page (or pulling) always reads the server; a page left is dropped
 * (gcTime 0) so a later visit never shows the old state first.
 */
function freshPages<K extends readonly unknown[], P extends { data: unknown[]; total: number }>(
  queryKey: K,
  read: (page: number, signal: AbortSignal) => Promise<P>,
) {
  return infiniteQueryOptions({
    queryKey,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    queryFn: async ({ pageParam, signal }) => ({ page: pageParam, ...(await read(pageParam, signal)) }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? last.page + 1 : undefined;
    },
  });
}

export const walletQueries = {
  all: walletRoot,
  /** /transRecord: pages of one date filter and type. */
  records: (date: DateFilter, type: RecordType) =>
    freshPages([...walletQueries.all(), 'records', date, type] as const, (page, signal) =>
      readRecords(date, type, page, signal),
    ),
  /** 资金明细: pages of the central wallet's entries within one date filter. */
  funds: (date: DateFilter) =>
    freshPages([...walletQueries.all(), 'funds', date] as const, (page, signal) =>
      readFunds(date, page, signal),
    ),
  /** 累计净存款: changes when an operator credits a deposit or pays a withdrawal, so read on entry. */
  fundsSummary: () =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'fundsSummary'] as const,
      queryFn: ({ signal }) => call(fundsSummary, undefined, { signal }),
      staleTime: 0,
    }),
  /** Bound cards: 1 bank cards, 2 USDT addresses. */
  cards: (type: 1 | 2) =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'cards', type] as const,
      queryFn: ({ signal }) => call(cards, { type }, { signal }),
    }),
  payWays: () =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'payWays'] as const,
      queryFn: ({ signal }) => call(payWays, undefined, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  payRange: (type: PayRangeType) =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'payRange', type] as const,
      queryFn: ({ signal }) => call(payRange, { type }, { signal }),
    }),
  receivingCards: () =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'receivingCards'] as const,
      queryFn: ({ signal }) => call(receivingCards, undefined, { signal }),
    }),
  /** /payInfo: the deposit, and its method from the envelope's `message` (the type, e.g. usdtpay). */
  depositInfo: (depositNo: string) =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'depositInfo', depositNo] as const,
      queryFn: async ({ signal }) => {
        const { data, message } = await send(depositInfo, { deposit_no: depositNo }, { signal });
        return { ...data, method: depositMethodOf(message, data.payType) };
      },
    }),
  /** 打码量: bet and recharge amounts (cents). */
  turnover: () =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'turnover'] as const,
      queryFn: ({ signal }) => call(withdrawTurnover, undefined, { signal }),
    }),
  withdrawFee: () =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'withdrawFee'] as const,
      queryFn: ({ signal }) => call(withdrawFee, undefined, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  banks: () =>
    queryOptions({
      queryKey: [...walletQueries.all(), 'banks'] as const,
      queryFn: ({ signal }) => call(banks, undefined, { signal }),
      staleTime: 5 * LISTS_STALE_MS,
    }),
};

/** After money moved: every wallet reply, the venue balances and the member (balances) are stale. */
export function refreshMoney(qc: QueryClient): Promise<void> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: walletQueries.all() }),
    qc.invalidateQueries({ queryKey: venueQueries.all() }),
    qc.invalidateQueries({ queryKey: sessionQueries.all() }),
  ]).then(() => undefined);
}

/** A money call's input plus the Idempotency-Key of its intent. */
type WithKey<T> = T & { intentKey: string };

export function useTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ intentKey, ...input }: WithKey<RequestOf<typeof transfer>>) =>
      send(transfer, input, { idempotencyKey: intentKey }),
    onSuccess: () => refreshMoney(qc),
  });
}

/* 一键回收 / 一键取回: components/RecoverAllButton (the header shows it, so it stays small). */

export function useSetAutoTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call(setAutoTransfer, { transferstatus: on ? 1 : 0 }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionQueries.all() }),
  });
}

export function useBindCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ intentKey, ...input }: RequestOf<typeof bindCard> & { intentKey: string }) =>
      send(bindCard, input, { idempotencyKey: intentKey }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...walletQueries.all(), 'cards'] }),
  });
}

export function useDeleteCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; payPass: string }) =>
      send(deleteCard, { id: input.id, pay_pass: input.payPass }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...walletQueries.all(), 'cards'] }),
  });
}

export type WithdrawInput =
  | WithKey<{ form: 'json'; body: RequestOf<typeof withdraw> }>
  | WithKey<{ form: 'multipart'; body: RequestOf<typeof withdrawByQrcode> & { wechat_qrcode?: Blob } }>;

export function useWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawInput) =>
      input.form === 'json'
        ? send(withdraw, input.body, { idempotencyKey: input.intentKey })
        : send(withdrawByQrcode, input.body, { idempotencyKey: input.intentKey }),
    onSuccess: () => refreshMoney(qc),
  });
}

export function useBindMobile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mobile: string) => send(bindMobile, { mobile }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionQueries.all() }),
  });
}

/** Uploads a bank transfer's voucher picture; resolves with its path (sent with the deposit). */
export function useUploadVoucher() {
  return useMutation({
    mutationFn: (file: File) => send(uploadVoucher, { [VOUCHER_FILE_FIELD]: file }),
  });
}

export function useDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ intentKey, ...input }: WithKey<{ body: RequestOf<typeof deposit> }>) =>
      send(deposit, input.body, { idempotencyKey: intentKey }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: walletQueries.all() }),
        qc.invalidateQueries({ queryKey: venueQueries.all() }),
      ]),
  });
}
