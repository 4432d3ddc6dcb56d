import * as z from 'zod/mini';
import { AnyData, defineCall, NoInput } from './define';
import { CENTRAL_WALLET, DEFAULT_DATE_FILTER, RECORD_TYPES } from './enums';
import {
  AmountField,
  DateTime,
  IntChoice,
  IntOrZero,
  ListOf,
  Money,
  MoneyOrZero,
  PageInput,
  PageOf,
  Text,
  TextLike,
} from './codecs';
import { DateFilterInput, VenueFilterInput } from './member';

/* The member's wallets (server: modules/wallet): the central balance, venue wallets and transfers
 * between them, and the account records. Deposits are cashier.ts, withdrawals withdrawals.ts. */

/* Messages of spec §5 ----------------------------------------------------------------------------- */

export const MSG_TRANSFER_AMOUNT = '请输入操作金额！';
export const MSG_TRANSFER_VENUES = '场馆内钱包不支持互转';
/** The same wallet on both sides (spec silent): said before 场馆内钱包不支持互转, which would mislead. */
export const MSG_TRANSFER_SAME = '转出钱包和转入钱包不能相同';

/* Venues and transfers ---------------------------------------------------------------------------- */

/** A venue (game platform) wallet: name, platname (the code transfer uses), balance. */
export const VenueBalance = z.pipe(
  z.object({ name: Text, platname: Text, balance: MoneyOrZero }),
  z.transform((o) => ({ name: o.name, platform: o.platname, balance: o.balance })),
);
export type VenueBalance = z.output<typeof VenueBalance>;

export const venueBalances = defineCall({
  name: 'balancelist',
  method: 'POST',
  path: '/api/balancelist',
  request: NoInput,
  response: ListOf(VenueBalance),
});

/** A wallet code in a transfer: CENTRAL_WALLET ('userbalance') or a venue's platname. */
const WalletCode = (missing: string) =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(32, '钱包无效'),
      z.regex(/^[A-Za-z0-9_-]+$/, '钱包无效'),
    );

export const transfer = defineCall({
  name: 'transfer',
  method: 'POST',
  path: '/api/transfer',
  money: true,
  request: z
    .object({
      amount: AmountField(MSG_TRANSFER_AMOUNT),
      sourcetype: WalletCode('请选择转出钱包'),
      targettype: WalletCode('请选择转入钱包'),
    })
    .check(
      z.superRefine((o, ctx) => {
        if (o.sourcetype === o.targettype) {
          ctx.addIssue({ code: 'custom', message: MSG_TRANSFER_SAME, path: ['targettype'] });
        } else if ((o.sourcetype === CENTRAL_WALLET) === (o.targettype === CENTRAL_WALLET)) {
          ctx.addIssue({ code: 'custom', message: MSG_TRANSFER_VENUES, path: ['targettype'] });
        }
      }),
    ),
  response: AnyData,
});

/** 一键回收: every venue balance back to the central wallet. The client then refreshes the user. */
export const transferAll = defineCall({
  name: 'transall',
  method: 'POST',
  path: '/api/transall',
  money: true,
  request: NoInput,
  response: AnyData,
});

/** Auto-transfer switch: 1 on (manual venue transfers blocked), 0 off. */
export const setAutoTransfer = defineCall({
  name: 'uptransferstatus',
  method: 'POST',
  path: '/api/uptransferstatus',
  request: z.object({ transferstatus: IntChoice([0, 1], '参数错误') }),
  response: AnyData,
});

/* Account records --------------------------------------------------------------------------------- */

/** An account record (/transRecord). `state` labels depend on the record type (enums.ts). */
export const AccountRecord = z.pipe(
  z.object({
    out_trade_no: TextLike,
    amount: Money,
    pay_way: Text,
    state: IntOrZero,
    created_at: DateTime,
  }),
  z.transform((o) => ({
    orderNo: o.out_trade_no,
    amount: o.amount,
    payWay: o.pay_way,
    state: o.state,
    createdAt: o.created_at,
  })),
);
export type AccountRecord = z.output<typeof AccountRecord>;

export const accountRecords = defineCall({
  name: 'gettransrecord',
  method: 'POST',
  path: '/api/gettransrecord',
  request: z.pipe(
    z.optional(
      z.object({
        date: z.optional(DateFilterInput),
        type: z.optional(IntChoice(Object.values(RECORD_TYPES), '记录类型无效')),
        page: PageInput,
        api_type: VenueFilterInput,
      }),
    ),
    z.transform((o) => ({
      date: o?.date ?? DEFAULT_DATE_FILTER,
      type: o?.type ?? RECORD_TYPES.deposit,
      page: o?.page ?? 1,
      api_type: o?.api_type ?? null,
    })),
  ),
  response: PageOf(AccountRecord),
});

/* 资金明细 (ours, 责任博彩): the central wallet's ledger and the lifetime net deposits ----------------- */

/** One movement of the member's central wallet: signed (+ in, − out), its reason as code and label. */
export const FundsEntry = z.pipe(
  z.object({
    id: TextLike,
    reason: Text,
    label: Text,
    amount: Money,
    /** What it belongs to, in words the member can read (an order number, a venue, a lottery round). */
    reference: Text,
    created_at: DateTime,
  }),
  z.transform((o) => ({
    id: o.id,
    reason: o.reason,
    label: o.label,
    amount: o.amount,
    reference: o.reference,
    createdAt: o.created_at,
  })),
);
export type FundsEntry = z.output<typeof FundsEntry>;

/** Rows per page of /api/funds_records (here, not in PAGE_SIZES: codecs.ts is in the app's first load). */
export const FUNDS_RECORDS_PAGE_SIZE = 20;

/** The member's own entries (the token says whose), newest first, within a date filter (1–5, default 4). */
export const fundsRecords = defineCall({
  name: 'fundsRecords',
  method: 'POST',
  path: '/api/funds_records',
  request: z.pipe(
    z.optional(z.object({ date: z.optional(DateFilterInput), page: PageInput })),
    z.transform((o) => ({ date: o?.date ?? DEFAULT_DATE_FILTER, page: o?.page ?? 1 })),
  ),
  response: PageOf(FundsEntry),
});

/**
 * Lifetime net deposits: deposits credited less withdrawals paid out (neither pending nor rejected
 * ones), in money; `net` may be negative.
 */
export const fundsSummary = defineCall({
  name: 'fundsSummary',
  method: 'POST',
  path: '/api/funds_summary',
  request: NoInput,
  response: z.object({ deposits: Money, withdrawals: Money, net: Money }),
});
