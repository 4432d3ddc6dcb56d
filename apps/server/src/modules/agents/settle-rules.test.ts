import type { PlanTier } from '@app/contract/agent-plans';
import { REBATE_CATEGORIES } from '@app/contract/enums';
import { describe, expect, it } from 'vitest';
import { dayStartOf, DAY_MS } from '../../core/clock';
import {
  computeFigures,
  costOf,
  duePeriods,
  emptyBets,
  periodAround,
  shareOf,
  tierOf,
  type PeriodFacts,
} from './settle-rules';
import { zeroRates } from './tree';

const tier = (min_profit: number, min_active: number, rate: number, cost_share = 0): PlanTier => ({
  min_profit,
  min_active,
  rates: Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, rate])) as PlanTier['rates'],
  cost_share,
});

const facts = (profit: bigint, extra: Partial<PeriodFacts> = {}): PeriodFacts => {
  const bets = emptyBets();
  bets.realperson = { stake: profit > 0n ? profit : 0n, valid: 0n, profit };
  return {
    bets,
    subTeams: [],
    members: 3,
    active: 3,
    largestMember: 0n,
    allMembers: 0n,
    rebates: 0n,
    bonuses: 0n,
    redPackets: 0n,
    cashflow: 0n,
    carriedIn: 0n,
    ...extra,
  };
};

const terms = (tiers: PlanTier[]) => ({
  kind: 'net_loss' as const,
  tiers,
  deductRebates: true,
  deductBonuses: true,
  deductRedPackets: true,
  feeShareBp: 0,
  turnoverRates: zeroRates(),
});

describe('settlement periods (Beijing time)', () => {
  it('a week starts on Monday 00:00 Beijing; a month ends at the next 1st, December into January', () => {
    const sunday = dayStartOf('2026-03-08') + 23 * 3600_000;
    expect(periodAround('weekly', sunday)).toEqual({
      start: dayStartOf('2026-03-02'),
      end: dayStartOf('2026-03-09'),
    });
    expect(periodAround('monthly', dayStartOf('2026-12-31'))).toEqual({
      start: dayStartOf('2026-12-01'),
      end: dayStartOf('2027-01-01'),
    });
    expect(periodAround('daily', dayStartOf('2026-03-08') - 1)).toEqual({
      start: dayStartOf('2026-03-07'),
      end: dayStartOf('2026-03-08'),
    });
  });

  it('the first period starts where settling starts; only ended periods past the grace are due', () => {
    const from = dayStartOf('2026-03-04') + 5 * 3600_000;
    const at = dayStartOf('2026-03-06') + 10 * 60_000;
    // 00:10 on the 6th: the 5th ended ten minutes ago, inside the 30-minute grace.
    expect(duePeriods('daily', from, at, 30 * 60_000, 10)).toEqual([
      { start: from, end: dayStartOf('2026-03-05') },
    ]);
    expect(duePeriods('daily', from, at + 20 * 60_000, 30 * 60_000, 10)).toEqual([
      { start: from, end: dayStartOf('2026-03-05') },
      { start: dayStartOf('2026-03-05'), end: dayStartOf('2026-03-06') },
    ]);
    expect(duePeriods('daily', from, from + 400 * DAY_MS, 0, 62)).toHaveLength(62);
  });
});

describe('a statement’s arithmetic', () => {
  it('shares are floored toward the house and costs borne are ceiled, for losses too', () => {
    expect([shareOf(999n, 3333), shareOf(-999n, 3333), costOf(1n, 1), costOf(-1n, 1)]).toEqual([
      332n,
      -333n,
      1n,
      0n,
    ]);
  });

  it('a tier needs both minimums; a losing period is carried at tier 1; a winning one meeting none earns nothing', () => {
    const tiers = [tier(0, 3, 2000), tier(100_000, 5, 3000)];
    expect(tierOf(tiers, 150_000n, 4)).toBe(1);
    expect(tierOf(tiers, 150_000n, 5)).toBe(2);
    expect(tierOf(tiers, 10n, 2)).toBe(0);
    expect(tierOf(tiers, -10n, 0)).toBe(1);
  });

  it('a loss is carried, and the next period’s commission pays it back before anything is payable', () => {
    const plan = terms([tier(0, 1, 2000, 2000)]);
    const lost = computeFigures(facts(-50_000n, { rebates: 1_000n }), plan);
    expect(lost).toMatchObject({
      gross: -10_000,
      costs_borne: 200,
      result: -10_200,
      payable: 0,
      carry_out: -10_200,
    });
    const next = computeFigures(facts(60_000n, { carriedIn: -10_200n }), plan);
    expect(next).toMatchObject({ gross: 12_000, result: 1_800, payable: 1_800, carry_out: 0 });
    const short = computeFigures(facts(60_000n, { active: 0, carriedIn: -10_200n }), plan);
    expect(short).toMatchObject({ tier: 0, gross: 0, payable: 0, carry_out: -10_200 });
  });
});
