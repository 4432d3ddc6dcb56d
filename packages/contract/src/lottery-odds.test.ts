/**
 * The house edge and the money at risk (server-rules 'Lottery'), computed exactly over every outcome:
 * all 1000 triples of type 2, all 49 special balls of type 1 (after checking that the plays read
 * nothing else). Bigint cents throughout, no floating point.
 */
import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PERCENT, outcomeClasses, outcomeCount } from './lottery-outcomes';
import { linePayoutCents } from './lottery-risk';
import type { LotteryType } from './enums';
import {
  findPlay,
  oddsAllowed,
  oddsHundredths,
  playboxFor,
  resolveLine,
  TYPE2_SUM_WAYS,
  type PlayDef,
} from './lottery-rules';

const TRIPLES: number[][] = [];
for (let a = 0; a < 10; a++)
  for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) TRIPLES.push([a, b, c]);
const NUMBERS = Array.from({ length: 49 }, (_, i) => i + 1);

/** Seven distinct balls with `special` last, the other six drawn by `rand` (a deterministic LCG). */
function drawWithSpecial(special: number, rand: () => number): number[] {
  const pool = NUMBERS.filter((n) => n !== special);
  const six: number[] = [];
  for (let i = 0; i < 6; i++) six.push(...pool.splice(Math.floor(rand() * pool.length), 1));
  return [...six, special];
}
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
/** Every outcome of a type, each equally likely: 1000 triples; 49 specials (other six balls random). */
function allOutcomes(type: LotteryType, seed = 1): number[][] {
  const rand = lcg(seed);
  return type === 2 ? TRIPLES : NUMBERS.map((s) => drawWithSpecial(s, rand));
}
/** Each play of the type once (the 特码 grid is 49 wire plays of one number play). */
const plays = (type: LotteryType): PlayDef[] => [
  ...new Set(
    playboxFor(type).flatMap((g) =>
      g.childrens.map((c) => (resolveLine(type, c.id, [])?.play ?? findPlay(type, c.id)) as PlayDef),
    ),
  ),
];
const picksOf = (p: PlayDef): number[][] => (p.picksNumber ? NUMBERS.map((n) => [n]) : [[]]);

describe('outcome classes', () => {
  it('type 2: 28 totals weighing their ways (1000 in all); every play reads only the total', () => {
    const classes = outcomeClasses(2);
    expect(classes.map((c) => c.weight)).toEqual(TYPE2_SUM_WAYS);
    expect(outcomeCount(2)).toBe(1000);
    classes.forEach((c, s) => expect(c.balls.reduce((a, b) => a + b, 0)).toBe(s));
    for (const p of plays(2)) {
      for (const balls of TRIPLES) {
        const rep = classes[balls.reduce((a, b) => a + b, 0)]?.balls ?? [];
        expect(p.wins(balls, []), `${p.key} ${balls.join('')}`).toBe(p.wins(rep, []));
      }
    }
  });

  it('type 1: 49 special balls weighing 1; every play reads only the special ball', () => {
    const classes = outcomeClasses(1);
    expect(classes.map((c) => c.balls.at(-1))).toEqual(NUMBERS);
    expect(classes.every((c) => c.weight === 1 && new Set(c.balls).size === 7)).toBe(true);
    expect(outcomeCount(1)).toBe(49);
    const rand = lcg(42);
    for (const p of plays(1)) {
      for (const data of picksOf(p)) {
        for (const c of classes) {
          for (let i = 0; i < 5; i++) {
            const balls = drawWithSpecial(c.balls.at(-1) ?? 0, rand);
            expect(p.wins(balls, data), `${p.key} ${data.join()} ${balls.join(' ')}`).toBe(
              p.wins(c.balls, data),
            );
          }
        }
      }
    }
  });
});

/** Exact total payback over every outcome of one line of `stake` cents (the luckiest pick). */
function totalPayback(type: LotteryType, p: PlayDef, stake: bigint, odds = oddsHundredths(p.odds)): bigint {
  let best = 0n;
  for (const data of picksOf(p)) {
    let sum = 0n;
    for (const balls of allOutcomes(type)) {
      sum += linePayoutCents(
        type,
        { playId: p.id, pick: data[0] ?? null, stakeCents: stake, oddsHundredths: odds },
        balls,
      );
    }
    if (sum > best) best = sum;
  }
  return best;
}

describe('every play returns at most 98 % of its stake, exactly', () => {
  // Winning outcomes of each play (of 1000 for type 2, of 49 for type 1). Type 1: 49 is a tie for
  // 大小单双 (server-rules), and a tie loses, so each of them wins on 24 special balls of 49.
  const WINS: Record<LotteryType, Record<string, number>> = {
    2: {
      't2-big': 500,
      't2-small': 500,
      't2-odd': 500,
      't2-even': 500,
      't2-big-odd': 231,
      't2-small-even': 231,
      't2-big-even': 269,
      't2-small-odd': 269,
      't2-extra-big': 56,
      't2-extra-small': 56,
      't2-wave-red': 332,
      't2-wave-green': 258,
      't2-wave-blue': 258,
    },
    1: {
      't1-special-number': 1,
      't1-special-big': 24,
      't1-special-small': 24,
      't1-special-odd': 24,
      't1-special-even': 24,
      't1-special-wave-red': 17,
      't1-special-wave-green': 16,
      't1-special-wave-blue': 16,
    },
  };

  for (const type of [2, 1] as const) {
    it(`type ${type}: every play, at stakes from 0.01 to 1,000,000.00`, () => {
      const of = BigInt(outcomeCount(type));
      const returns: string[] = [];
      for (const p of plays(type)) {
        const wins = WINS[type][p.key] ?? (type === 2 ? (TYPE2_SUM_WAYS[p.id - 300] ?? -1) : -1);
        const pays = totalPayback(type, p, 1n, 100_000);
        expect(pays / 1000n, `${p.key} wins`).toBe(BigInt(wins));
        for (const stake of [1n, 100n, 333n, 10_000n, 99_999n, 100_000_000n]) {
          const back = totalPayback(type, p, stake);
          // Σ payback / (outcomes × stake) ≤ 98 / 100
          expect(100n * back <= BigInt(MAX_RETURN_PERCENT) * of * stake, `${p.key} at ${stake}`).toBe(true);
        }
        const back = totalPayback(type, p, 10_000n);
        returns.push(`${p.playtitle} ${p.odds} ${(Number(back) / Number(of) / 100).toFixed(2)}%`);
      }
      console.log(`type ${type} returns per 100.00 staked: ${returns.join(', ')}`);
    });
  }

  it('大 小 单 双 return exactly 98 %; the totals at most 95 %', () => {
    for (const key of ['t2-big', 't2-small', 't2-odd', 't2-even']) {
      const p = findPlay(2, key) as PlayDef;
      expect([p.odds, totalPayback(2, p, 10_000n)]).toEqual([1.96, 9_800_000n]);
    }
    for (let s = 0; s <= 27; s++) {
      const p = findPlay(2, 300 + s) as PlayDef;
      expect(100n * totalPayback(2, p, 10_000n) <= 95n * 1000n * 10_000n, p.key).toBe(true);
    }
  });
});

describe('oddsAllowed', () => {
  it('allows every play its odds, and not one hundredth more than 98 % allows', () => {
    const bounds: [LotteryType, string, number][] = [
      [2, 't2-big', 196], // 0.5 × 1.96 = 0.98
      [2, 't2-big-even', 364], // 269 × 3.64 = 979.16 ≤ 980
      [2, 't2-wave-red', 295], // 332 × 2.95 = 979.4
      [2, 't2-sum-13', 1306], // 75 × 13.06 = 979.5
      [2, 't2-sum-0', 98_000],
      [1, 't1-special-number', 4802], // 48.02 / 49 = 0.98
      [1, 't1-special-big', 200], // 24 × 2 = 48 ≤ 48.02
      [1, 't1-special-wave-red', 282], // 17 × 2.82 = 47.94
    ];
    for (const [type, key, max] of bounds) {
      expect([key, oddsAllowed(type, key, max), oddsAllowed(type, key, max + 1)]).toEqual([key, true, false]);
      const p = findPlay(type, key) as PlayDef;
      // and the exact total payback agrees: at max ≤ 98 %, at max + 1 above.
      const of = BigInt(outcomeCount(type));
      expect(100n * totalPayback(type, p, 100n, max) <= 98n * of * 100n).toBe(true);
      expect(100n * totalPayback(type, p, 100n, max + 1) > 98n * of * 100n).toBe(true);
    }
    for (const type of [1, 2] as const) {
      for (const p of plays(type)) expect(oddsAllowed(type, p.id, oddsHundredths(p.odds)), p.key).toBe(true);
    }
  });

  it('refuses the old odds 2 of 大, nonsense odds and unknown plays', () => {
    expect(oddsAllowed(2, 't2-big', 200)).toBe(false);
    expect(oddsAllowed(2, 201, 197)).toBe(false);
    expect(oddsAllowed(1, 't1-special-number', 4900)).toBe(false);
    expect(oddsAllowed(2, 't2-big', 0)).toBe(false);
    expect(oddsAllowed(2, 't2-big', -5)).toBe(false);
    expect(oddsAllowed(2, 't2-big', 150.5)).toBe(false);
    expect(oddsAllowed(2, 't2-big', Number.NaN)).toBe(false);
    expect(oddsAllowed(2, 101, 100)).toBe(false);
    expect(oddsAllowed(1, 'nope', 100)).toBe(false);
  });
});
