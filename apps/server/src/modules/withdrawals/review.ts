import { formatCents, formatDateTime } from '@app/contract/codecs';
import { MSG_SEPARATION, SEPARATION_DAYS } from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { DAY_MS, now } from '../../core/clock';
import { pagedQuery } from '../../core/paging';
import type { Actor } from '../../db/audit';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { cards, withdrawals } from '../../db/schema/money';
import { auditLog } from '../../db/schema/operators';
import { activityApplications } from '../../db/schema/promo';
import { alreadyReviewed, type QueueQuery } from '../cashier/shared';
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

/**
 * Why this operator may not approve a withdrawal of this member (SEPARATION_DAYS): it adjusted the
 * member's balance, approved a bonus of theirs or reset a password of theirs lately; else null. The
 * audit rows it reads are written in the transactions of those changes. The command line (no
 * operator) is the machine's owner and is not held here.
 */
async function separationRefusal(db: Db, actor: Actor, userId: number): Promise<string | null> {
  if (actor.operatorId === null) return null;
  const since = new Date(now() - SEPARATION_DAYS * DAY_MS);
  const touched = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.operatorId, actor.operatorId),
        eq(auditLog.targetType, 'member'),
        eq(auditLog.targetId, String(userId)),
        inArray(auditLog.action, ['member.adjust', 'member.resetPassword', 'member.resetPayPassword']),
        gt(auditLog.at, since),
      ),
    );
  if (touched.some((r) => r.action === 'member.adjust')) return MSG_SEPARATION.adjusted;
  if (touched.length > 0) return MSG_SEPARATION.reset;
  const [bonus] = await db
    .select({ id: activityApplications.id })
    .from(activityApplications)
    .where(
      and(
        eq(activityApplications.userId, userId),
        eq(activityApplications.state, REVIEW_STATES.approved),
        eq(activityApplications.reviewedBy, actor.name),
        gt(activityApplications.reviewedAt, since),
      ),
    )
    .limit(1);
  return bonus ? MSG_SEPARATION.bonus : null;
}

/** Approve: the money leaves (in review → paid); turnover is not touched (turnover.ts). */
export async function approveWithdrawal(
  db: Db,
  id: number,
  actor: Actor,
  note = '',
): Promise<WithdrawalOutcome> {
  const [pending] = await db
    .select({ userId: withdrawals.userId })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.state, REVIEW_STATES.pending)));
  const refusal = pending ? await separationRefusal(db, actor, pending.userId) : null;
  if (refusal) return { ok: false, message: refusal };
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

/**
 * The withdrawal queue, the one query every door lists it with: each withdrawal, its member's name
 * and the bank of its card (bank withdrawals).
 */
export function withdrawalQueue(db: Db, q: QueueQuery) {
  const where = q.state === null ? undefined : eq(withdrawals.state, q.state);
  const oldestFirst = q.order === 'review' && q.state === REVIEW_STATES.pending;
  const rows = db
    .select({ w: withdrawals, username: users.username, bank: cards.bank })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(cards, eq(cards.id, withdrawals.cardId))
    .where(where)
    .orderBy(oldestFirst ? asc(withdrawals.createdAt) : desc(withdrawals.createdAt), desc(withdrawals.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(withdrawals, where), q, (r) => r);
}

/** The command line's withdrawal:list: the queue's newest `limit`, in its columns. */
export async function listWithdrawals(db: Db, state: number | null, limit: number) {
  const { items } = await withdrawalQueue(db, { state, page: 1, pageSize: limit, order: 'newest' });
  return items.map(({ w, username }) => ({
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
