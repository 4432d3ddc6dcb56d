import { formatCents, formatDateTime } from '@app/contract/codecs';
import { MSG_SEPARATION, SEPARATION_DAYS } from '@app/contract/console-money';
import { msgWithdrawalHeld } from '@app/contract/withdrawal-review';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, count, desc, eq, gt, gte, inArray, like, lt, lte, max, type SQL } from 'drizzle-orm';
import { addDays, DAY_MS, dayStartOf, now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { pagedQuery } from '../../core/paging';
import type { Actor } from '../../db/audit';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { cards, withdrawals } from '../../db/schema/money';
import { auditLog } from '../../db/schema/operators';
import { approvals } from '../../db/schema/approvals';
import { activityApplications } from '../../db/schema/promo';
import { chargeDailyTotal } from '../approvals/controls';
import { claimRefusal } from '../cashier/claims';
import { alreadyReviewed, type QueueQuery } from '../cashier/shared';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { holdsOf, holdsOnWire } from './hold';
import { assertRiskCleared } from '../risk/withdrawal-risk';

export const MSG_WITHDRAWAL_MISSING = '提现订单不存在';

/* The operator's side of withdrawals: the review queue, approval and rejection. */

export type WithdrawalOutcome =
  | { ok: true; id: number; orderNo: string; amount: string; state: number; reviewedBy: string; note: string }
  | { ok: false; message: string };

type Withdrawal = typeof withdrawals.$inferSelect;

/**
 * Moves a pending withdrawal to `state` and, in the same transaction, its money (`settle`). The row is
 * locked FOR UPDATE first and `check` runs under the lock (a refusal, or a BusinessError that rolls the
 * transaction back), so nothing it reads can change between the check and the review; two reviews at
 * once settle once, the loser is told who reviewed it and when.
 */
async function review(
  db: Db,
  id: number,
  state: typeof REVIEW_STATES.approved | typeof REVIEW_STATES.rejected,
  by: { actor: Actor; note: string },
  settle: (tx: Tx, w: Withdrawal, at: Date) => Promise<void>,
  check: (tx: Tx, w: Withdrawal) => Promise<string | null> = async () => null,
): Promise<WithdrawalOutcome> {
  const at = new Date(now());
  const done = await db.transaction(async (tx): Promise<{ w: Withdrawal } | { refusal: string } | null> => {
    const [locked] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, REVIEW_STATES.pending)))
      .for('update');
    if (!locked) return null;
    const refusal = claimRefusal(locked, by.actor, at.getTime()) ?? (await check(tx, locked));
    if (refusal !== null) return { refusal };
    const [w] = await tx
      .update(withdrawals)
      .set({ state, reviewedAt: at, reviewedBy: by.actor.name, reviewNote: by.note })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.state, REVIEW_STATES.pending)))
      .returning();
    if (!w) return null;
    await settle(tx, w, at);
    return { w };
  });
  if (done === null) return { ok: false, message: await whyNot(db, id) };
  if ('refusal' in done) return { ok: false, message: done.refusal };
  const { w } = done;
  const amount = formatCents(w.amountCents);
  return { ok: true, id, orderNo: w.orderNo, amount, state, reviewedBy: by.actor.name, note: by.note };
}

/**
 * Why this operator may not approve a withdrawal of this member (SEPARATION_DAYS): it adjusted the
 * member's balance, approved a bonus of theirs or reset a password of theirs lately; else null. The
 * audit rows it reads are written in the transactions of those changes. The command line (no
 * operator) is the machine's owner and is not held here.
 */
async function separationRefusal(db: Db | Tx, actor: Actor, userId: number): Promise<string | null> {
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
  // An adjustment it asked for and another operator approved (the audit row is the checker's).
  const [asked] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.makerId, actor.operatorId),
        eq(approvals.kind, 'member.adjust'),
        eq(approvals.targetId, String(userId)),
        eq(approvals.status, 'approved'),
        gt(approvals.checkedAt, since),
      ),
    )
    .limit(1);
  if (asked) return MSG_SEPARATION.adjusted;
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

/**
 * What an operator's approval checks under the withdrawal's lock: separation of duties (a refusal,
 * 409), the account-takeover holds (hold.ts, 400), 风控's hold on a risky one (400), then the operator's daily total of approvals (400
 * above it). The command line (no operator) is the machine's owner: none of them apply.
 */
async function approvalRefusal(tx: Tx, actor: Actor, w: Withdrawal): Promise<string | null> {
  if (actor.operatorId === null) return null;
  const refusal = await separationRefusal(tx, actor, w.userId);
  if (refusal) return refusal;
  const holds = (await holdsOf(tx, [w])).get(w.id);
  if (holds) throw new BusinessError(msgWithdrawalHeld(holdsOnWire(holds)), 400);
  await assertRiskCleared(tx, w);
  await chargeDailyTotal(tx, actor, 'approve', w.amountCents);
  return null;
}

/** Approve: the money leaves (in review → paid); turnover is not touched (turnover.ts). */
export function approveWithdrawal(db: Db, id: number, actor: Actor, note = ''): Promise<WithdrawalOutcome> {
  const settle = async (tx: Tx, w: Withdrawal, at: Date) => {
    await post(tx, {
      reason: 'withdrawal_paid',
      reference: w.orderNo,
      legs: [
        { account: SYSTEM.withdrawalsInReview, cents: -w.amountCents },
        { account: SYSTEM.withdrawalsPaid, cents: w.amountCents },
      ],
    });
    await tx.update(users).set({ lastWithdrawalAt: at }).where(eq(users.id, w.userId));
  };
  return review(db, id, REVIEW_STATES.approved, { actor, note }, settle, (tx, w) =>
    approvalRefusal(tx, actor, w),
  );
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

/** The console queue's filters (contract withdrawal-review.ts), each null when not given; names and
 * the order number match from their start. */
export interface WithdrawalFilters {
  username: string | null;
  realname: string | null;
  order_no: string | null;
  kind: string | null;
  /** Cents. */
  min_amount: number | null;
  max_amount: number | null;
  /** Beijing days, both included. */
  from: string | null;
  to: string | null;
}

/** A LIKE pattern of what starts with `text` (its own % _ \\ taken literally). */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filtered(state: number | null, f: Partial<WithdrawalFilters>): SQL | undefined {
  return and(
    state === null ? undefined : eq(withdrawals.state, state),
    f.username ? like(users.username, prefix(f.username)) : undefined,
    f.realname ? like(users.realname, prefix(f.realname)) : undefined,
    f.order_no ? like(withdrawals.orderNo, prefix(f.order_no)) : undefined,
    f.kind ? eq(withdrawals.kind, f.kind) : undefined,
    f.min_amount != null ? gte(withdrawals.amountCents, BigInt(f.min_amount)) : undefined,
    f.max_amount != null ? lte(withdrawals.amountCents, BigInt(f.max_amount)) : undefined,
    f.from ? gte(withdrawals.createdAt, new Date(dayStartOf(f.from))) : undefined,
    f.to ? lt(withdrawals.createdAt, new Date(dayStartOf(addDays(f.to, 1)))) : undefined,
  );
}

/**
 * The withdrawal queue, the one query every door lists it with: each withdrawal, its member's name
 * and the bank of its card (bank withdrawals), filtered by `filters` (the console's).
 */
export function withdrawalQueue(db: Db, q: QueueQuery, filters: Partial<WithdrawalFilters> = {}) {
  const where = filtered(q.state, filters);
  const oldestFirst = q.order === 'review' && q.state === REVIEW_STATES.pending;
  const rows = db
    .select({ w: withdrawals, username: users.username, bank: cards.bank })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(cards, eq(cards.id, withdrawals.cardId))
    .where(where)
    .orderBy(oldestFirst ? asc(withdrawals.createdAt) : desc(withdrawals.createdAt), desc(withdrawals.id))
    .$dynamic();
  const total = db
    .select({ n: count() })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .then(([r]) => r?.n ?? 0);
  return pagedQuery(rows, total, q, (r) => r);
}

/** The newest pending withdrawal's id (0 when none): the console's queue beeps when it grows. */
export async function newestPendingId(db: Db): Promise<number> {
  const [r] = await db
    .select({ id: max(withdrawals.id) })
    .from(withdrawals)
    .where(eq(withdrawals.state, REVIEW_STATES.pending));
  return r?.id ?? 0;
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
