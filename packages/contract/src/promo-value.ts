/**
 * What a promotion is worth to a member who clears it on the cheapest play that counts (server-rules
 * 'Promotions cost more to clear than they pay'), for one member and for two members taking opposite
 * sides. The server refuses a rule worth more than 0 and the console shows the figure beside every rule.
 *
 * Costs: a valid bet of category c costs on average its house edge, less the highest rebate any VIP
 * level earns on it (rebates stack on every bet). A requirement that counts w % of category c is cleared
 * at (edge − rebate) × 100 / w per unit; the cheapest category sets the cost. Exact: every comparison
 * is made on integer fractions (bigint), the figures shown are rounded to the cent.
 */
import * as z from 'zod/mini';
import { REBATE_CATEGORIES, type RebateCategory } from './enums';
import { MAX_RETURN_PERCENT } from './lottery-outcomes';
import { FULL_WEIGHTS, type TurnoverWeights } from './turnover';

/**
 * The house edge each rebate category is played at, in hundredths of a percent: the lottery keeps at
 * least 100 − MAX_RETURN_PERCENT (server-rules 'Lottery': every play returns at most 98 %); every
 * other venue is the built-in demo provider (apps/server modules/games/demo.ts: return 96 %, edge 4 %).
 */
export const HOUSE_EDGE_BP: Record<RebateCategory, number> = {
  realperson: 400,
  sport: 400,
  e_sport: 400,
  joker: 400,
  electron: 400,
  lottery: (100 - MAX_RETURN_PERCENT) * 100,
};

/** A non-negative fraction of integers. */
interface Frac {
  n: bigint;
  d: bigint;
}
const frac = (n: bigint | number, d: bigint | number = 1n): Frac => ({ n: BigInt(n), d: BigInt(d) });
const lessThan = (a: Frac, b: Frac) => a.n * b.d < b.n * a.d;
const toNumber = (f: Frac) => Number(f.n) / Number(f.d);

/** What a unit of valid bets costs per category: edge − the highest rebate rate (basis points). */
export type CategoryCosts = Record<RebateCategory, number>;

/** Costs per category from the highest rebate rate of each (basis points, over every VIP level). */
export function categoryCosts(maxRebateBp: Partial<Record<RebateCategory, number>>): CategoryCosts {
  return Object.fromEntries(
    REBATE_CATEGORIES.map((c) => [c, Math.max(0, HOUSE_EDGE_BP[c] - (maxRebateBp[c] ?? 0))]),
  ) as CategoryCosts;
}

/** The cheapest cost of one unit of counted turnover under `weights`, as a fraction (null: nothing counts). */
function turnoverCost(costs: CategoryCosts, weights: TurnoverWeights): Frac | null {
  let best: Frac | null = null;
  for (const c of REBATE_CATEGORIES) {
    const w = weights[c];
    if (w <= 0) continue;
    // costs in bp (÷ 10,000) per unit of stake, of which w % counts: bp × 100 / (10,000 × w).
    const f = frac(costs[c], 100 * w);
    if (!best || lessThan(f, best)) best = f;
  }
  return best;
}

/** The cheapest cost of one unit of stake in any category (what making a loss costs). */
function stakeCost(costs: CategoryCosts): Frac {
  return turnoverCost(costs, FULL_WEIGHTS) ?? frac(0);
}

/** What one rule is worth per 1,000 yuan of its base: one member, and each of two opposite members. */
export interface PromoValue {
  /** Yuan per 1,000 of `per`, two places (negative: the member loses on average). */
  single: number;
  pair: number;
  /** What the 1,000 is of: 存款, 投注, 彩金. */
  per: string;
  /** Exact: single > 0 or pair > 0. */
  positive: boolean;
}

/** A PromoValue on the wire (console replies). */
export const PromoValueShape = z.object({
  single: z.number(),
  pair: z.number(),
  per: z.string(),
  positive: z.boolean(),
});

/** value = 1000 × (a − b) for fractions a, b; positive exactly when a > b. */
function worth(gain: Frac, cost: Frac) {
  return { value: 1000 * (toNumber(gain) - toNumber(cost)), positive: lessThan(cost, gain) };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export interface BonusTerms {
  basis: 'first_deposit' | 'latest_deposit' | 'net_loss' | 'manual' | 'none';
  /** Basis points of the deposit or of the loss. */
  percentBp: number;
  turnoverMultiple: number;
  turnoverBasis: 'bonus' | 'deposit_bonus';
  weights: TurnoverWeights;
}

/**
 * An activity's bonus (null for 'none', paid by its own job):
 * - deposit-based, per 1,000 deposited below the cap (above it the bonus stops growing and the cost
 *   does not): bonus p, turnover m × bonus or m × (deposit + bonus) at the cheapest counted cost c:
 *   p − c·m·p, or p − c·m·(1 + p). Two opposite members each pay the same edge: the same figure.
 * - net loss (relief, r of the loss), per 1,000 staked: one member betting long shots loses nearly all
 *   of the stake at the cheapest stake cost e, so r·(1 − c·m) − e; two opposite members make one sure
 *   loss of the stake at 2e: r·(1 − c·m) − 2e.
 * - manual (the operator names it), per 1,000 of bonus: 1 − c·m.
 * A rule whose turnover nothing counts toward could never be withdrawn: worth 0.
 */
export function bonusValue(rule: BonusTerms, costs: CategoryCosts): PromoValue | null {
  if (rule.basis === 'none') return null;
  const c = turnoverCost(costs, rule.weights);
  const m = BigInt(rule.turnoverMultiple);
  const p = frac(rule.percentBp, 10_000);
  const zero = frac(0);
  if (!c) return { single: 0, pair: 0, per: perOf(rule.basis), positive: false };
  // c·m as a fraction
  const cm = frac(c.n * m, c.d);
  if (rule.basis === 'first_deposit' || rule.basis === 'latest_deposit') {
    // cost = c·m·p (bonus basis) or c·m·(1 + p) (deposit + bonus)
    const base = rule.turnoverBasis === 'deposit_bonus' ? frac(p.d + p.n, p.d) : p;
    const cost = frac(cm.n * base.n, cm.d * base.d);
    const w = worth(p, cost);
    return { single: round2(w.value), pair: round2(w.value), per: perOf(rule.basis), positive: w.positive };
  }
  // gain after the bonus's own turnover: r·(1 − c·m), 0 when the turnover costs more than it pays
  const keep = lessThan(cm, frac(1)) ? frac(cm.d - cm.n, cm.d) : zero;
  if (rule.basis === 'manual') {
    const w = worth(keep, zero);
    return { single: round2(w.value), pair: round2(w.value), per: perOf(rule.basis), positive: w.positive };
  }
  const gain = frac(p.n * keep.n, p.d * keep.d);
  const e = stakeCost(costs);
  const one = worth(gain, e);
  const two = worth(gain, frac(2n * e.n, e.d));
  return {
    single: round2(one.value),
    pair: round2(two.value),
    per: perOf(rule.basis),
    positive: one.positive || two.positive,
  };
}

function perOf(basis: BonusTerms['basis']): string {
  if (basis === 'net_loss') return '投注';
  if (basis === 'manual') return '彩金';
  return '存款';
}

export interface BandTerms {
  minDepositCents: number;
  claims: number;
  maxAmountCents: number;
}

/** How a red-packet band is named in refusals: 存款 500 元起的红包档位. */
export const bandName = (minDepositCents: number) => `存款 ${minDepositCents / 100} 元起的红包档位`;

/** Smallest red packet: 1.00; a packet is uniform from it to the band's largest, so its mean is their middle. */
export const RED_PACKET_MIN_CENTS = 100;

/**
 * A red-packet band, per 1,000 deposited at its minimum deposit (the cheapest way in): n packets of mean
 * (1.00 + max) / 2, against clearing the deposit's own turnover (× 1, it was made for the packets) and
 * the packets' (× 1), both counted in full, at the cheapest cost c: n·mean − c·(D + n·mean). Two
 * opposite members pay the same cost each.
 */
export function bandValue(band: BandTerms, costs: CategoryCosts): PromoValue {
  const c = stakeCost(costs);
  const d = BigInt(Math.max(1, band.minDepositCents));
  // n·mean in cents as a fraction over 2
  const packets = frac(BigInt(band.claims) * BigInt(RED_PACKET_MIN_CENTS + band.maxAmountCents), 2n);
  const gain = frac(packets.n, packets.d * d); // per unit deposited
  const turnover = frac(2n * d + packets.n, 2n * d); // (D + n·mean) / D
  const cost = frac(c.n * turnover.n, c.d * turnover.d);
  const w = worth(gain, cost);
  return { single: round2(w.value), pair: round2(w.value), per: '存款', positive: w.positive };
}

/** '+12.34' / '-5.00' / '0.00' per 1,000 of the base. */
export function valueText(v: number): string {
  const s = Math.abs(v).toFixed(2);
  return v > 0 ? `+${s}` : v < 0 ? `-${s}` : s;
}

export const HINT_BONUS = '请提高流水倍数、降低彩金比例或调低彩票等低优势游戏的流水计入比例';
export const HINT_BAND = '请降低红包上限或次数，或提高该档最低存款';
export const HINT_REBATE = '请先调整这些优惠，或降低返水比例';

/** Why a rule is refused (the console shows it as it shows odds above 98 %), or null. */
export function valueProblem(what: string, v: PromoValue | null, hint = HINT_BONUS): string | null {
  if (!v?.positive) return null;
  const worst = v.single >= v.pair ? `单人 ${valueText(v.single)}` : `两人对冲每人 ${valueText(v.pair)}`;
  return `${what}的期望收益为正（${worst} 元 / 每 1,000 元${v.per}），会员完成流水后仍可获利：${hint}`;
}

/** What the house keeps at least after the rebate: bets plus their rebate stay a loss on average. */
export const REBATE_HOUSE_MARGIN_BP = 50;
/**
 * The highest rebate rate of each category (lottery 1.50 %, others 3.50 %). A rate at or above the house
 * edge would make every valid bet a sure profit on average once its rebate is claimed (the rebate
 * needs only 1× turnover, itself played at that edge), so the rate stays 0.5 % below it.
 */
export const REBATE_RATE_MAX_BP = Object.fromEntries(
  REBATE_CATEGORIES.map((c) => [c, HOUSE_EDGE_BP[c] - REBATE_HOUSE_MARGIN_BP]),
) as Record<RebateCategory, number>;
