/* 补单: a pending deposit whose DEPOSIT_WINDOW_MINUTES ran out may still be credited, when one 财务
 * asks (with a reason, 待复核 'deposit.late') and a second approves: the credit of approveDeposit
 * without the window (same ledger legs, paysum, turnover requirement, the checker's daily total),
 * guarded on the pending state so it credits once whatever it races with. */
import type { ReviewTicket } from '@app/contract/console-approvals';
import { DEPOSIT_WINDOW_MINUTES } from '@app/contract/cashier';
import { formatCents } from '@app/contract/codecs';
import { MSG_LATE_NOT_EXPIRED, MSG_LATE_PENDING } from '@app/contract/console-queue';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor, AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { approvals } from '../../db/schema/approvals';
import { submitApproval, type Executor } from '../approvals/service';
import { claimRefusal } from './claims';
import { creditDeposit, depositById } from './review';
import { WINDOW_MS } from './service';
import { alreadyReviewed } from './shared';

/** The deposit's review note of a 补单: the maker's reason. */
export const lateNote = (reason: string) => `补单：${reason}`;

/**
 * Files a 补单 for a second 财务: only a pending deposit whose window ran out (else 订单未超时，请直接审核),
 * not held by another operator's claim, and not already waiting for a 补单 review.
 */
export async function requestLateDeposit(
  db: Db,
  maker: Actor,
  input: { id: number; reason: string },
  audit: (e: AuditEntry) => Promise<void>,
): Promise<ReviewTicket> {
  const d = await depositById(db, input.id);
  if (d.state !== REVIEW_STATES.pending) throw new BusinessError(alreadyReviewed('存款', d), 409);
  const at = now();
  if (d.createdAt.getTime() > at - WINDOW_MS) throw new BusinessError(MSG_LATE_NOT_EXPIRED);
  const held = claimRefusal(d, maker, at);
  if (held) throw new BusinessError(held, 409);
  const [waiting] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.kind, 'deposit.late'),
        eq(approvals.targetId, String(d.id)),
        eq(approvals.status, 'pending'),
      ),
    )
    .limit(1);
  if (waiting) throw new BusinessError(MSG_LATE_PENDING, 409);
  const [member] = await db.select({ username: users.username }).from(users).where(eq(users.id, d.userId));
  const late = Math.floor((at - d.createdAt.getTime()) / 60_000);
  return submitApproval(
    db,
    maker,
    {
      kind: 'deposit.late',
      targetType: 'deposit',
      targetId: d.id,
      payload: { id: d.id, depositNo: d.depositNo, reason: input.reason },
      summary: `补单：会员 ${member?.username ?? d.userId} 的存款 ${d.depositNo} ${formatCents(d.amountCents)} 元（已超过${DEPOSIT_WINDOW_MINUTES}分钟，共${late}分钟）`,
      reason: input.reason,
      cents: d.amountCents,
    },
    audit,
  );
}

/**
 * Runs an approved 补单: the deposit credited (the checker's approval, its daily total), its review
 * note the maker's reason; refused (the approval closes as 未能生效) when it is no longer pending.
 */
export const lateDepositExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const { id, depositNo, reason } = payload as { id: number; depositNo: string; reason: string };
  const by: Actor = { ...checker, name: `${maker.name}（复核：${checker.name}）` };
  const r = await creditDeposit(db, depositNo, by, lateNote(reason), { late: true });
  if (!r.ok) throw new BusinessError(r.message, 409);
  await audit({
    action: 'deposit.late',
    targetType: 'deposit',
    targetId: id,
    after: {
      order_no: depositNo,
      amount: r.amount,
      state: r.state,
      reason,
      approval_id: row.id,
      maker_name: maker.name,
      checker_name: checker.name,
    },
  });
  return { result: `已补单：存款 ${depositNo} ${r.amount} 元已入账` };
};
