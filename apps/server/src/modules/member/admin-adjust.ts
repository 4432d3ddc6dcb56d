/* A balance adjustment from the console: small ones with turnover apply at once; one above the review
 * amount, or a credit without turnover, waits in 待复核 for a second 财务 (or 超级管理员). Either way the
 * maker's daily total is charged when the money moves, and the checker's approval total too. */
import { formatCents } from '@app/contract/codecs';
import type { ReviewTicket } from '@app/contract/console-approvals';
import type { Actor, AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { chargeDailyTotal, getControls } from '../approvals/controls';
import { fileForReview, type Executor } from '../approvals/service';
import { adjustBalance, type AdjustInput, type AdjustOutcome, type AdjustReply } from './admin-actions';
import { memberRow } from './admin-page';

type Audit = (e: AuditEntry) => Promise<void>;

/** Whether this adjustment needs a second operator. */
export async function adjustNeedsReview(db: Db, input: AdjustInput): Promise<boolean> {
  const controls = await getControls(db);
  return (
    BigInt(input.amount) > controls.adjustReviewAboveCents ||
    (input.direction === 'credit' && !input.turnover)
  );
}

async function summaryOf(db: Db, input: AdjustInput): Promise<string> {
  const u = await memberRow(db, input.id);
  const verb = input.direction === 'credit' ? '加款' : '扣款';
  const turnover = input.direction === 'credit' ? (input.turnover ? '（计入打码量）' : '（不计打码量）') : '';
  return `给会员 ${u.username} ${verb} ${formatCents(BigInt(input.amount))}${turnover}`;
}

/** The audit row of an adjustment that moved money (or its replay, which moved nothing). */
async function auditAdjust(
  audit: Audit,
  input: AdjustInput,
  r: AdjustOutcome,
  extra: Record<string, unknown> = {},
) {
  if (r.replayed) {
    await audit({
      action: 'member.adjustReplay',
      targetType: 'member',
      targetId: input.id,
      after: { request_id: input.request_id, reply: r.reply },
    });
    return;
  }
  await audit({
    action: 'member.adjust',
    targetType: 'member',
    targetId: input.id,
    before: r.before,
    after: {
      direction: input.direction,
      amount: r.reply.amount,
      reason: input.reason,
      turnover: input.turnover,
      request_id: input.request_id,
      balance: r.reply.balance,
      turnover_required: r.reply.turnover_required,
      ...extra,
    },
  });
}

/**
 * The console's 调整余额: the adjustment's reply, or the ticket of the 待复核 item it filed (the member
 * sees nothing until it is approved). Every refusal the adjustment would give is given now.
 */
export async function requestAdjustment(
  db: Db,
  maker: Actor,
  input: AdjustInput,
  audit: Audit,
): Promise<AdjustReply | ReviewTicket> {
  if (await adjustNeedsReview(db, input)) {
    return fileForReview(
      db,
      maker,
      {
        kind: 'member.adjust',
        targetType: 'member',
        targetId: input.id,
        payload: input,
        summary: await summaryOf(db, input),
        reason: input.reason,
        cents: BigInt(input.amount),
        requestId: input.request_id,
        check: () => adjustBalance(db, maker, input),
      },
      audit,
    );
  }
  const r = await adjustBalance(db, maker, input);
  if (!r.replayed) await chargeDailyTotal(db, maker, 'adjust', BigInt(input.amount));
  await auditAdjust(audit, input, r);
  return r.reply;
}

/** Runs an approved adjustment: claimed under the maker's request id, so it moves money once. */
export const adjustExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const input = payload as AdjustInput;
  const cents = BigInt(input.amount);
  await chargeDailyTotal(db, maker, 'adjust', cents);
  await chargeDailyTotal(db, checker, 'approve', cents);
  const r = await adjustBalance(db, { ...maker, name: `${maker.name}（复核：${checker.name}）` }, input);
  await auditAdjust(audit, input, r, {
    approval_id: row.id,
    maker_name: maker.name,
    checker_name: checker.name,
  });
  return { result: `已入账，中心钱包余额 ${r.reply.balance}` };
};
