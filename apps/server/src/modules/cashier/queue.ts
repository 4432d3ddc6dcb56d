/* Bulk review of the queues: up to QUEUE_BULK_MAX deposits or withdrawals with one reason, each in its
 * own transaction through the single item's service (its guards, claims, holds and daily total), so a
 * refusal stops only that item; the answer says, per id, done or why not. */
import type { BulkResult } from '@app/contract/console-queue';
import { formatCents } from '@app/contract/codecs';
import { BusinessError } from '../../core/errors';
import { writeAudit, type Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/scope';
import { withdrawalById } from '../withdrawals/admin-withdrawals';
import { approveWithdrawal, rejectWithdrawal } from '../withdrawals/review';
import { approveDeposit, depositById, rejectDeposit } from './review';

type Verb = 'approve' | 'reject';
type Before = { state: number; amountCents: bigint; reviewedBy: string; reviewNote: string };
type Done = { ok: true; state: number; amount: string; reviewedBy: string; note: string };
type Outcome = Done | { ok: false; message: string };

/** One item's review: the row before, its order number and the service's outcome. */
type Review = (id: number) => Promise<{ before: Before; orderNo: string; outcome: Outcome }>;

const snapshot = (r: Before) => ({
  state: r.state,
  amount: formatCents(r.amountCents),
  reviewed_by: r.reviewedBy,
  note: r.reviewNote,
});

/** Each id once (in the order given), each reviewed in its own transaction with its audit row. */
async function eachInOwnTransaction(
  db: Db,
  actor: Actor,
  ids: readonly number[],
  target: { type: 'deposit' | 'withdrawal'; verb: Verb },
  review: Review,
): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const message = await inTransaction(db, async () => {
        const { before, orderNo, outcome: r } = await review(id);
        if (!r.ok) return r.message;
        await writeAudit(db, actor, {
          action: `${target.type}.${target.verb}`,
          targetType: target.type,
          targetId: id,
          before: { ...snapshot(before), order_no: orderNo },
          after: {
            state: r.state,
            amount: r.amount,
            reviewed_by: r.reviewedBy,
            note: r.note,
            order_no: orderNo,
          },
        });
        return '';
      });
      results.push({
        id,
        ok: message === '',
        message: message || (target.verb === 'approve' ? '已通过' : '已拒绝'),
      });
    } catch (err) {
      if (!(err instanceof BusinessError)) throw err;
      results.push({ id, ok: false, message: err.message });
    }
  }
  const done = results.filter((r) => r.ok).length;
  return { done, failed: results.length - done, results };
}

/** Bulk approval (`note` on each) or rejection (`reason` on each) of deposits. */
export function bulkReviewDeposits(
  db: Db,
  actor: Actor,
  input: { ids: readonly number[]; reason: string },
  verb: Verb,
): Promise<BulkResult> {
  return eachInOwnTransaction(db, actor, input.ids, { type: 'deposit', verb }, async (id) => {
    const before = await depositById(db, id);
    const outcome =
      verb === 'approve'
        ? await approveDeposit(db, before.depositNo, actor, input.reason)
        : await rejectDeposit(db, before.depositNo, actor, input.reason);
    return { before, orderNo: before.depositNo, outcome };
  });
}

/** Bulk payout (each under 风控's hold, separation, takeover holds, the daily total) or rejection. */
export function bulkReviewWithdrawals(
  db: Db,
  actor: Actor,
  input: { ids: readonly number[]; reason: string },
  verb: Verb,
): Promise<BulkResult> {
  return eachInOwnTransaction(db, actor, input.ids, { type: 'withdrawal', verb }, async (id) => {
    const before = await withdrawalById(db, id);
    const outcome =
      verb === 'approve'
        ? await approveWithdrawal(db, id, actor, input.reason)
        : await rejectWithdrawal(db, id, actor, input.reason);
    return { before, orderNo: before.orderNo, outcome };
  });
}
