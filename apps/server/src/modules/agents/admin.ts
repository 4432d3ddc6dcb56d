/* 代理管理 of the console, the reads: the agent tree a page at a time, plan templates as the console
 * shows them, and statements with whether a payment waits in 待复核. The writes are plans.ts and
 * payout.ts; the console's door (console/routes/agents.ts) only calls these. */
import type { AgentStatus, PlanKind, PlanPeriod, PlanTier } from '@app/contract/agent-plans';
import type { AgentView, PlanView, StatementView } from '@app/contract/console-agents';
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BusinessError } from '../../core/errors';
import { pagedQuery, type Page, type PageRequest } from '../../core/paging';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { agentStatements, agents, commissionPlans } from '../../db/schema/agents';
import { MSG_AGENT_MISSING, MSG_PLAN_MISSING, type PlanRow } from './plans';
import { effectiveStatus } from './tree';

const time = (d: Date) => formatDateTime(d.getTime());
/** A username prefix for LIKE, its wildcards escaped (as the member search does). */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/* The tree ------------------------------------------------------------------------------------------ */

const parentUser = alias(users, 'parent_user');

/** One query's columns for an AgentView: the agent, its name, parent, plan, members and sub-agents. */
function agentSelect(db: Db) {
  return db
    .select({
      a: agents,
      username: users.username,
      parentName: parentUser.username,
      planName: commissionPlans.name,
      // Correlated counts: columns spelt out with their tables (drizzle leaves them unqualified here).
      members: sql<number>`(select count(*)::int from users m where m.agent_id = agents.user_id and m.is_trial = 0)`,
      subAgents: sql<number>`(select count(*)::int from agents s where s.parent_id = agents.user_id)`,
    })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .leftJoin(parentUser, eq(parentUser.id, agents.parentId))
    .leftJoin(commissionPlans, eq(commissionPlans.id, agents.planId));
}
type AgentSelectRow = Awaited<ReturnType<ReturnType<typeof agentSelect>['execute']>>[number];

/** The row as the console shows it; its standing is the worst of its own and its uplines'. */
async function viewOf(db: Db, r: AgentSelectRow): Promise<AgentView> {
  const own = r.a.status as AgentStatus;
  return {
    id: r.a.userId,
    username: r.username,
    parent: r.a.parentId === null ? null : { id: r.a.parentId, username: r.parentName ?? '' },
    depth: r.a.depth,
    plan: r.a.planId === null ? null : { id: r.a.planId, name: r.planName ?? '' },
    status: own,
    effective_status: r.a.depth === 1 ? own : await effectiveStatus(db, r.a),
    members: Number(r.members),
    sub_agents: Number(r.subAgents),
    created_at: time(r.a.createdAt),
  };
}

/**
 * A page of the tree: `q` finds agents by a username prefix anywhere in it; else the sub-agents of
 * `parent_id`; else the top agents. Oldest first (ids ascend with approvals).
 */
export async function agentPage(
  db: Db,
  q: PageRequest & { q?: string | undefined; parent_id?: number | undefined },
): Promise<Page<AgentView>> {
  let where: SQL | undefined;
  if (q.q) where = sql`lower(${users.username}) like ${likePrefix(q.q)} escape '\\'`;
  else if (q.parent_id !== undefined) where = eq(agents.parentId, q.parent_id);
  else where = isNull(agents.parentId);
  const rows = agentSelect(db).where(where).orderBy(asc(agents.userId)).$dynamic();
  const total = db
    .select({ n: count() })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  const page = await pagedQuery(rows, total, q, (r) => r);
  const items: AgentView[] = [];
  for (const r of page.items) items.push(await viewOf(db, r));
  return { total: page.total, items };
}

/** One agent as the console shows it (404 when the member is no agent). */
export async function agentView(db: Db, id: number): Promise<AgentView> {
  const [row] = await agentSelect(db).where(eq(agents.userId, id));
  if (!row) throw new BusinessError(MSG_AGENT_MISSING, 404);
  return viewOf(db, row);
}

/* Plans --------------------------------------------------------------------------------------------- */

/** A template as the console shows it (thresholds as "12.34"; rates in basis points as stored). */
export function planViewOf(p: PlanRow, agentCount: number): PlanView {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind as PlanKind,
    period: p.period as PlanPeriod,
    active_min_deposit: formatCents(p.activeMinDepositCents),
    active_min_valid: formatCents(p.activeMinValidCents),
    tiers: (p.tiers as PlanTier[]).map((t) => ({ ...t, min_profit: formatCents(t.min_profit) })),
    deduct_rebates: p.deductRebates === 1,
    deduct_bonuses: p.deductBonuses === 1,
    deduct_red_packets: p.deductRedPackets === 1,
    fee_share: p.feeShareBp,
    turnover_rates: p.turnoverRates,
    turnover_multiple: p.turnoverMultiple,
    agents: agentCount,
    updated_at: time(p.updatedAt),
  };
}

const agentsOnPlan = sql<number>`(select count(*)::int from agents a where a.plan_id = commission_plans.id)`;

/** Every template, oldest first, with how many agents are on it. */
export async function planViews(db: Db): Promise<PlanView[]> {
  const rows = await db
    .select({ p: commissionPlans, n: agentsOnPlan })
    .from(commissionPlans)
    .orderBy(asc(commissionPlans.id));
  return rows.map((r) => planViewOf(r.p, Number(r.n)));
}

/** One template's view (after a save). */
export async function planView(db: Db, id: number): Promise<PlanView> {
  const [row] = await db
    .select({ p: commissionPlans, n: agentsOnPlan })
    .from(commissionPlans)
    .where(eq(commissionPlans.id, id));
  if (!row) throw new BusinessError(MSG_PLAN_MISSING, 404);
  return planViewOf(row.p, Number(row.n));
}

/* Statements ---------------------------------------------------------------------------------------- */

/**
 * A page of statements, newest period first, of one state and one agent when asked; `waiting`: a
 * payment of it is pending in 待复核 (approvals of kind agent.payStatement).
 */
export async function statementPage(
  db: Db,
  q: PageRequest & { state?: string | undefined; agent_id?: number | undefined },
): Promise<Page<StatementView>> {
  const where = and(
    q.state ? eq(agentStatements.state, q.state) : undefined,
    q.agent_id !== undefined ? eq(agentStatements.agentId, q.agent_id) : undefined,
  );
  const rows = db
    .select({
      s: agentStatements,
      username: users.username,
      planName: commissionPlans.name,
      planKind: commissionPlans.kind,
      waiting: sql<boolean>`exists (select 1 from approvals p where p.kind = 'agent.payStatement'
        and p.status = 'pending' and p.target_id = agent_statements.id::text)`,
    })
    .from(agentStatements)
    .innerJoin(users, eq(users.id, agentStatements.agentId))
    .innerJoin(commissionPlans, eq(commissionPlans.id, agentStatements.planId))
    .where(where)
    .orderBy(desc(agentStatements.periodStart), desc(agentStatements.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(agentStatements, where), q, (r) => ({
    id: r.s.id,
    agent: { id: r.s.agentId, username: r.username },
    plan: { id: r.s.planId, name: r.planName, kind: r.planKind as PlanKind },
    period_start: time(r.s.periodStart),
    period_end: time(r.s.periodEnd),
    state: r.s.state as StatementView['state'],
    payable: formatCents(r.s.payableCents),
    figures: r.s.figures,
    waiting: r.waiting === true || String(r.waiting) === 'true',
    paid_at: r.s.paidAt ? time(r.s.paidAt) : null,
    paid_by: r.s.paidBy,
  }));
}
