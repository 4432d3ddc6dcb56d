/**
 * Valid bets are the money truly at risk (server-rules 'Lottery'; hostile review of 2026-11-27 §2):
 * the spread of a position's payback, scaled so one straight bet counts in full, at most the stake.
 * Checked against a brute force over every raw outcome (all 1000 triples; the 49 special balls with
 * random other balls), so the outcome classes cannot hide a mistake.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LotteryType } from './enums';
import { isqrt, linePayoutCents, lineIsVoid, moneyAtRisk, type RiskLine } from './lottery-risk';
import { findPlay, oddsHundredths, playboxFor, resolveLine, type PlayDef } from './lottery-rules';

const TRIPLES: number[][] = [];
for (let a = 0; a < 10; a++)
  for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) TRIPLES.push([a, b, c]);
const NUMBERS = Array.from({ length: 49 }, (_, i) => i + 1);

/** Seven distinct balls, the special one last, the others from a deterministic generator. */
function outcomes(type: LotteryType, seed: number): number[][] {
  if (type === 2) return TRIPLES;
  let x = seed >>> 0 || 1;
  const rand = () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0), x / 2 ** 32);
  return NUMBERS.map((special) => {
    const pool = NUMBERS.filter((n) => n !== special);
    const six = Array.from({ length: 6 }, () => pool.splice(Math.floor(rand() * pool.length), 1)[0] ?? 0);
    return [...six, special];
  });
}

const line = (type: LotteryType, key: string, cents: number, pick: number | null = null): RiskLine => {
  const p = findPlay(type, key) as PlayDef;
  return { playId: p.id, pick, stakeCents: BigInt(cents), oddsHundredths: oddsHundredths(p.odds) };
};
const yuan = (type: LotteryType, key: string, y: number, pick: number | null = null) =>
  line(type, key, y * 100, pick);

/** W²·variance of paybacks over equally likely outcomes. */
function scaledVar(paybacks: bigint[]): bigint {
  const n = BigInt(paybacks.length);
  const sum = paybacks.reduce((s, p) => s + p, 0n);
  const squares = paybacks.reduce((s, p) => s + p * p, 0n);
  return n * squares - sum * sum;
}

/** The rule written out over raw outcomes: valid = min(stake, max(σ / 0.98, σ / σ_h per unit of each holding)). */
function brute(type: LotteryType, lines: readonly RiskLine[], seed: number) {
  const draws = outcomes(type, seed);
  const real = lines.filter((l) => !lineIsVoid(type, l));
  const realStake = real.reduce((s, l) => s + l.stakeCents, 0n);
  const pay = (ls: readonly RiskLine[]) =>
    draws.map((b) => ls.reduce((s, l) => s + linePayoutCents(type, l, b), 0n));
  const position = pay(real);
  const v = scaledVar(position);
  const n = BigInt(draws.length);
  let valid = isqrt((v * 10_000n) / (9_604n * n * n));
  const keys = new Set(real.map((l) => `${l.playId}:${l.pick ?? ''}:${l.oddsHundredths}`));
  for (const k of keys) {
    const h = real.filter((l) => `${l.playId}:${l.pick ?? ''}:${l.oddsHundredths}` === k);
    const own = scaledVar(pay(h));
    const stake = h.reduce((s, l) => s + l.stakeCents, 0n);
    if (own > 0n) {
      const x = isqrt((v * stake * stake) / own);
      if (x > valid) valid = x;
    }
  }
  const expectedLossTimesN = realStake * n - position.reduce((s, p) => s + p, 0n);
  const sd = Math.sqrt(Number(v)) / Number(n);
  return { realStake, valid: valid < realStake ? valid : realStake, expectedLossTimesN, n, sd };
}

const plays = (type: LotteryType): PlayDef[] => [
  ...new Set(
    playboxFor(type).flatMap((g) =>
      g.childrens.map((c) => (resolveLine(type, c.id, [])?.play ?? findPlay(type, c.id)) as PlayDef),
    ),
  ),
];

describe('isqrt', () => {
  it('is the floor of the square root, exactly, past 2^53', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 30n, 10n ** 30n - 1n, 2n ** 80n + 12345n]) {
      const r = isqrt(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n, String(n)).toBe(true);
    }
  });
});

describe('moneyAtRisk: the money truly at risk', () => {
  it('a single bet of any play counts its whole stake, at any stake', () => {
    for (const type of [2, 1] as const) {
      for (const p of plays(type)) {
        for (const cents of [100, 101, 999, 12_345, 5_000_000]) {
          const l = line(type, p.key, cents, p.picksNumber ? 7 : null);
          expect(moneyAtRisk(type, [l]).validCents, `${p.key} ${cents}`).toBe(BigInt(cents));
        }
      }
    }
    // Two orders on the same play are one bet.
    expect(moneyAtRisk(2, [yuan(2, 't2-big', 100), yuan(2, 't2-big', 50)]).validCents).toBe(15_000n);
  });

  it('大+小 and 大+小+单+双 count 0; the whole 特码 grid counts 0', () => {
    expect(moneyAtRisk(2, [yuan(2, 't2-big', 100), yuan(2, 't2-small', 100)])).toEqual({
      stakeCents: 20_000n,
      spreadCents: 0n,
      validCents: 0n,
    });
    const four = ['t2-big', 't2-small', 't2-odd', 't2-even'].map((k) => yuan(2, k, 100));
    expect(moneyAtRisk(2, four).validCents).toBe(0n);
    const grid = NUMBERS.map((n) => yuan(1, 't1-special-number', 100, n));
    expect(moneyAtRisk(1, grid).validCents).toBe(0n);
  });

  it('the hostile portfolio (大 + 小单 + even totals 2–12, only total 0 uncovered) counts ≤ 10 %', () => {
    // The review's shares of a 599.94 stake; it gets back ≥ 97 % on 999 of 1000 outcomes.
    const shares: [string, number][] = [
      ['t2-big', 49.53],
      ['t2-small-odd', 26.96],
      ['t2-sum-2', 0.61],
      ['t2-sum-4', 1.53],
      ['t2-sum-6', 2.86],
      ['t2-sum-8', 4.6],
      ['t2-sum-10', 6.44],
      ['t2-sum-12', 7.46],
    ];
    const lines = shares.map(([k, s]) => line(2, k, Math.round((59_994 * s) / 100)));
    const r = moneyAtRisk(2, lines);
    expect(r.stakeCents).toBe(59_989n);
    // Was 59,989 (all of it) under the least-payback rule.
    expect(r.validCents).toBe(1_878n);
    expect(r.validCents * 10n).toBeLessThanOrEqual(r.stakeCents);
  });

  it('partly hedged positions count their spread', () => {
    // 大 300 + 小 100: 588 or 196 back, spread 196 ⇒ 200.00, as much as 大 200 alone.
    expect(moneyAtRisk(2, [yuan(2, 't2-big', 300), yuan(2, 't2-small', 100)]).validCents).toBe(20_000n);
    // 大 + 小 hedged, 单 at risk: 100.00.
    expect(
      moneyAtRisk(
        2,
        ['t2-big', 't2-small', 't2-odd'].map((k) => yuan(2, k, 100)),
      ).validCents,
    ).toBe(10_000n);
    // 大 + 单 overlap (大单 wins both, 小双 neither): less spread than 200.00 on one side.
    expect(moneyAtRisk(2, [yuan(2, 't2-big', 100), yuan(2, 't2-odd', 100)]).validCents).toBe(13_594n);
    // Type 1 特码大 + 小: 49 loses both, otherwise one pays 1.95: 2.82 of 20.00.
    expect(moneyAtRisk(1, [yuan(1, 't1-special-big', 10), yuan(1, 't1-special-small', 10)]).validCents).toBe(
      282n,
    );
    expect(moneyAtRisk(2, [])).toEqual({ stakeCents: 0n, spreadCents: 0n, validCents: 0n });
  });

  it('a void line (a play the rules do not know) comes back whole: neither at risk nor hedging', () => {
    const voidLine: RiskLine = { playId: 999, pick: null, stakeCents: 500n, oddsHundredths: 200 };
    expect(moneyAtRisk(2, [voidLine]).validCents).toBe(0n);
    expect(moneyAtRisk(2, [voidLine, yuan(2, 't2-big', 100)])).toMatchObject({
      stakeCents: 10_500n,
      validCents: 10_000n,
    });
    expect(
      moneyAtRisk(1, [yuan(1, 't1-special-number', 100, 50), yuan(1, 't1-special-big', 10)]),
    ).toMatchObject({
      stakeCents: 11_000n,
      validCents: 1_000n,
    });
  });

  const stake = fc.integer({ min: 100, max: 5_000_000 });
  const riskLine = (type: LotteryType) =>
    fc
      .record({ p: fc.constantFrom(...plays(type)), stake, pick: fc.integer({ min: 1, max: 49 }) })
      .map(({ p, stake, pick }) => line(type, p.key, stake, p.picksNumber ? pick : null));
  const voidLine = stake.map((s): RiskLine => ({
    playId: 999,
    pick: null,
    stakeCents: BigInt(s),
    oddsHundredths: 196,
  }));
  /** 大+小 or 单+双 at one stake each, to mix hedges into random portfolios. */
  const hedgePair = fc
    .record({ pair: fc.constantFrom(['t2-big', 't2-small'], ['t2-odd', 't2-even']), stake })
    .map(({ pair, stake }) => pair.map((k) => line(2, k, stake)));
  const portfolios: Record<LotteryType, fc.Arbitrary<RiskLine[]>> = {
    2: fc.oneof(
      fc.array(fc.oneof({ arbitrary: riskLine(2), weight: 9 }, { arbitrary: voidLine, weight: 1 }), {
        minLength: 1,
        maxLength: 12,
      }),
      fc
        .tuple(fc.array(hedgePair, { minLength: 1, maxLength: 4 }), fc.array(riskLine(2), { maxLength: 3 }))
        .map(([pairs, extra]) => [...pairs.flat(), ...extra]),
    ),
    1: fc.array(fc.oneof({ arbitrary: riskLine(1), weight: 9 }, { arbitrary: voidLine, weight: 1 }), {
      minLength: 1,
      maxLength: 12,
    }),
  };

  for (const type of [2, 1] as const) {
    it(`type ${type}, random portfolios: the rule over raw outcomes, 0 ≤ valid ≤ stake, expected loss ≥ 2 % × valid`, () => {
      fc.assert(
        fc.property(portfolios[type], fc.nat(), (lines, seed) => {
          const r = moneyAtRisk(type, lines);
          const b = brute(type, lines, seed);
          expect(r.validCents).toBe(b.valid);
          expect(r.validCents >= 0n && r.validCents <= b.realStake).toBe(true);
          // The spread itself, to the cent (floating point only as a second opinion).
          expect(Math.abs(Number(r.spreadCents) - b.sd)).toBeLessThan(1.000001);
          // Never cheaper than betting straight: house edge × valid ≤ expected loss.
          expect(100n * b.expectedLossTimesN >= 2n * r.validCents * b.n).toBe(true);
        }),
        { numRuns: 150, seed: 27 },
      );
    });
  }
});
