/* The operator's side of deposits, whichever door asks (console, command line, the demo approver):
 * the review queue, approval and rejection. */
import { DEPOSIT_WINDOW_MINUTES } from '@app/contract/cashier';
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { pagedQuery } from '../../core/paging';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deposits } from '../../db/schema/money';
import { chargeDailyTotal } from '../approvals/controls';
import { addRequirement, WITHDRAW_FEE_MULTIPLIER } from '../wallet/turnover';
import { guardPlay, ProtectionRefusal } from '../protection/guard';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { claimFreeFor, claimRefusal } from './claims';
import { MSG_DEPOSIT_MISSING, WINDOW_MS } from './service';
import { alreadyReviewed, type QueueQuery } from './shared';

export type Deposit = typeof deposits.$inferSelect;

/** The deposit queue, the one query every door lists it with: each deposit and its member's name. */
export function depositQueue(db: Db, q: QueueQuery) {
  const where = q.state === null ? undefined : eq(deposits.state, q.state);
  const oldestFirst = q.order === 'review' && q.state === REVIEW_STATES.pending;
  const rows = db
    .select({ d: deposits, username: users.username })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(oldestFirst ? asc(deposits.createdAt) : desc(deposits.createdAt), desc(deposits.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(deposits, where), q, (r) => r);
}

/** The command line's deposit:list: the queue's newest `limit`, in its columns. */
export async function listDeposits(db: Db, state: number | null, limit: number) {
  const { items } = await depositQueue(db, { state, page: 1, pageSize: limit, order: 'newest' });
  return items.map(({ d, username }) => ({
    deposit_no: d.depositNo,
    username,
    paytype: d.protocol ? `${d.payType}-${d.protocol}` : d.payType,
    amount: formatCents(d.amountCents),
    state: d.state,
    created_at: formatDateTime(d.createdAt.getTime()),
    voucher: d.voucher,
  }));
}

/** One deposit, or 404 订单不存在. */
export async function depositById(db: Db, id: number): Promise<Deposit> {
  const [d] = await db.select().from(deposits).where(eq(deposits.id, id));
  if (!d) throw new BusinessError(MSG_DEPOSIT_MISSING, 404);
  return d;
}

export type ReviewOutcome =
  | {
      ok: true;
      id: number;
      depositNo: string;
      amount: string;
      state: number;
      reviewedBy: string;
      note: string;
    }
  | { ok: false; message: string };

/** Who reviews deposits that the demo approver (DEMO_AUTO_APPROVE_SECONDS) approves. */
export const AUTO_APPROVER: Actor = { operatorId: null, name: '自动审核', ip: '' };

const reviewedFields = { id: deposits.id, userId: deposits.userId, amount: deposits.amountCents };

/**
 * Approves a deposit: one transaction moves the amount from the deposits account to the central
 * wallet and grows paysum and the turnover requirement. Guarded (pending and within the window), so
 * two approvals at once credit once; the other is told who reviewed it and when. `actor` is recorded
 * as reviewed_by, `note` as review_note. An operator's approval counts toward its daily total
 * (chargeDailyTotal: a BusinessError above it, nothing credited).
 */
export function approveDeposit(db: Db, depositNo: string, actor: Actor, note = ''): Promise<ReviewOutcome> {
  return creditDeposit(db, depositNo, actor, note, { late: false });
}

/**
 * The credit of approveDeposit; `late` (补单, late.ts: a second operator approved it) skips the window
 * and the claim, never the pending guard, so it too credits once.
 */
export async function creditDeposit(
  db: Db,
  depositNo: string,
  actor: Actor,
  note: string,
  opts: { late: boolean },
): Promise<ReviewOutcome> {
  const at = now();
  const result = await db
    .transaction(async (tx) => {
      const [d] = await tx
        .update(deposits)
        .set({
          state: REVIEW_STATES.approved,
          reviewedAt: new Date(at),
          reviewedBy: actor.name,
          reviewNote: note,
        })
        .where(
          and(
            eq(deposits.depositNo, depositNo),
            eq(deposits.state, REVIEW_STATES.pending),
            opts.late ? undefined : gt(deposits.createdAt, new Date(at - WINDOW_MS)),
            opts.late ? undefined : claimFreeFor(deposits, actor, at),
          ),
        )
        .returning(reviewedFields);
      if (!d) return null;
      // The operator's daily total of approvals (approvals/controls.ts): refused above it, rolled back.
      await chargeDailyTotal(tx, actor, 'approve', d.amount);
      const wallet = await centralWalletId(tx, d.userId);
      await post(tx, {
        reason: 'deposit',
        reference: depositNo,
        legs: [
          { account: SYSTEM.deposits, cents: -d.amount },
          { wallet, cents: d.amount },
        ],
      });
      await tx
        .update(users)
        .set({ paysumCents: sql`${users.paysumCents} + ${d.amount}` })
        .where(eq(users.id, d.userId));
      await addRequirement(tx, d.userId, {
        source: 'deposit',
        cents: d.amount * BigInt(WITHDRAW_FEE_MULTIPLIER),
        base: d.amount,
        multiple: WITHDRAW_FEE_MULTIPLIER,
        reference: depositNo,
      });
      // 责任博彩: a member's break or deposit limit refuses the credit (it stays pending, to be rejected).
      await guardPlay(tx, d.userId, { kinds: ['deposit'], amount: d.amount, audience: 'operator' });
      return d;
    })
    .catch((err: unknown) => {
      if (err instanceof ProtectionRefusal) return err;
      throw err;
    });
  if (result instanceof ProtectionRefusal) return { ok: false, message: result.message };
  if (result === null)
    return { ok: false, message: await whyNot(db, depositNo, opts.late ? Number.NaN : at, actor) };
  const { id, amount } = result;
  const done = { id, depositNo, amount: formatCents(amount), reviewedBy: actor.name, note };
  return { ok: true, ...done, state: REVIEW_STATES.approved };
}

/** Rejects a pending deposit (nothing was credited); `reason` is recorded as review_note. */
export async function rejectDeposit(
  db: Db,
  depositNo: string,
  actor: Actor,
  reason = '',
): Promise<ReviewOutcome> {
  const at = now();
  const [d] = await db
    .update(deposits)
    .set({
      state: REVIEW_STATES.rejected,
      reviewedAt: new Date(at),
      reviewedBy: actor.name,
      reviewNote: reason,
    })
    .where(
      and(
        eq(deposits.depositNo, depositNo),
        eq(deposits.state, REVIEW_STATES.pending),
        claimFreeFor(deposits, actor, at),
      ),
    )
    .returning(reviewedFields);
  if (!d) return { ok: false, message: await whyNot(db, depositNo, Number.NaN, actor) };
  const done = { id: d.id, depositNo, amount: formatCents(d.amount), reviewedBy: actor.name, note: reason };
  return { ok: true, ...done, state: REVIEW_STATES.rejected };
}

async function whyNot(db: Db, depositNo: string, at: number, actor: Actor): Promise<string> {
  const [d] = await db.select().from(deposits).where(eq(deposits.depositNo, depositNo));
  if (!d) return MSG_DEPOSIT_MISSING;
  if (d.state !== REVIEW_STATES.pending) return alreadyReviewed('存款', d);
  const held = Number.isNaN(at) ? claimRefusal(d, actor) : claimRefusal(d, actor, at);
  if (held) return held;
  if (d.createdAt.getTime() <= at - WINDOW_MS) return `订单已超过${DEPOSIT_WINDOW_MINUTES}分钟，不能再通过`;
  return '订单状态已改变';
}

/** DEMO_AUTO_APPROVE_SECONDS: approves pending deposits older than `seconds` (guarded, multi-process safe). */
export async function autoApprove(db: Db, seconds: number): Promise<number> {
  const t = now();
  const due = await db
    .select({ no: deposits.depositNo })
    .from(deposits)
    .where(
      and(
        eq(deposits.state, REVIEW_STATES.pending),
        lt(deposits.createdAt, new Date(t - seconds * 1000)),
        gt(deposits.createdAt, new Date(t - WINDOW_MS)),
      ),
    )
    .limit(100);
  let n = 0;
  for (const d of due) if ((await approveDeposit(db, d.no, AUTO_APPROVER)).ok) n += 1;
  return n;
}
