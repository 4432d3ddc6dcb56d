import type { WithdrawKind } from '@app/contract/enums';
import { newIntentKey } from '@/shared/api/intent';

/** Where the pending withdrawal intent lives (localStorage: it outlasts a reload; logout clears it). */
export const WITHDRAW_CACHE_KEY = 'withdrawCache';
/** A retry later than this is a new intent. */
export const WITHDRAW_CACHE_TTL_MS = 10 * 60_000;

/** What identifies one withdrawal intent (never the password). */
export interface WithdrawIntent {
  userId: number;
  withdrawType: WithdrawKind;
  /** Yuan, as typed (trimmed). */
  amount: string;
  /** Card or address id; null for alipay / wechat. */
  cardId: number | null;
  /** Alipay account, '' otherwise. */
  account: string;
}

/** Where and with what balance the member submits (kept with the intent, spec §3; not part of it). */
export interface WithdrawContext {
  /** The central balance shown when submitting (cents); null when not known yet. */
  userBalance: number | null;
  /** The route the withdrawal was made on (/withdrawal or /withdrawAccount). */
  page: string;
}

/** The withdraw kinds as the member reads them (spec §3 withdrawTypeName). */
export const WITHDRAW_TYPE_NAMES: Record<WithdrawKind, string> = {
  usdt: 'USDT',
  bank: '银行卡',
  alipay: '支付宝',
  wechat: '微信',
};

/**
 * The local withdraw cache of spec §3 (amount, time, requestId, userId, withdrawType,
 * withdrawTypeName, submitTime, userBalance, page) plus what else identifies the intent (card, account).
 */
export interface WithdrawCache extends WithdrawIntent, WithdrawContext {
  /** The Idempotency-Key of this intent. */
  requestId: string;
  /** When the intent was first submitted (epoch ms): a retry within the TTL keeps the key. */
  time: number;
  withdrawTypeName: string;
  /** When it was last submitted (epoch ms): a retry moves this, never `time`. */
  submitTime: number;
}

const NO_CONTEXT: WithdrawContext = { userBalance: null, page: '/withdrawal' };

/** Whether `cache` holds the same intent, recent enough to be its retry. */
export function sameWithdrawIntent(
  cache: WithdrawCache | null,
  intent: WithdrawIntent,
  now: number,
): boolean {
  return (
    cache !== null &&
    now - cache.time >= 0 &&
    now - cache.time < WITHDRAW_CACHE_TTL_MS &&
    cache.userId === intent.userId &&
    cache.withdrawType === intent.withdrawType &&
    cache.amount === intent.amount &&
    cache.cardId === intent.cardId &&
    cache.account === intent.account
  );
}

function read(): WithdrawCache | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(WITHDRAW_CACHE_KEY) ?? 'null') as unknown;
    if (value === null || typeof value !== 'object') return null;
    const c = value as Partial<WithdrawCache>;
    return typeof c.requestId === 'string' && typeof c.time === 'number' ? (c as WithdrawCache) : null;
  } catch {
    return null;
  }
}

/** The cache as stored (for the spec's fields and tests); null when none or unreadable. */
export const readWithdrawCache = (): WithdrawCache | null => read();

/**
 * The key of this intent: the cached one for a retry of the same intent, else a new one. Either way
 * the cache then holds this submission (its time, balance and page).
 */
export function withdrawKey(
  intent: WithdrawIntent,
  context: WithdrawContext = NO_CONTEXT,
  now = Date.now(),
): string {
  const cached = read();
  const retry = cached !== null && sameWithdrawIntent(cached, intent, now);
  const next: WithdrawCache = {
    ...intent,
    ...context,
    withdrawTypeName: WITHDRAW_TYPE_NAMES[intent.withdrawType],
    requestId: retry ? cached.requestId : newIntentKey(),
    time: retry ? cached.time : now,
    submitTime: now,
  };
  try {
    window.localStorage.setItem(WITHDRAW_CACHE_KEY, JSON.stringify(next));
  } catch {
    // storage disabled: the key holds for this attempt only
  }
  return next.requestId;
}

/** The intent is over (success or a refusal): the next submission gets a new key. */
export function clearWithdrawCache(): void {
  try {
    window.localStorage.removeItem(WITHDRAW_CACHE_KEY);
  } catch {
    // nothing kept
  }
}
