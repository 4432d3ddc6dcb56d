import type { PlanInput } from '@app/contract/agent-plans';
import { REBATE_CATEGORIES } from '@app/contract/enums';
import { cliActor } from '../../src/db/audit';
import { agentStatements } from '../../src/db/schema/agents';
import { createPlan } from '../../src/modules/agents/plans';
import { makeAgent } from '../../src/modules/agents/tree';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

let counter = 0;
const zero = () => Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, 0])) as PlanInput['turnover_rates'];

/** A turnover plan's fields under a fresh name (plan names are unique). */
export function samplePlan(): PlanInput {
  counter += 1;
  return {
    name: `样例方案${process.pid % 10000}-${counter}`,
    kind: 'turnover',
    period: 'daily',
    active_min_deposit: 0,
    active_min_valid: 0,
    tiers: [],
    deduct_rebates: true,
    deduct_bonuses: true,
    deduct_red_packets: true,
    fee_share: 0,
    turnover_rates: { ...zero(), realperson: 30 },
    turnover_multiple: 1,
  };
}

async function newAgent(t: TestApp): Promise<number> {
  const m = await t.newMember();
  await t.db.transaction((tx) => makeAgent(tx, m.id, null));
  return m.id;
}

/** A top agent on a new plan with one payable statement (a draft of 12.34), for 发放. */
async function draftStatement(t: TestApp): Promise<number> {
  const agentId = await newAgent(t);
  const plan = await createPlan(t.db, samplePlan(), cliActor());
  const start = Date.UTC(2026, 0, 1) + counter * 86_400_000;
  const [row] = await t.db
    .insert(agentStatements)
    .values({
      agentId,
      planId: plan.id,
      periodStart: new Date(start),
      periodEnd: new Date(start + 86_400_000),
      figures: {
        lines: [],
        members: 0,
        active: 0,
        net_loss: 0,
        rebates: 0,
        bonuses: 0,
        red_packets: 0,
        fees: 0,
        cost_share_bp: 0,
        costs_borne: 0,
        gross: 1234,
        tier: 0,
        carried_in: 0,
        result: 1234,
        payable: 1234,
        carry_out: 0,
        largest_member_bp: 0,
      },
      payableCents: 1234n,
      carryOutCents: 0n,
      state: 'draft',
      createdAt: new Date(),
    })
    .returning({ id: agentStatements.id });
  return row?.id ?? 0;
}

/** 代理管理: agents, plans and statements made fresh for every call. */
export const SAMPLES: ConsoleSamples = {
  consoleAgents: async () => ({ page: 1, pageSize: 20 }),
  consoleAgentPlans: async () => ({}),
  consoleAgentPlanSave: async () => samplePlan(),
  consoleAgentAssign: async (t) => ({
    id: await newAgent(t),
    plan_id: (await createPlan(t.db, samplePlan(), cliActor())).id,
  }),
  consoleAgentStatus: async (t) => ({ id: await newAgent(t), status: 'suspended', reason: '样例停用' }),
  consoleAgentStatements: async () => ({ state: 'draft' }),
  consoleAgentStatementPay: async (t) => ({ id: await draftStatement(t) }),
  consoleAgentReport: async () => ({ start_date: '2026-01-01', end_date: '2026-01-31' }),
};
