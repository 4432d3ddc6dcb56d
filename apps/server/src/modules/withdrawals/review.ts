import { formatCents, formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, desc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { withdrawals } from '../../db/schema/money';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';

/* The operator's side of withdrawals: the review queue, approval and rejection. */

export type WithdrawalOutcome = { ok: true; id: number; amount: string } | { ok: false; message: string };

type Withdrawal = typeof withdrawals.$inferSelect;

/**
 * Moves a pending withdrawal to `state` and, in the same transaction, its money (`settle`). Guarded on
 * the pending state, so two reviews at once settle once; the loser is told why (whyNot).
 */
async function review(
  db: Db,
  id: number,
  state: typeof REVIEW_STATES.approved | typeof REVIEW_STATES.rejected,
  settle: (tx: Tx, w: Withdrawal, at: Date) => Promise<void>,
): Promise<WithdrawalOutcome> {
  const at = new Date(now());
  const done = await db.transaction(async (tx) => {
    const [w] = await tx
      .update(withdrawals)
      .set({ state, reviewedAt: at })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, REVIEW_STATES.pending)))
      .returning();
    if (!w) return null;
    await settle(tx, w, at);
    return w.amountCents;
  });
  return done === null
    ? { ok: false, message: await whyNot(db, id) }
    : { ok: true, id, amount: formatCents(done) };
}

/** Approve: the money leaves (in review → paid); turnover is not touched (turnover.ts). */
export function approveWithdrawal(db: Db, id: number): Promise<WithdrawalOutcome> {
  return review(db, id, REVIEW_STATES.approved, async (tx, w, at) => {
    await post(tx, {
      reason: 'withdrawal_paid',
      reference: w.orderNo,
      legs: [
        { account: SYSTEM.withdrawalsInReview, cents: -w.amountCents },
        { account: SYSTEM.withdrawalsPaid, cents: w.amountCents },
      ],
    });
    await tx.update(users).set({ lastWithdrawalAt: at }).where(eq(users.id, w.userId));
  });
}

/** Reject: the whole amount returns to the central wallet. */
export function rejectWithdrawal(db: Db, id: number): Promise<WithdrawalOutcome> {
  return review(db, id, REVIEW_STATES.rejected, async (tx, w) => {
    const wallet = await centralWalletId(tx, w.userId);
    await post(tx, {
      reason: 'withdrawal_reject',
      reference: w.orderNo,
      legs: [
        { account: SYSTEM.withdrawalsInReview, cents: -w.amountCents },
        { wallet, cents: w.amountCents },
      ],
    });
  });
}

async function whyNot(db: Db, id: number): Promise<string> {
  const [w] = await db.select({ state: withdrawals.state }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) return '提现订单不存在';
  return w.state === REVIEW_STATES.approved ? '该提现已通过' : '该提现已被拒绝';
}

/** The review queue (`state` null: every state), newest first. */
export async function listWithdrawals(db: Db, state: number | null, limit: number) {
  const rows = await db
    .select({ w: withdrawals, username: users.username })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(state === null ? undefined : eq(withdrawals.state, state))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
  return rows.map(({ w, username }) => ({
    id: w.id,
    order_no: w.orderNo,
    username,
    kind: w.kind,
    amount: formatCents(w.amountCents),
    account: w.account,
    name: w.accountName,
    usdt: w.kind === 'usdt' ? formatCents(w.receiveCents) : '',
    state: w.state,
    created_at: formatDateTime(w.createdAt.getTime()),
  }));
}
