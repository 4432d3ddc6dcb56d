/**
 * Valid bet (有效投注) of a member's lines on one round (server-rules 'Lottery'): the money truly at
 * risk, not the worst case. It is the spread (standard deviation) of what the lines pay back over the
 * round's outcomes, scaled so that one straight bet counts its stake, and at most the stake:
 *   valid = min(stake, spread / c),  c = the least spread per unit of stake of an even-money bet at the
 *   house's best return (0.98) and of each play the lines hold on their own.
 * So a single line of any play counts in full, 大+小 (196.00 back whatever the draw) counts 0, and a
 * portfolio that gets back 97 % of its stake on 999 of 1000 outcomes counts a few percent, not all of
 * it (the worst case did: hostile review of 2026-11-27, §2). Every line returns at most 98 % on
 * average and valid ≤ stake, so a position's expected loss is always at least 2 % of its valid bet.
 * Exact, in bigint cents, over every outcome class (lottery-outcomes: each class is reachable and
 * weighted by its share of the equally likely outcomes).
 */
import { MAX_RETURN_PERCENT, outcomeClasses } from './lottery-outcomes';
import type { LotteryType } from './enums';
import { findPlay, lineDataValid } from './lottery-rules';

/** An order line as settlement reads it: the play, the picked number, the stake and the odds it pays. */
export interface RiskLine {
  playId: number;
  pick: number | null;
  stakeCents: bigint;
  oddsHundredths: number;
}

/**
 * What one line pays on a draw: stake × odds floored to the cent when it wins, 0 when it loses. A
 * line the rules cannot read (unknown play, a number the play does not take) is void: its stake back
 * on every outcome, rather than kept.
 */
export function linePayoutCents(type: LotteryType, line: RiskLine, balls: readonly number[]): bigint {
  const p = findPlay(type, line.playId);
  const data = line.pick === null ? [] : [line.pick];
  if (!p || !lineDataValid(p, data)) return line.stakeCents;
  return p.wins(balls, data) ? (line.stakeCents * BigInt(line.oddsHundredths)) / 100n : 0n;
}

/** A line the rules cannot read: unknown play, or a pick the play does not take (void, stake back). */
export function lineIsVoid(type: LotteryType, line: RiskLine): boolean {
  const p = findPlay(type, line.playId);
  return !p || !lineDataValid(p, line.pick === null ? [] : [line.pick]);
}

export interface MoneyAtRisk {
  /** Total stake of every line, void ones included. */
  stakeCents: bigint;
  /** The spread (standard deviation, floored to the cent) of what the readable lines pay back together. */
  spreadCents: bigint;
  /** min(stake of the readable lines, spread / c): 0 ≤ valid ≤ stake. */
  validCents: bigint;
}

/** The spread per unit of stake of an even-money bet returning MAX_RETURN_PERCENT: 0.98 (odds 1.96, ½). */
const REFERENCE_SPREAD = { n: BigInt(MAX_RETURN_PERCENT), d: 100n };

/** ⌊√n⌋ of a bigint (Math.sqrt loses exactness past 2^53; the spreads here reach 2^80). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  // Newton from the float estimate: a few steps, then settle on the floor exactly.
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x - 1n && y <= x + 1n) {
      x = y;
      break;
    }
    x = y;
  }
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

/** W² × the variance of a payback over the classes: W·Σ w·P² − (Σ w·P)² (exact, ≥ 0). */
function scaledVariance(weights: readonly bigint[], total: bigint, paybacks: readonly bigint[]): bigint {
  let sum = 0n;
  let squares = 0n;
  paybacks.forEach((p, i) => {
    const w = weights[i] ?? 0n;
    sum += w * p;
    squares += w * p * p;
  });
  return total * squares - sum * sum;
}

/**
 * The money at risk of a member's lines on one round (all of them, settled together). Void lines
 * come back whole on every outcome: neither at risk nor hedging anything, so left out of both sides.
 * Lines of the same play, number and odds make one holding: its spread per unit of stake is what a
 * single bet on it would have (their payouts are floored line by line, as settlement pays them).
 */
export function moneyAtRisk(type: LotteryType, lines: readonly RiskLine[]): MoneyAtRisk {
  const stakeCents = lines.reduce((s, l) => s + l.stakeCents, 0n);
  const real = lines.filter((l) => !lineIsVoid(type, l));
  const realStake = real.reduce((s, l) => s + l.stakeCents, 0n);
  const classes = outcomeClasses(type);
  const weights = classes.map((c) => BigInt(c.weight));
  const total = weights.reduce((s, w) => s + w, 0n);

  const holdings = new Map<string, { stake: bigint; paybacks: bigint[] }>();
  const position = classes.map(() => 0n);
  for (const l of real) {
    const key = `${l.playId}:${l.pick ?? ''}:${l.oddsHundredths}`;
    const h = holdings.get(key) ?? { stake: 0n, paybacks: classes.map(() => 0n) };
    classes.forEach((c, i) => {
      const back = linePayoutCents(type, l, c.balls);
      h.paybacks[i] = (h.paybacks[i] ?? 0n) + back;
      position[i] = (position[i] ?? 0n) + back;
    });
    h.stake += l.stakeCents;
    holdings.set(key, h);
  }
  const v = scaledVariance(weights, total, position); // W² · variance
  const spreadCents = isqrt(v) / total;
  // valid = spread / c for c = 0.98 or a holding's own spread per unit: the largest of these figures.
  let valid = isqrt(
    (v * REFERENCE_SPREAD.d * REFERENCE_SPREAD.d) / (REFERENCE_SPREAD.n * REFERENCE_SPREAD.n * total * total),
  );
  for (const h of holdings.values()) {
    const own = scaledVariance(weights, total, h.paybacks);
    if (own <= 0n) continue;
    const scaled = isqrt((v * h.stake * h.stake) / own);
    if (scaled > valid) valid = scaled;
  }
  return { stakeCents, spreadCents, validCents: valid < realStake ? valid : realStake };
}
