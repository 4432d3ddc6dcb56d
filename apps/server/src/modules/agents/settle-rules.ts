/* The arithmetic of an agent's statement, apart from the database so that a test can rebuild every
 * figure from raw rows: the Beijing periods of a plan, the tier a period meets, and the figures. All
 * money in bigint cents; a share is floored (toward the house) and a cost borne is ceiled. */
import type {
  CategoryRates,
  PlanKind,
  PlanPeriod,
  PlanTier,
  StatementFigures,
  StatementLine,
} from '@app/contract/agent-plans';
import { REBATE_CATEGORIES, type RebateCategory } from '@app/contract/enums';
import { addDays, beijingDate, dayStartOf } from '../../core/clock';

/** The period of `period` kind containing `at` (epoch ms): [start, end), Beijing days, weeks from Monday. */
export function periodAround(period: PlanPeriod, at: number): { start: number; end: number } {
  const day = beijingDate(at);
  if (period === 'daily') return { start: dayStartOf(day), end: dayStartOf(addDays(day, 1)) };
  if (period === 'weekly') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const monday = addDays(day, -weekday);
    return { start: dayStartOf(monday), end: dayStartOf(addDays(monday, 7)) };
  }
  const first = `${day.slice(0, 7)}-01`;
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start: dayStartOf(first), end: dayStartOf(next) };
}

/**
 * The periods to settle, in order: from the one containing `from` (its start clamped to `from`) while
 * a period has ended `graceMs` before `at`; at most `max`.
 */
export function duePeriods(
  period: PlanPeriod,
  from: number,
  at: number,
  graceMs: number,
  max: number,
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let p = periodAround(period, from);
  let start = from;
  while (p.end + graceMs <= at && out.length < max) {
    out.push({ start, end: p.end });
    p = periodAround(period, p.end);
    start = p.start;
  }
  return out;
}

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a: bigint, b: bigint) => -floorDiv(-a, b);
/** `cents` × `bp` / 10 000, floored (a share the house pays) or ceiled (a cost the agent bears). */
export const shareOf = (cents: bigint, bp: number) => floorDiv(cents * BigInt(bp), 10_000n);
export const costOf = (cents: bigint, bp: number) => ceilDiv(cents * BigInt(bp), 10_000n);

/** What the database gathered for one agent and one period (cents). */
export interface PeriodFacts {
  /** Level-1 downline per category: stakes, valid bets and the house's win (stake − payout). */
  bets: Record<RebateCategory, { stake: bigint; valid: bigint; profit: bigint }>;
  /** Valid bets of sub-agents' teams per category, with the rates of the sub-agent each passed through. */
  subTeams: { rates: CategoryRates; valid: Record<RebateCategory, bigint> }[];
  members: number;
  active: number;
  /** Σ |stake − payout| of the member with the most, and of all members (concentration). */
  largestMember: bigint;
  allMembers: bigint;
  rebates: bigint;
  bonuses: bigint;
  redPackets: bigint;
  /** The downline's approved deposits and paid withdrawals, the base of the fee share. */
  cashflow: bigint;
  carriedIn: bigint;
}

export interface PlanTerms {
  kind: PlanKind;
  tiers: PlanTier[];
  deductRebates: boolean;
  deductBonuses: boolean;
  deductRedPackets: boolean;
  feeShareBp: number;
  /** The agent's own turnover rates (its plan's, or a sub-agent's own, capped by its parent's). */
  turnoverRates: CategoryRates;
}

export const emptyBets = () =>
  Object.fromEntries(
    REBATE_CATEGORIES.map((c) => [c, { stake: 0n, valid: 0n, profit: 0n }]),
  ) as PeriodFacts['bets'];

/**
 * The tier (1-based) a net-loss period meets: the highest whose minimum net loss and active members
 * both hold; a losing period (net loss < 0) is carried at tier 1, so a loss is never forgiven by
 * missing a tier; 0 when a winning period meets none (nothing earned, nothing carried).
 */
export function tierOf(tiers: PlanTier[], netLoss: bigint, active: number): number {
  if (tiers.length === 0) return 0;
  if (netLoss < 0n) return 1;
  let met = 0;
  tiers.forEach((t, i) => {
    if (netLoss >= BigInt(t.min_profit) && active >= t.min_active) met = i + 1;
  });
  return met;
}

/** A statement's figures from its facts and plan terms (StatementFigures of the contract, in numbers). */
export function computeFigures(f: PeriodFacts, plan: PlanTerms): StatementFigures {
  const netLoss = REBATE_CATEGORIES.reduce((s, c) => s + f.bets[c].profit, 0n);
  const rebates = plan.deductRebates ? f.rebates : 0n;
  const bonuses = plan.deductBonuses ? f.bonuses : 0n;
  const redPackets = plan.deductRedPackets ? f.redPackets : 0n;
  const fees = costOf(f.cashflow, plan.feeShareBp);
  let tier = 0;
  let costShare = 0;
  let lines: { line: StatementLine; cents: bigint }[];
  if (plan.kind === 'net_loss') {
    tier = tierOf(plan.tiers, netLoss, f.active);
    const t = tier > 0 ? plan.tiers[tier - 1] : undefined;
    costShare = t?.cost_share ?? 0;
    lines = REBATE_CATEGORIES.map((c) => {
      const rate = t?.rates[c] ?? 0;
      const cents = shareOf(f.bets[c].profit, rate);
      return { line: lineOf(c, f, rate, cents, 0n), cents };
    });
  } else {
    lines = REBATE_CATEGORIES.map((c) => {
      const rate = plan.turnoverRates[c];
      const own = shareOf(f.bets[c].valid, rate);
      // The difference between this agent's rate and the sub-agent's, on its team's valid bets.
      const fromSubs = f.subTeams.reduce(
        (s, t) => s + shareOf(t.valid[c], Math.max(0, rate - t.rates[c])),
        0n,
      );
      return { line: lineOf(c, f, rate, own + fromSubs, fromSubs), cents: own + fromSubs };
    });
  }
  const gross = lines.reduce((s, l) => s + l.cents, 0n);
  const costsBorne = plan.kind === 'net_loss' ? costOf(rebates + bonuses + redPackets + fees, costShare) : 0n;
  const result = gross - costsBorne + f.carriedIn;
  const n = (v: bigint) => Number(v);
  return {
    lines: lines.map((l) => l.line),
    members: f.members,
    active: f.active,
    net_loss: n(netLoss),
    rebates: n(rebates),
    bonuses: n(bonuses),
    red_packets: n(redPackets),
    fees: n(fees),
    cost_share_bp: costShare,
    costs_borne: n(costsBorne),
    gross: n(gross),
    tier,
    carried_in: n(f.carriedIn),
    result: n(result),
    payable: n(result > 0n ? result : 0n),
    carry_out: n(result < 0n ? result : 0n),
    largest_member_bp: f.allMembers > 0n ? n((f.largestMember * 10_000n) / f.allMembers) : 0,
  };
}

function lineOf(
  c: RebateCategory,
  f: PeriodFacts,
  rate: number,
  cents: bigint,
  fromSubs: bigint,
): StatementLine {
  const b = f.bets[c];
  return {
    category: c,
    stake: Number(b.stake),
    valid: Number(b.valid),
    profit: Number(b.profit),
    rate_bp: rate,
    commission: Number(cents),
    from_sub_agents: Number(fromSubs),
  };
}
