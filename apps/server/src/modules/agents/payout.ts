/* Paying a statement: one 财务 asks, a second approves (待复核); the approval pays in one transaction:
 * the statement marked paid (guarded, so it is paid once), one ledger movement from the commissions
 * account to the agent's central wallet, and its turnover requirement. A frozen agent is not paid. */
import type { ReviewTicket } from '@app/contract/console-approvals';
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { and, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor, AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { agentStatements, commissionPlans } from '../../db/schema/agents';
import { approvals } from '../../db/schema/approvals';
import { chargeDailyTotal } from '../approvals/controls';
import { submitApproval, type Executor } from '../approvals/service';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { addRequirement } from '../wallet/turnover';
import { agentRow, effectiveStatus } from './tree';

export const MSG_STATEMENT_MISSING = '账单不存在';
export const MSG_STATEMENT_NOT_PAYABLE = '该账单没有待发放的佣金';
export const MSG_STATEMENT_PAID = '该账单已发放';
export const MSG_STATEMENT_WAITING = '该账单已提交复核，请等待复核';
export const MSG_AGENT_FROZEN = '该代理已冻结，不能发放佣金';

/** The statement; `lock`: held until the caller's transaction ends (two requests at once take turns). */
async function statementRow(db: Db, id: number, lock = false) {
  const query = db.select().from(agentStatements).where(eq(agentStatements.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new BusinessError(MSG_STATEMENT_MISSING, 404);
  return row;
}

/**
 * Files a statement's payment for a second 财务: one waiting per statement, the statement locked so
 * that two asking at once (in their calls' transactions) file one.
 */
export async function requestStatementPayment(
  db: Db,
  maker: Actor,
  input: { id: number; request_id?: string | undefined },
  audit: (e: AuditEntry) => Promise<void>,
): Promise<ReviewTicket> {
  const s = await statementRow(db, input.id, true);
  if (s.state === 'paid') throw new BusinessError(MSG_STATEMENT_PAID, 409);
  if (s.state !== 'draft' || s.payableCents <= 0n) throw new BusinessError(MSG_STATEMENT_NOT_PAYABLE, 409);
  const agent = await agentRow(db, s.agentId);
  if (!agent || (await effectiveStatus(db, agent)) === 'frozen')
    throw new BusinessError(MSG_AGENT_FROZEN, 409);
  const [waiting] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.kind, 'agent.payStatement'),
        eq(approvals.targetId, String(s.id)),
        eq(approvals.status, 'pending'),
      ),
    )
    .limit(1);
  if (waiting) throw new BusinessError(MSG_STATEMENT_WAITING, 409);
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, s.agentId));
  const period = `${formatDateTime(s.periodStart.getTime()).slice(0, 10)} 至 ${formatDateTime(s.periodEnd.getTime() - 1000).slice(0, 10)}`;
  return submitApproval(
    db,
    maker,
    {
      kind: 'agent.payStatement',
      targetType: 'agentStatement',
      targetId: s.id,
      payload: { id: s.id },
      summary: `发放代理 ${u?.username ?? s.agentId} 的佣金 ${formatCents(s.payableCents)} 元（${period}）`,
      cents: s.payableCents,
      ...(input.request_id ? { requestId: input.request_id } : {}),
    },
    audit,
  );
}

/** Pays an approved statement: once, in one transaction, with the plan's turnover multiple. */
export const payStatementExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const { id } = payload as { id: number };
  const s = await statementRow(db, id);
  const agent = await agentRow(db, s.agentId);
  if (!agent || (await effectiveStatus(db, agent)) === 'frozen')
    throw new BusinessError(MSG_AGENT_FROZEN, 409);
  const [plan] = await db
    .select({ multiple: commissionPlans.turnoverMultiple })
    .from(commissionPlans)
    .where(eq(commissionPlans.id, s.planId));
  const multiple = plan?.multiple ?? 1;
  await chargeDailyTotal(db, checker, 'approve', s.payableCents);
  const paidBy = `${maker.name}（复核：${checker.name}）`;
  const txId = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(agentStatements)
      .set({ state: 'paid', paidAt: new Date(now()), paidBy })
      .where(and(eq(agentStatements.id, id), eq(agentStatements.state, 'draft')))
      .returning({ cents: agentStatements.payableCents });
    if (!claimed) throw new BusinessError(MSG_STATEMENT_PAID, 409);
    const reference = `agent_statement:${id}`;
    const moved = await post(tx, {
      reason: 'commission',
      reference,
      legs: [
        { account: SYSTEM.commissions, cents: -claimed.cents },
        { wallet: await centralWalletId(tx, s.agentId), cents: claimed.cents },
      ],
    });
    await addRequirement(tx, s.agentId, {
      source: 'commission',
      cents: claimed.cents * BigInt(multiple),
      base: claimed.cents,
      multiple,
      reference,
    });
    await tx.update(agentStatements).set({ paidTx: moved }).where(eq(agentStatements.id, id));
    return moved;
  });
  await audit({
    action: 'agent.payStatement',
    targetType: 'agentStatement',
    targetId: id,
    after: {
      agent_id: s.agentId,
      amount: formatCents(s.payableCents),
      turnover_multiple: multiple,
      tx_id: txId,
      approval_id: row.id,
      maker_name: maker.name,
      checker_name: checker.name,
    },
  });
  return { result: `已发放佣金 ${formatCents(s.payableCents)} 元` };
};
