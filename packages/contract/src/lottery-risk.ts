/**
 * Valid bet (有效投注) of a member's lines on one round (server-rules 'Lottery'): the money actually
 * at risk. The part of the stake that the least the member gets back over every outcome covers,
 * grossed up by the house's least edge (÷ MAX_RETURN_PERCENT %), is hedged; only the rest counts:
 *   hedged = min(stake, ⌊least payback × 100 / 98⌋), valid = stake − hedged.
 * So 大+小 at 100 each (196.00 surely back ⇒ 200.00 hedged) counts 0, and an unhedged line its whole
 * stake. Exact, in bigint cents, over every outcome class (lottery-outcomes: each class is reachable,
 * so the least over the classes is the least over all 1000 triples, or all 49 special balls).
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
  /** The least the readable (non-void) lines pay back together, over every outcome. */
  minPaybackCents: bigint;
  /** The stake of the readable lines that this least payback hedges: min(stake, ⌊least × 100 / 98⌋). */
  hedgedCents: bigint;
  /** Stake of the readable lines − hedgedCents: 0 ≤ valid ≤ stake. */
  validCents: bigint;
}

/**
 * The money at risk of a member's lines on one round (all of them, settled together). Void lines
 * come back whole on every outcome: neither at risk nor hedging anything, so left out of both sides.
 */
export function moneyAtRisk(type: LotteryType, lines: readonly RiskLine[]): MoneyAtRisk {
  const stakeCents = lines.reduce((s, l) => s + l.stakeCents, 0n);
  const real = lines.filter((l) => !lineIsVoid(type, l));
  const realStake = real.reduce((s, l) => s + l.stakeCents, 0n);
  let minPaybackCents: bigint | null = null;
  for (const c of outcomeClasses(type)) {
    let back = 0n;
    for (const l of real) back += linePayoutCents(type, l, c.balls);
    if (minPaybackCents === null || back < minPaybackCents) minPaybackCents = back;
  }
  const least = minPaybackCents ?? 0n;
  // Sound: every position's expected loss is ≥ 2 % of its stake and valid ≤ stake, so hedging never
  // buys turnover cheaper than betting straight; a fully hedged position's sure loss is no risk.
  const cover = (least * 100n) / BigInt(MAX_RETURN_PERCENT); // floored: never round the hedge up
  const hedgedCents = cover < realStake ? cover : realStake;
  return { stakeCents, minPaybackCents: least, hedgedCents, validCents: realStake - hedgedCents };
}
