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

export interface WithdrawCache extends WithdrawIntent {
  /** The Idempotency-Key of this intent. */
  requestId: string;
  /** When the intent was first submitted (epoch ms). */
  time: number;
}

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

/** The key of this intent: the cached one for a retry of the same intent, else a new one (cached). */
export function withdrawKey(intent: WithdrawIntent, now = Date.now()): string {
  const cached = read();
  if (cached && sameWithdrawIntent(cached, intent, now)) return cached.requestId;
  const next: WithdrawCache = { ...intent, requestId: newIntentKey(), time: now };
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
