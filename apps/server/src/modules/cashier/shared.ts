/* What withdrawals share with deposits: a review queue's page, the USDT rate sum, the trial account's
 * refusal, the words of a review that came too late. Imports nothing of withdrawals/, so the two
 * modules point one way (withdrawals → cashier). */
import { formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import type { PageRequest } from '../../core/paging';

/** A page of a review queue: one state or every state (null), in the door's order. */
export interface QueueQuery extends PageRequest {
  state: number | null;
  /**
   * 'review' (the console): pending oldest first, the next to review on top, reviewed newest first;
   * 'newest' (the command line): newest first whatever the state.
   */
  order: 'review' | 'newest';
}

export const MSG_TRIAL_NO_MONEY = '试玩账号不能进行此操作';

/** CNY cents → USDT cents at a rate like '7.2000', rounded down. */
export function usdtCentsOf(amountCents: bigint, rate: string): bigint {
  const [whole = '0', frac = ''] = rate.split('.');
  const units = BigInt(whole) * 10_000n + BigInt((frac + '0000').slice(0, 4));
  return units > 0n ? (amountCents * 10_000n) / units : 0n;
}

/** The refusal of a review that came too late: who reviewed the item and when, e.g.
 * 该存款已由 caiwu01 于 2026-11-25 10:31 通过. */
export function alreadyReviewed(
  what: string,
  row: { state: number; reviewedBy: string; reviewedAt: Date | null },
): string {
  const verb = row.state === REVIEW_STATES.approved ? '通过' : '拒绝';
  const who = row.reviewedBy || '其他操作员';
  const when = row.reviewedAt ? ` 于 ${formatDateTime(row.reviewedAt.getTime()).slice(0, 16)}` : '';
  return `该${what}已由 ${who}${when} ${verb}`;
}
