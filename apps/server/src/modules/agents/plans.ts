/* Commission plan templates, and what 运营 does to an agent with them: assign a plan, suspend or
 * freeze (the sub-tree follows through effectiveStatus). Every door (console, command line) calls these. */
import type { AgentStatus, PlanInput } from '@app/contract/agent-plans';
import { asc, desc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { pgErrorCode, UNIQUE_VIOLATION, type Db } from '../../db/client';
import type { Actor } from '../../db/audit';
import { agentStatements, agents, commissionPlans } from '../../db/schema/agents';
import { periodAround } from './settle-rules';
import { agentRow } from './tree';

export const MSG_PLAN_NAME_TAKEN = '方案名称已存在';
export const MSG_PLAN_MISSING = '方案不存在';
export const MSG_AGENT_MISSING = '代理不存在';

export type PlanRow = typeof commissionPlans.$inferSelect;

function planValues(p: PlanInput) {
  return {
    name: p.name,
    kind: p.kind,
    period: p.period,
    activeMinDepositCents: BigInt(p.active_min_deposit),
    activeMinValidCents: BigInt(p.active_min_valid),
    tiers: p.tiers,
    deductRebates: p.deduct_rebates ? 1 : 0,
    deductBonuses: p.deduct_bonuses ? 1 : 0,
    deductRedPackets: p.deduct_red_packets ? 1 : 0,
    feeShareBp: p.fee_share,
    turnoverRates: p.turnover_rates,
    turnoverMultiple: p.turnover_multiple,
  };
}

const nameTaken = (err: unknown) => {
  if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new BusinessError(MSG_PLAN_NAME_TAKEN, 409);
  throw err;
};

export async function createPlan(db: Db, p: PlanInput, actor: Actor): Promise<PlanRow> {
  const at = new Date(now());
  const [row] = await db
    .insert(commissionPlans)
    .values({ ...planValues(p), createdBy: actor.name, createdAt: at, updatedAt: at })
    .returning()
    .catch(nameTaken);
  if (!row) throw new Error('plan insert returned no row');
  return row;
}

/** A template's change reaches every agent on it from the next statement built (built ones stay). */
export async function updatePlan(
  db: Db,
  id: number,
  p: PlanInput,
): Promise<{ before: PlanRow; after: PlanRow }> {
  const before = await planRow(db, id);
  const [after] = await db
    .update(commissionPlans)
    .set({ ...planValues(p), updatedAt: new Date(now()) })
    .where(eq(commissionPlans.id, id))
    .returning()
    .catch(nameTaken);
  if (!after) throw new BusinessError(MSG_PLAN_MISSING, 404);
  return { before, after };
}

export async function planRow(db: Db, id: number): Promise<PlanRow> {
  const [row] = await db.select().from(commissionPlans).where(eq(commissionPlans.id, id));
  if (!row) throw new BusinessError(MSG_PLAN_MISSING, 404);
  return row;
}

export const listPlans = (db: Db) => db.select().from(commissionPlans).orderBy(asc(commissionPlans.id));

/**
 * Assigns a plan: settled from the start of the new plan's period containing now, or, for an agent
 * settled before, from the end of its last statement (so no stretch of time is settled twice or
 * never). Answers the agent before and after for the audit.
 */
export async function assignPlan(db: Db, agentId: number, planId: number) {
  const plan = await planRow(db, planId);
  return db.transaction(async (tx) => {
    const before = await agentRow(tx, agentId);
    if (!before) throw new BusinessError(MSG_AGENT_MISSING, 404);
    const [last] = await tx
      .select({ end: agentStatements.periodEnd })
      .from(agentStatements)
      .where(eq(agentStatements.agentId, agentId))
      .orderBy(desc(agentStatements.periodEnd))
      .limit(1);
    const settledFrom = last
      ? last.end
      : new Date(periodAround(plan.period as PlanInput['period'], now()).start);
    const [after] = await tx
      .update(agents)
      .set({ planId, settledFrom })
      .where(eq(agents.userId, agentId))
      .returning();
    return { before, after: after ?? before, plan };
  });
}

export async function setAgentStatus(db: Db, agentId: number, status: AgentStatus) {
  const before = await agentRow(db, agentId);
  if (!before) throw new BusinessError(MSG_AGENT_MISSING, 404);
  await db.update(agents).set({ status }).where(eq(agents.userId, agentId));
  return { before: before.status, after: status };
}
