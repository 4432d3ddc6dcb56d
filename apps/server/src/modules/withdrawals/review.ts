import { formatCents, formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, desc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Actor } from '../../db/audit';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { withdrawals } from '../../db/schema/money';
import { alreadyReviewed } from '../cashier/service';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';

export const MSG_WITHDRAWAL_MISSING = '提现订单不存在';

/* The operator's side of withdrawals: the review queue, approval and rejection. */

export type WithdrawalOutcome =
  | { ok: true; id: number; orderNo: string; amount: string; state: number; reviewedBy: string; note: string }
  | { ok: false; message: string };

type Withdrawal = typeof withdrawals.$inferSelect;

/**
 * Moves a pending withdrawal to `state` and, in the same transaction, its money (`settle`). Guarded on
 * the pending state, so two reviews at once settle once; the loser is told who reviewed it and when.
 */
async function review(
  db: Db,
  id: number,
  state: typeof REVIEW_STATES.approved | typeof REVIEW_STATES.rejected,
  by: { actor: Actor; note: string },
  settle: (tx: Tx, w: Withdrawal, at: Date) => Promise<void>,
): Promise<WithdrawalOutcome> {
  const at = new Date(now());
  const done = await db.transaction(async (tx) => {
    const [w] = await tx
      .update(withdrawals)
      .set({ state, reviewedAt: at, reviewedBy: by.actor.name, reviewNote: by.note })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, REVIEW_STATES.pending)))
      .returning();
    if (!w) return null;
    await settle(tx, w, at);
    return w;
  });
  if (done === null) return { ok: false, message: await whyNot(db, id) };
  const amount = formatCents(done.amountCents);
  return { ok: true, id, orderNo: done.orderNo, amount, state, reviewedBy: by.actor.name, note: by.note };
}

/** Approve: the money leaves (in review → paid); turnover is not touched (turnover.ts). */
export function approveWithdrawal(db: Db, id: number, actor: Actor, note = ''): Promise<WithdrawalOutcome> {
  return review(db, id, REVIEW_STATES.approved, { actor, note }, async (tx, w, at) => {
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

/** Reject: the whole amount returns to the central wallet; `reason` is recorded as review_note. */
export function rejectWithdrawal(db: Db, id: number, actor: Actor, reason = ''): Promise<WithdrawalOutcome> {
  return review(db, id, REVIEW_STATES.rejected, { actor, note: reason }, async (tx, w) => {
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
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) return MSG_WITHDRAWAL_MISSING;
  return alreadyReviewed('提现', w);
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
