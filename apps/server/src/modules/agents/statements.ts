/* Building agents' statements: the facts of one period from the bet records and the ledger, the
 * figures (settle-rules.ts), one row per agent and period. The job runs it under the leader lock; a
 * period built once is never built again (unique per agent and start), so re-running changes nothing.
 * Bets count by when their record was written (valid_bets.recorded_at), not when they were placed: a
 * round drawn or a venue reporting after its period's statement was built lands in the next one. */
import type {
  CategoryRates,
  PlanKind,
  PlanPeriod,
  PlanTier,
  StatementFigures,
} from '@app/contract/agent-plans';
import { REVIEW_STATES } from '@app/contract/enums';
import { rebateCategoryOf } from '@app/contract/turnover';
import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import { rowsOf, type Db } from '../../db/client';
import { agentStatements, agents, commissionPlans } from '../../db/schema/agents';
import { computeFigures, duePeriods, emptyBets, type PeriodFacts, type PlanTerms } from './settle-rules';
import { effectiveRates, pathIds, type AgentRow } from './tree';

/** A period is settled this long after it ends: bets of its last minutes reach the records first. */
export const SETTLEMENT_GRACE_MS = 30 * 60_000;
/** Periods one agent catches up on per run at most (a long outage catches up over several runs). */
const CATCH_UP_MAX = 62;

export type PlanRow = typeof commissionPlans.$inferSelect;

export function termsOf(plan: PlanRow, rates: CategoryRates): PlanTerms {
  return {
    kind: plan.kind as PlanKind,
    tiers: plan.tiers as PlanTier[],
    deductRebates: plan.deductRebates === 1,
    deductBonuses: plan.deductBonuses === 1,
    deductRedPackets: plan.deductRedPackets === 1,
    feeShareBp: plan.feeShareBp,
    turnoverRates: rates,
  };
}

type Range = { start: number; end: number };
const big = (v: unknown) => BigInt(String(v ?? '0'));

/** Level-1 downline bets per category: stakes, valid bets, the house's win. */
async function betsOf(db: Db, agentId: number, r: Range) {
  const rows = rowsOf<{ category: string; stake: string; valid: string; profit: string }>(
    await db.execute(sql`
      select b.category, sum(b.stake_cents)::text as stake, sum(b.valid_cents)::text as valid,
             sum(b.stake_cents - b.payout_cents)::text as profit
      from valid_bets b join users u on u.id = b.user_id
      where u.agent_id = ${agentId} and b.state = 'settled'
        and b.recorded_at >= ${new Date(r.start).toISOString()}::timestamptz
        and b.recorded_at < ${new Date(r.end).toISOString()}::timestamptz
      group by b.category`),
  );
  const bets = emptyBets();
  for (const row of rows) {
    const c = rebateCategoryOf(row.category);
    if (!c) continue;
    bets[c].stake += big(row.stake);
    bets[c].valid += big(row.valid);
    bets[c].profit += big(row.profit);
  }
  return bets;
}

/** Σ |stake − payout| per level-1 member over the period: the largest and the total. */
async function concentrationOf(db: Db, agentId: number, r: Range) {
  const [row] = rowsOf<{ largest: string | null; total: string | null }>(
    await db.execute(sql`
      select max(abs(m.s))::text as largest, sum(abs(m.s))::text as total from (
        select sum(b.stake_cents - b.payout_cents) as s
        from valid_bets b join users u on u.id = b.user_id
        where u.agent_id = ${agentId} and b.state = 'settled'
          and b.recorded_at >= ${new Date(r.start).toISOString()}::timestamptz
          and b.recorded_at < ${new Date(r.end).toISOString()}::timestamptz
        group by b.user_id) m`),
  );
  return { largestMember: big(row?.largest), allMembers: big(row?.total) };
}

/** Members, active members (the period's deposits ≥ X and valid bets ≥ Y, at least one cent). */
async function headcount(db: Db, agentId: number, r: Range, plan: PlanRow) {
  const from = new Date(r.start).toISOString();
  const to = new Date(r.end).toISOString();
  const minValid = plan.activeMinValidCents > 0n ? plan.activeMinValidCents : 1n;
  const [row] = rowsOf<{ members: number; active: number }>(
    await db.execute(sql`
      with d as (
        select d.user_id, sum(d.amount_cents) as s from deposits d join users u on u.id = d.user_id
        where u.agent_id = ${agentId} and d.state = ${REVIEW_STATES.approved}
          and d.reviewed_at >= ${from}::timestamptz and d.reviewed_at < ${to}::timestamptz
        group by d.user_id),
      v as (
        select b.user_id, sum(b.valid_cents) as s from valid_bets b join users u on u.id = b.user_id
        where u.agent_id = ${agentId} and b.state = 'settled'
          and b.recorded_at >= ${from}::timestamptz and b.recorded_at < ${to}::timestamptz
        group by b.user_id)
      select count(*)::int as members,
             count(*) filter (where coalesce(d.s, 0) >= ${plan.activeMinDepositCents}
                                and coalesce(v.s, 0) >= ${minValid})::int as active
      from users u left join d on d.user_id = u.id left join v on v.user_id = u.id
      where u.agent_id = ${agentId} and u.is_trial = 0 and u.created_at < ${to}::timestamptz`),
  );
  return { members: row?.members ?? 0, active: row?.active ?? 0 };
}

/** Rebates, activity bonuses and red packets credited to the downline; its deposits and paid withdrawals. */
async function costsOf(db: Db, agentId: number, r: Range) {
  const from = new Date(r.start).toISOString();
  const to = new Date(r.end).toISOString();
  const credits = rowsOf<{ reason: string; s: string }>(
    await db.execute(sql`
      select e.reason, sum(e.amount_cents)::text as s
      from ledger_entries e join wallets w on w.id = e.wallet_id join users u on u.id = w.user_id
      where u.agent_id = ${agentId} and e.reason in ('rebate', 'activity_bonus', 'red_packet')
        and e.created_at >= ${from}::timestamptz and e.created_at < ${to}::timestamptz
      group by e.reason`),
  );
  const of = (reason: string) => big(credits.find((c) => c.reason === reason)?.s);
  const [flow] = rowsOf<{ s: string }>(
    await db.execute(sql`
      select (coalesce((select sum(d.amount_cents) from deposits d join users u on u.id = d.user_id
                where u.agent_id = ${agentId} and d.state = ${REVIEW_STATES.approved}
                  and d.reviewed_at >= ${from}::timestamptz and d.reviewed_at < ${to}::timestamptz), 0)
            + coalesce((select sum(w.amount_cents) from withdrawals w join users u on u.id = w.user_id
                where u.agent_id = ${agentId} and w.state = ${REVIEW_STATES.approved}
                  and w.reviewed_at >= ${from}::timestamptz and w.reviewed_at < ${to}::timestamptz), 0))::text as s`),
  );
  return {
    rebates: of('rebate'),
    bonuses: of('activity_bonus'),
    redPackets: of('red_packet'),
    cashflow: big(flow?.s),
  };
}

/** Valid bets of each sub-agent's whole team, with that sub-agent's rates (turnover plans). */
async function subTeamsOf(db: Db, agent: AgentRow, r: Range): Promise<PeriodFacts['subTeams']> {
  const rows = rowsOf<{ path: string; category: string; valid: string }>(
    await db.execute(sql`
      select a.path, b.category, sum(b.valid_cents)::text as valid
      from valid_bets b join users u on u.id = b.user_id join agents a on a.user_id = u.agent_id
      where a.path like ${`${agent.path}%`} and a.user_id <> ${agent.userId} and b.state = 'settled'
        and b.recorded_at >= ${new Date(r.start).toISOString()}::timestamptz
        and b.recorded_at < ${new Date(r.end).toISOString()}::timestamptz
      group by a.path, b.category`),
  );
  const depth = pathIds(agent.path).length;
  const byChild = new Map<number, PeriodFacts['subTeams'][number]['valid']>();
  for (const row of rows) {
    const child = pathIds(row.path)[depth];
    const c = rebateCategoryOf(row.category);
    if (child === undefined || !c) continue;
    const valid =
      byChild.get(child) ?? (Object.fromEntries(Object.keys(emptyBets()).map((k) => [k, 0n])) as never);
    valid[c] += big(row.valid);
    byChild.set(child, valid);
  }
  const out: PeriodFacts['subTeams'] = [];
  for (const [child, valid] of byChild) {
    const [row] = await db.select({ path: agents.path }).from(agents).where(eq(agents.userId, child));
    if (row) out.push({ rates: await effectiveRates(db, row), valid });
  }
  return out;
}

/** The loss carried into a period: the carry of the agent's last statement ending by its start. */
async function carriedInto(db: Db, agentId: number, start: number): Promise<bigint> {
  const [last] = await db
    .select({ carry: agentStatements.carryOutCents })
    .from(agentStatements)
    .where(and(eq(agentStatements.agentId, agentId), lte(agentStatements.periodEnd, new Date(start))))
    .orderBy(desc(agentStatements.periodEnd))
    .limit(1);
  return last?.carry ?? 0n;
}

/** Everything one period's statement is computed from. */
export async function factsOf(db: Db, agent: AgentRow, plan: PlanRow, r: Range): Promise<PeriodFacts> {
  const [bets, heads, costs, concentration, carriedIn] = [
    await betsOf(db, agent.userId, r),
    await headcount(db, agent.userId, r, plan),
    await costsOf(db, agent.userId, r),
    await concentrationOf(db, agent.userId, r),
    await carriedInto(db, agent.userId, r.start),
  ];
  const subTeams = plan.kind === 'turnover' ? await subTeamsOf(db, agent, r) : [];
  return { bets, subTeams, ...heads, ...costs, ...concentration, carriedIn };
}

/** One period's figures for an agent on its plan (what the statement stores). */
export async function figuresOf(db: Db, agent: AgentRow, plan: PlanRow, r: Range): Promise<StatementFigures> {
  const facts = await factsOf(db, agent, plan, r);
  return computeFigures(facts, termsOf(plan, await effectiveRates(db, agent)));
}

/**
 * Builds every period due by `at` for every agent on a plan, oldest first per agent (a statement's
 * carry feeds the next). Answers how many statements it wrote.
 */
export async function buildDueStatements(db: Db, at: number = now()): Promise<number> {
  const rows = await db
    .select({ agent: agents, plan: commissionPlans })
    .from(agents)
    .innerJoin(commissionPlans, eq(commissionPlans.id, agents.planId))
    .where(isNotNull(agents.settledFrom));
  let written = 0;
  for (const { agent, plan } of rows) {
    const [last] = await db
      .select({ end: agentStatements.periodEnd })
      .from(agentStatements)
      .where(eq(agentStatements.agentId, agent.userId))
      .orderBy(desc(agentStatements.periodEnd))
      .limit(1);
    const from = Math.max(agent.settledFrom?.getTime() ?? at, last?.end.getTime() ?? 0);
    for (const r of duePeriods(plan.period as PlanPeriod, from, at, SETTLEMENT_GRACE_MS, CATCH_UP_MAX)) {
      const figures = await figuresOf(db, agent, plan, r);
      const inserted = await db
        .insert(agentStatements)
        .values({
          agentId: agent.userId,
          planId: plan.id,
          periodStart: new Date(r.start),
          periodEnd: new Date(r.end),
          figures,
          payableCents: BigInt(figures.payable),
          carryOutCents: BigInt(figures.carry_out),
          state: figures.payable > 0 ? 'draft' : 'nil',
          createdAt: new Date(now()),
        })
        .onConflictDoNothing()
        .returning({ id: agentStatements.id });
      written += inserted.length;
    }
  }
  return written;
}
