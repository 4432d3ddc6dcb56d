/**
 * Every outcome of a draw, grouped into classes that settle alike, and the house edge (server-rules
 * 'Lottery': every play returns at most 98 % of its stake on average). Plain integers, so a return
 * is compared exactly, never in floating point.
 *
 * - Type 2: 1000 equally likely outcomes (three balls 0–9); every play reads only the total, so the
 *   classes are the totals 0–27, each weighing the number of ways three balls make it.
 * - Type 1: every play reads only the special ball (the seventh), which is equally likely to be any
 *   of 1–49 (the draw picks seven distinct balls uniformly), so the classes are the 49 special balls,
 *   each weighing 1.
 *
 * The contract's tests check both claims against every play (all 1000 triples; random other six balls).
 */
import { BALL_MAX, BALL_MIN } from './lottery';

/** The largest average return of a play, in percent of its stake. */
export const MAX_RETURN_PERCENT = 98;

/** A class of outcomes: representative balls and how many of the equally likely outcomes it stands for. */
export interface OutcomeClass {
  balls: readonly number[];
  weight: number;
}

function type2Classes(): OutcomeClass[] {
  const weights = Array.from({ length: 28 }, () => 0);
  for (let a = 0; a < 10; a++) {
    for (let b = 0; b < 10; b++)
      for (let c = 0; c < 10; c++) weights[a + b + c] = (weights[a + b + c] ?? 0) + 1;
  }
  return weights.map((weight, sum) => {
    const a = Math.min(9, sum);
    const b = Math.min(9, sum - a);
    return { balls: [a, b, sum - a - b], weight };
  });
}

function type1Classes(): OutcomeClass[] {
  const numbers = Array.from({ length: BALL_MAX - BALL_MIN + 1 }, (_, i) => i + BALL_MIN);
  return numbers.map((special) => ({
    balls: [...numbers.filter((n) => n !== special).slice(0, 6), special],
    weight: 1,
  }));
}

const CLASSES: Record<1 | 2, readonly OutcomeClass[]> = { 1: type1Classes(), 2: type2Classes() };

/** The outcome classes of a lottery type (weights sum to 1000 for type 2, 49 for type 1). */
export function outcomeClasses(type: 1 | 2): readonly OutcomeClass[] {
  return CLASSES[type];
}

/** How many equally likely outcomes a lottery type has: 1000 (type 2) or 49 special balls (type 1). */
export function outcomeCount(type: 1 | 2): number {
  return CLASSES[type].reduce((s, c) => s + c.weight, 0);
}

/**
 * Odds (× 100, an integer) that win `wins` of `of` equally likely outcomes return at most
 * MAX_RETURN_PERCENT of the stake on average: odds × wins / of ≤ 98 / 100, compared in integers.
 * (Payouts are floored to the cent, which only lowers the return.)
 */
export function withinHouseEdge(oddsHundredths: number, wins: number, of: number): boolean {
  if (!Number.isSafeInteger(oddsHundredths) || oddsHundredths <= 0) return false;
  return BigInt(oddsHundredths) * BigInt(wins) <= BigInt(MAX_RETURN_PERCENT) * BigInt(of);
}
