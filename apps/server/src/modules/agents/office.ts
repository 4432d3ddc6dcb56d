/* The agent back office (contract agent-office.ts): what an agent sees of its own plan, statements
 * and sub-agents. Every call first asks officeAgent (not an agent, or frozen: 403); nothing here
 * reaches past the agent's own tree. The downline and the team report are in office-downline.ts. */
import { MSG_SUB_RATES, type agentOverview, type agentSubAgentRates } from '@app/contract/agent-office';
import type {
  AgentStatus,
  CategoryRates,
  PlanKind,
  PlanPeriod,
  StatementFigures,
  StatementState,
} from '@app/contract/agent-plans';
import { formatCents, formatDateTime } from '@app/contract/codecs';
import type { ReplyOf } from '@app/contract/define';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { beijingDayStart, now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { pageOf, pageOffset } from '../../core/paging';
import { rowsOf, type Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { agentStatements, agents, commissionPlans } from '../../db/schema/agents';
import { officeAgent } from './office-access';
import { periodAround } from './settle-rules';
import { figuresOf, type PlanRow } from './statements';
import { effectiveRates, ratesWithin, type AgentRow } from './tree';

export const OFFICE_PAGE = 20;
export const MSG_SUB_AGENT_MISSING = '下级代理不存在';

const STATUS_RANK: Record<AgentStatus, number> = { active: 0, suspended: 1, frozen: 2 };
const worse = (a: AgentStatus, b: AgentStatus) => (STATUS_RANK[a] >= STATUS_RANK[b] ? a : b);
const at = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

/** Where this period's estimate starts: the plan's period, or later when settling began or last ended later. */
async function estimateStart(db: Db, agent: AgentRow, periodStart: number): Promise<number> {
  const [last] = await db
    .select({ end: agentStatements.periodEnd })
    .from(agentStatements)
    .where(eq(agentStatements.agentId, agent.userId))
    .orderBy(desc(agentStatements.periodEnd))
    .limit(1);
  return Math.max(periodStart, agent.settledFrom?.getTime() ?? 0, last?.end.getTime() ?? 0);
}

/** Members of level 1, sub-agents, the whole team and its members who joined today (Beijing). */
async function headcounts(db: Db, agent: AgentRow) {
  const team = `${agent.path}%`;
  const today = new Date(beijingDayStart(now())).toISOString();
  const [row] = rowsOf<{ members: number; sub_agents: number; team: number; new_today: number }>(
    await db.execute(sql`
      select (select count(*)::int from users where agent_id = ${agent.userId}) as members,
             (select count(*)::int from agents where parent_id = ${agent.userId}) as sub_agents,
             count(*)::int as team,
             (count(*) filter (where u.created_at >= ${today}::timestamptz))::int as new_today
      from users u join agents a on a.user_id = u.agent_id
      where a.path like ${team}`),
  );
  return {
    members: row?.members ?? 0,
    sub_agents: row?.sub_agents ?? 0,
    team: row?.team ?? 0,
    new_today: row?.new_today ?? 0,
  };
}

/**
 * This period's estimate is a whole statement's computation (0.4–2 s for 10,000 members and 1,000,000
 * bets, bench/RESULTS.md): an agent's screen refreshing should not run it each time, so each process
 * keeps an agent's figures for a minute (the screen says the statement is what counts).
 */
const ESTIMATE_FRESH_MS = 60_000;
const estimates = new LRUCache<string, { at: number; figures: StatementFigures }>({ max: 2_000 });

async function estimateOf(db: Db, agent: AgentRow, plan: PlanRow, periodStart: number, t: number) {
  const start = await estimateStart(db, agent, periodStart);
  const key = `${agent.userId}:${plan.id}:${plan.updatedAt.getTime()}:${start}`;
  const kept = estimates.get(key);
  if (kept && t >= kept.at && t - kept.at < ESTIMATE_FRESH_MS) return kept.figures;
  const figures = await figuresOf(db, agent, plan, { start, end: t });
  estimates.set(key, { at: t, figures });
  return figures;
}

/** agentOverview: the agent, its plan, this period so far (an estimate), what was carried and paid. */
export async function overview(db: Db, userId: number): Promise<ReplyOf<typeof agentOverview>> {
  const { agent, status } = await officeAgent(db, userId);
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  const [plan] = agent.planId
    ? await db.select().from(commissionPlans).where(eq(commissionPlans.id, agent.planId))
    : [];
  const t = now();
  const period = plan ? periodAround(plan.period as PlanPeriod, t) : null;
  const estimate = plan && period ? await estimateOf(db, agent, plan, period.start, t) : null;
  const [last] = await db
    .select({ carry: agentStatements.carryOutCents })
    .from(agentStatements)
    .where(eq(agentStatements.agentId, userId))
    .orderBy(desc(agentStatements.periodEnd))
    .limit(1);
  const [paid] = await db
    .select({ s: sql<string>`coalesce(sum(${agentStatements.payableCents}), 0)::text` })
    .from(agentStatements)
    .where(and(eq(agentStatements.agentId, userId), eq(agentStatements.state, 'paid')));
  return {
    username: u?.username ?? '',
    status,
    depth: agent.depth,
    plan: plan ? { name: plan.name, kind: plan.kind as PlanKind, period: plan.period as PlanPeriod } : null,
    period: period ? { start: formatDateTime(period.start), end: formatDateTime(period.end) } : null,
    estimate,
    carried: formatCents(last?.carry ?? 0n),
    paid_total: formatCents(BigInt(paid?.s ?? '0')),
    ...(await headcounts(db, agent)),
  };
}

/** agentStatements: the agent's own, newest period first. */
export async function statementsPage(db: Db, userId: number, page: number) {
  await officeAgent(db, userId);
  const mine = eq(agentStatements.agentId, userId);
  const [c] = await db.select({ n: count() }).from(agentStatements).where(mine);
  const rows = await db
    .select({ s: agentStatements, planName: commissionPlans.name, planKind: commissionPlans.kind })
    .from(agentStatements)
    .innerJoin(commissionPlans, eq(commissionPlans.id, agentStatements.planId))
    .where(mine)
    .orderBy(desc(agentStatements.periodStart), desc(agentStatements.id))
    .limit(OFFICE_PAGE)
    .offset(pageOffset(page, OFFICE_PAGE));
  const items = rows.map(({ s, planName, planKind }) => ({
    id: s.id,
    period_start: formatDateTime(s.periodStart.getTime()),
    period_end: formatDateTime(s.periodEnd.getTime()),
    plan_name: planName,
    plan_kind: planKind as PlanKind,
    state: s.state as StatementState,
    payable: formatCents(s.payableCents),
    paid_at: at(s.paidAt),
    figures: s.figures,
  }));
  return pageOf(items, c?.n ?? 0, page, OFFICE_PAGE);
}

/** A sub-agent on the wire (contract SubAgent). */
type SubAgentWire = ReplyOf<typeof agentSubAgentRates>;

/** The direct sub-agents of `parentId` (all, or one), with their level-1 member counts. */
function subAgentRows(db: Db, parentId: number, childId: number | null) {
  return db
    .select({
      agent: agents,
      username: users.username,
      // Spelt out with its table: drizzle leaves a column unqualified inside a select list.
      members: sql<number>`(select count(*)::int from users m where m.agent_id = agents.user_id)`,
    })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(
      childId === null
        ? eq(agents.parentId, parentId)
        : and(eq(agents.parentId, parentId), eq(agents.userId, childId)),
    )
    .orderBy(desc(agents.createdAt), desc(agents.userId))
    .$dynamic();
}

async function subAgentItem(
  db: Db,
  row: { agent: AgentRow; username: string; members: number },
  parentStatus: AgentStatus,
): Promise<SubAgentWire> {
  return {
    id: row.agent.userId,
    username: row.username,
    joined_at: formatDateTime(row.agent.createdAt.getTime()),
    status: worse(parentStatus, row.agent.status as AgentStatus),
    rates: await effectiveRates(db, row.agent),
    members: Number(row.members),
  };
}

/** agentSubAgents: direct sub-agents, newest first, with their effective standing and rates. */
export async function subAgentsPage(db: Db, userId: number, page: number) {
  const { status } = await officeAgent(db, userId);
  const total = await db.$count(agents, eq(agents.parentId, userId));
  const rows = await subAgentRows(db, userId, null).limit(OFFICE_PAGE).offset(pageOffset(page, OFFICE_PAGE));
  const items: SubAgentWire[] = [];
  for (const r of rows) items.push(await subAgentItem(db, r, status));
  return pageOf(items, total, page, OFFICE_PAGE);
}

/**
 * agentSubAgentRates: a direct sub-agent's turnover rates, at most the agent's own; any other agent
 * (a grandchild, another tree's) is 404, so ids of other trees tell nothing.
 */
export async function setSubAgentRates(
  db: Db,
  userId: number,
  childId: number,
  rates: CategoryRates,
): Promise<SubAgentWire> {
  const { agent, status } = await officeAgent(db, userId);
  const [found] = await subAgentRows(db, userId, childId);
  if (!found) throw new BusinessError(MSG_SUB_AGENT_MISSING, 404);
  if (!ratesWithin(rates, await effectiveRates(db, agent))) throw new BusinessError(MSG_SUB_RATES);
  const [updated] = await db
    .update(agents)
    .set({ turnoverRates: rates })
    .where(and(eq(agents.userId, childId), eq(agents.parentId, userId)))
    .returning();
  return subAgentItem(db, { ...found, agent: updated ?? found.agent }, status);
}
