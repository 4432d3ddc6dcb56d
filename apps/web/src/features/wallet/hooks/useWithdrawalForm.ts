import { CARD_TYPES, type WithdrawKind } from '@app/contract/enums';
import { type Card } from '@app/contract/cashier';
import { MSG_MUST_CHANGE_PAY_PASSWORD, MSG_WITHDRAW_SUBMITTED } from '@app/contract/withdrawals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@app/mobile/router';
import { errorMessage } from '@/shared/api/client';
import { endsIntent } from '@/shared/api/intent';
import { sessionQueries } from '@/shared/session/api';
import { showToast } from '@/shared/ui/toast';
import { useWithdraw, walletQueries, type WithdrawInput } from '../api';
import { AFTER_WITHDRAW_MS, PHONE_RESUBMIT_MS, requiredTurnover, validateWithdraw } from '../rules';
import { clearWithdrawCache, withdrawKey, type WithdrawContext } from '../withdrawCache';

/** The server's answer when the member has no phone yet (the client then opens phone binding). */
const MSG_NEEDS_MOBILE = '请先绑定手机号';

/** What the member filled in on the 取款 form. */
export interface WithdrawFields {
  kind: WithdrawKind;
  card: Card | null;
  amount: string;
  password: string;
  alipayAccount: string;
  alipayName: string;
  wechatQrcode: File | null;
}

/** The tabs' numbers in the address (`/withdrawal?type=2`), spec §2: 1 USDT, 2 bank card, 3 alipay, 4 wechat. */
export const WITHDRAW_TAB_TYPES: Record<WithdrawKind, string> = {
  usdt: '1',
  bank: '2',
  alipay: '3',
  wechat: '4',
};

/** The tab of `/withdrawal?type=`; USDT (the spec's first) when absent or unknown. */
export function withdrawTabOf(type: string | null): WithdrawKind {
  const found = Object.entries(WITHDRAW_TAB_TYPES).find(([, n]) => n === type);
  return (found?.[0] as WithdrawKind | undefined) ?? 'usdt';
}

/** /transRecord on 取款 (type 2): where a submitted withdrawal is seen. */
export const AFTER_WITHDRAW_PATH = '/transRecord?type=2';

/** USDT and bank card withdraw to a bound card; alipay and wechat to what the form names. */
export const withCards = (kind: WithdrawKind) => kind === 'usdt' || kind === 'bank';

/** The request of a checked form, keyed by its intent (withdrawCache): JSON to a card, multipart else. */
export function withdrawInput(f: WithdrawFields, userId: number, context?: WithdrawContext): WithdrawInput {
  const text = f.amount.trim();
  const intentKey = withdrawKey(
    {
      userId,
      withdrawType: f.kind,
      amount: text,
      cardId: f.card?.id ?? null,
      account: f.kind === 'alipay' ? f.alipayAccount.trim() : '',
    },
    context,
  );
  if (f.kind === 'usdt' || f.kind === 'bank') {
    return {
      form: 'json',
      intentKey,
      body: { type: f.kind, amount: text, bank: f.card?.id ?? 0, password: f.password },
    };
  }
  if (f.kind === 'alipay') {
    return {
      form: 'multipart',
      intentKey,
      body: {
        type: 'alipay',
        amount: text,
        password: f.password,
        alipay_account: f.alipayAccount,
        alipay_name: f.alipayName,
      },
    };
  }
  return {
    form: 'multipart',
    intentKey,
    body: { type: 'wechat', amount: text, password: f.password, wechat_qrcode: f.wechatQrcode ?? undefined },
  };
}

/** The resubmission after phone binding: the same intent (its key, unless the server ended it). */
export const withdrawKeyAgain = (input: WithdrawInput, userId: number, context?: WithdrawContext) =>
  withdrawKey(
    {
      userId,
      withdrawType: input.body.type,
      amount: String(input.body.amount),
      cardId: 'bank' in input.body ? Number(input.body.bank) : null,
      account: 'alipay_account' in input.body ? String(input.body.alipay_account).trim() : '',
    },
    context,
  );

/**
 * The fields, and what clears them: a new tab and a new card clear the card's amount and password.
 * `onTab` hears of a new tab (the screen keeps it in the address).
 */
export function useWithdrawFields(initialKind: WithdrawKind = 'usdt', onTab?: (kind: WithdrawKind) => void) {
  const [kind, setKind] = useState<WithdrawKind>(initialKind);
  const [card, setCard] = useState<Card | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [alipayAccount, setAlipayAccount] = useState('');
  const [alipayName, setAlipayName] = useState('');
  const [wechatQrcode, setWechatQrcode] = useState<File | null>(null);

  const reset = () => {
    setCard(null);
    setAmount('');
    setPassword('');
  };
  return {
    values: {
      kind,
      card,
      amount,
      password,
      alipayAccount,
      alipayName,
      wechatQrcode,
    } satisfies WithdrawFields,
    setAmount,
    setPassword,
    setAlipayAccount,
    setAlipayName,
    setWechatQrcode,
    switchTab: (next: WithdrawKind) => {
      if (next === kind) return;
      setKind(next);
      onTab?.(next);
      reset(); // card, amount, password (and with the card, the fee)
    },
    selectCard: (c: Card) => {
      setCard(c);
      setPassword('');
      setAmount('');
    },
    /** After a withdrawal went through: everything but the tab. */
    clear: () => {
      reset();
      setAlipayAccount('');
      setAlipayName('');
      setWechatQrcode(null);
    },
  };
}

/** Runs `fn` after `ms` unless the screen is gone by then. */
function useLater() {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };
}

/**
 * Sends a withdrawal; one that needs a phone waits for phone binding (asked by the form for a member
 * without one, or by the server), then goes again 1 s after the phone is bound.
 */
function useSendWithdrawal(userId: number, context: () => WithdrawContext, onSent: () => void) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const withdraw = useWithdraw();
  const later = useLater();
  const [phoneOpen, setPhoneOpen] = useState(false);
  /** The submission that waits for phone binding. */
  const waiting = useRef<WithdrawInput | null>(null);

  const waitForPhone = (input: WithdrawInput) => {
    waiting.current = input;
    setPhoneOpen(true);
  };
  const run = (input: WithdrawInput) => {
    withdraw.mutate(input, {
      onSuccess: ({ message }) => {
        clearWithdrawCache();
        showToast(message || MSG_WITHDRAW_SUBMITTED, 'success');
        onSent();
        later(() => void navigate(AFTER_WITHDRAW_PATH), AFTER_WITHDRAW_MS);
      },
      onError: (e) => {
        if (endsIntent(e)) clearWithdrawCache();
        if (errorMessage(e).includes(MSG_NEEDS_MOBILE)) {
          waitForPhone(input);
          return;
        }
        // A one-time payment password: the member is reloaded and the page shows 修改支付密码.
        if (errorMessage(e) === MSG_MUST_CHANGE_PAY_PASSWORD)
          void qc.invalidateQueries({ queryKey: sessionQueries.user().queryKey });
        showToast(errorMessage(e), 'fail');
      },
    });
  };
  const onPhoneBound = () => {
    setPhoneOpen(false);
    // Refresh and cache the member (now with a phone), then resubmit the withdrawal after 1 s.
    void qc.fetchQuery({ ...sessionQueries.user(), staleTime: 0 }).catch(() => undefined);
    later(() => {
      const input = waiting.current;
      waiting.current = null;
      if (input) run({ ...input, intentKey: withdrawKeyAgain(input, userId, context()) });
    }, PHONE_RESUBMIT_MS);
  };
  return {
    run,
    waitForPhone,
    pending: withdraw.isPending,
    phoneOpen,
    closePhone: () => setPhoneOpen(false),
    onPhoneBound,
  };
}

/** The turnover still owed (cents), once /withdrawal's 打码量 has loaded; null before. */
function useTurnoverLeft(): number | null {
  const turnover = useQuery(walletQueries.turnover());
  const fee = useQuery(walletQueries.withdrawFee());
  if (!turnover.data) return null;
  const required = requiredTurnover(turnover.data.rechargeAmount, fee.data ?? 1);
  return Math.max(0, required - turnover.data.betAmount);
}

/**
 * The 取款 form (spec §2, §5): its fields, the bound cards of the tab, and submit: the messages of
 * validateWithdraw in order, then phone binding first for a member without a phone, then the request.
 */
export function useWithdrawalForm(
  user: { id: number; mobile: string } | null | undefined,
  central: number | undefined,
) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const fields = useWithdrawFields(withdrawTabOf(params.get('type')), (next) =>
    setParams({ type: WITHDRAW_TAB_TYPES[next] }, { replace: true }),
  );
  const { kind } = fields.values;
  const context = (): WithdrawContext => ({ userBalance: central ?? null, page: pathname });
  const cards = useQuery({
    ...walletQueries.cards(kind === 'usdt' ? CARD_TYPES.usdt : CARD_TYPES.bank),
    enabled: withCards(kind),
  });
  const send = useSendWithdrawal(user?.id ?? 0, context, fields.clear);
  const turnoverLeft = useTurnoverLeft();

  const submit = () => {
    const f = fields.values;
    const message = validateWithdraw({
      kind: f.kind,
      amount: f.amount,
      cardId: f.card?.id ?? null,
      password: f.password,
      alipayAccount: f.alipayAccount,
      alipayName: f.alipayName,
      wechatQrcode: f.wechatQrcode,
      balance: central ?? null,
      turnoverLeft,
    });
    if (message) {
      showToast(message, 'fail');
      return;
    }
    const input = withdrawInput(f, user?.id ?? 0, context());
    if (user && !user.mobile) {
      send.waitForPhone(input);
      return;
    }
    send.run(input);
  };
  return { ...fields, cards, submit, send };
}

export type WithdrawalForm = ReturnType<typeof useWithdrawalForm>;
