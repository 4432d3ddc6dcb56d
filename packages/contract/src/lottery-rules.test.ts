import { describe, expect, it } from 'vitest';
import {
  findPlay,
  NUMBER_PLAY_BASE,
  resolveLine,
  orderSummary,
  parseBetCommand,
  payoutCents,
  playboxFor,
  roundPhase,
  roundState,
  settleLine,
  TYPE2_SUM_WAYS,
  type2SumOdds,
} from './lottery-rules';

describe('plays and odds', () => {
  it('type 2 total odds = 0.95 / P(total), rounded down to the cent', () => {
    expect(TYPE2_SUM_WAYS.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(TYPE2_SUM_WAYS.slice(0, 15)).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75, 75]);
    expect([0, 1, 13, 14, 27].map(type2SumOdds)).toEqual([950, 316.66, 12.66, 12.66, 950]);
  });

  it('playbox: unique stable ids, groups and odds', () => {
    for (const type of [1, 2] as const) {
      const plays = playboxFor(type).flatMap((g) => g.childrens);
      expect(new Set(plays.map((p) => p.id)).size).toBe(plays.length);
      expect(new Set(plays.map((p) => p.key)).size).toBe(plays.length);
      for (const p of plays) {
        // A 特码 number play is the number play with its number (data []): findPlay knows the play.
        const line = resolveLine(type, p.id, []);
        expect(line?.play.odds).toBe(p.odds);
        if (p.id < NUMBER_PLAY_BASE) expect(findPlay(type, p.id)?.key).toBe(p.key);
      }
    }
    const t2 = playboxFor(2);
    expect(t2.map((g) => [g.name, g.special, g.childrens.length])).toEqual([
      ['大小单双', 0, 10],
      ['和值', 0, 28],
      ['波色', 0, 3],
    ]);
    expect(t2[0]?.childrens.map((p) => `${p.playtitle}${p.odds}`).join(' ')).toBe(
      '大1.96 小1.96 单1.96 双1.96 大单3.2 小双3.2 大双3.6 小单3.6 极大12 极小12',
    );
    expect(findPlay(2, 't2-sum-13')).toMatchObject({ id: 313, playtitle: '13', odds: 12.66 });
    expect(findPlay(2, 't2-wave-red')).toMatchObject({ playtitle: '红波', odds: 2.8 });
    const t1 = playboxFor(1);
    expect(t1.map((g) => [g.name, g.special])).toEqual([
      ['特码', 1],
      ['特码大小单双', 0],
      ['特码波色', 0],
    ]);
    // Spec §3 (data: []): 特码 goes out as one play per number, 01–49.
    expect(t1[0]?.childrens).toHaveLength(49);
    expect(t1[0]?.childrens[0]).toEqual({ id: 1001, key: 't1-special-number-01', playtitle: '01', odds: 47 });
    expect(t1[0]?.childrens[48]).toEqual({
      id: 1049,
      key: 't1-special-number-49',
      playtitle: '49',
      odds: 47,
    });
    expect(t1[1]?.childrens.every((p) => p.odds === 1.95)).toBe(true);
    expect(t1[2]?.childrens.every((p) => p.odds === 2.8)).toBe(true);
    expect(findPlay(1, 't2-big')).toBeNull();
    expect(findPlay(2, 101)).toBeNull();
    expect(resolveLine(2, 1007, [])).toBeNull();
    expect(resolveLine(1, 1007, [])).toMatchObject({ play: { id: 101 }, pick: 7 });
    expect(resolveLine(1, 101, [7])).toMatchObject({ play: { id: 101 }, pick: 7 });
    expect(resolveLine(1, 1007, [7])).toBeNull();
    expect(resolveLine(1, 1050, [])).toBeNull();
  });

  it.each([
    [100, 2, 200],
    [1000, 12.67, 12670],
    [333, 1.95, 649],
    [101, 3.6, 363],
    [1, 2.8, 2],
    [100, 950, 95000],
  ])('payout %i × %d = %i cents', (stake, odds, cents) => expect(payoutCents(stake, odds)).toBe(cents));
});

describe('settlement', () => {
  it.each([
    // type 2: balls → total
    [2, 't2-big', [], [5, 5, 4], true], // 14
    [2, 't2-big', [], [5, 5, 3], false], // 13
    [2, 't2-small', [], [5, 5, 3], true],
    [2, 't2-odd', [], [0, 0, 1], true],
    [2, 't2-even', [], [0, 0, 0], true],
    [2, 't2-big-odd', [], [9, 9, 9], true], // 27
    [2, 't2-big-even', [], [9, 9, 9], false],
    [2, 't2-big-even', [], [5, 5, 4], true],
    [2, 't2-small-odd', [], [5, 5, 3], true],
    [2, 't2-small-even', [], [0, 0, 0], true],
    [2, 't2-extra-big', [], [9, 9, 4], true], // 22
    [2, 't2-extra-big', [], [9, 9, 3], false], // 21
    [2, 't2-extra-small', [], [0, 0, 5], true],
    [2, 't2-extra-small', [], [0, 0, 6], false],
    [2, 't2-sum-13', [], [4, 4, 5], true],
    [2, 't2-sum-13', [], [4, 4, 6], false],
    [2, 't2-sum-0', [], [0, 0, 0], true],
    [2, 't2-wave-red', [], [1, 1, 1], true], // 3
    [2, 't2-wave-green', [], [1, 0, 0], true], // 1
    [2, 't2-wave-blue', [], [9, 9, 8], true], // 26
    [2, 't2-wave-red', [], [0, 0, 0], false], // 0: no colour
    [2, 't2-wave-green', [], [4, 4, 5], false], // 13: no colour
    [2, 't2-wave-blue', [], [4, 5, 5], false], // 14: no colour
    [2, 't2-wave-red', [], [9, 9, 9], false], // 27: no colour
    // type 1: the seventh ball is the special ball
    [1, 't1-special-number', [7], [1, 2, 3, 4, 5, 6, 7], true],
    [1, 't1-special-number', [6], [1, 2, 3, 4, 5, 6, 7], false],
    [1, 't1-special-big', [], [1, 2, 3, 4, 5, 6, 25], true],
    [1, 't1-special-big', [], [1, 2, 3, 4, 5, 6, 24], false],
    [1, 't1-special-small', [], [1, 2, 3, 4, 5, 6, 24], true],
    [1, 't1-special-odd', [], [1, 2, 3, 4, 5, 6, 47], true],
    [1, 't1-special-even', [], [1, 2, 3, 4, 5, 6, 48], true],
    [1, 't1-special-big', [], [1, 2, 3, 4, 5, 6, 49], false], // 49: tie, loses
    [1, 't1-special-small', [], [1, 2, 3, 4, 5, 6, 49], false],
    [1, 't1-special-odd', [], [1, 2, 3, 4, 5, 6, 49], false],
    [1, 't1-special-even', [], [1, 2, 3, 4, 5, 6, 49], false],
    [1, 't1-special-number', [49], [1, 2, 3, 4, 5, 6, 49], true],
    [1, 't1-special-wave-green', [], [1, 2, 3, 4, 5, 6, 49], true],
    [1, 't1-special-wave-red', [], [3, 2, 9, 4, 5, 6, 1], true],
    [1, 't1-special-wave-blue', [], [3, 2, 9, 4, 5, 6, 1], false], // only the special ball counts
  ] as const)('type %i %s %j on %j → %s', (type, key, data, balls, won) => {
    const r = settleLine(type, key, data, balls, 1000);
    const odds = findPlay(type, key)?.odds ?? NaN;
    expect(r).toEqual({ won, odds, payoutCents: won ? payoutCents(1000, odds) : 0 });
  });

  it('pays 47× on 特码, by numeric id too, and the same on its number play (spec wire)', () => {
    expect(settleLine(1, 101, [7], [1, 2, 3, 4, 5, 6, 7], 250)?.payoutCents).toBe(11750);
    expect(settleLine(1, 1007, [], [1, 2, 3, 4, 5, 6, 7], 250)?.payoutCents).toBe(11750);
    expect(settleLine(1, 1008, [], [1, 2, 3, 4, 5, 6, 7], 250)?.payoutCents).toBe(0);
  });

  it.each([
    [1, 't1-special-number', []],
    [1, 't1-special-number', [50]],
    [1, 't1-special-number', [1, 2]],
    [1, 't1-special-big', [3]],
    [2, 't2-big', [3]],
    [2, 'nope', []],
  ] as const)('type %i %s with data %j is refused', (type, key, data) =>
    expect(settleLine(type, key, data, [1, 2, 3, 4, 5, 6, 7], 100)).toBeNull(),
  );
});

describe('text commands of type 2 rooms', () => {
  const lines = (text: string) => {
    const r = parseBetCommand(text);
    return r.ok ? r.lines.map((l) => `${l.key}:${l.amountCents}`) : r.message;
  };
  it.each([
    ['大100 单50', ['t2-big:10000', 't2-odd:5000']],
    ['13 20', ['t2-sum-13:2000']],
    ['大单30', ['t2-big-odd:3000']],
    ['大 100', ['t2-big:10000']],
    ['  极小5，红波20  0 1 ', ['t2-extra-small:500', 't2-wave-red:2000', 't2-sum-0:100']],
    ['大100 13 20 小双1', ['t2-big:10000', 't2-sum-13:2000', 't2-small-even:100']],
    ['', '请选择投注内容'],
    ['大0', '单注金额不能低于1元'],
    ['1320', '无法识别的下注指令：1320'],
    ['28 10', '无法识别的下注指令：28 10'],
    ['特码10', '无法识别的下注指令：特码10'],
    ['大', '无法识别的下注指令：大'],
    ['大10.5', '无法识别的下注指令：大10.5'],
    ['hello', '无法识别的下注指令：hello'],
    ['大100 小', '无法识别的下注指令：小'],
  ] as const)('%j → %j', (text, expected) => expect(lines(text)).toEqual(expected));

  it('refuses more than 100 lines', () => {
    expect(parseBetCommand(Array(101).fill('大1').join(' '))).toEqual({ ok: false, message: '投注数量过多' });
  });
});

describe('round state (spec §4)', () => {
  it.each([
    [120, 30, 'open'],
    [31, 30, 'open'],
    [30, 30, 'closed'],
    [1, 30, 'closed'],
    [0, 30, 'drawing'],
    [-1, 30, 'reload'],
  ] as const)('timeout %i, ftime %i → %s', (timeout, ftime, state) => {
    expect(roundState(timeout, ftime)).toBe(state);
    if (state !== 'reload') expect(roundPhase(timeout, ftime)).toBe(state);
  });
});

describe('order summary', () => {
  it.each([
    [[], 0, 0, '共0单, 合计0.00元'],
    [[1000], 1, 1000, '共1单, 合计10.00元'],
    [[1000, 2000, 50050], 3, 53050, '共3单, 合计530.50元'],
  ])('%j → %i lines, %i cents', (amounts, count, totalCents, text) =>
    expect(orderSummary(amounts.map((amountCents) => ({ amountCents })))).toEqual({
      count,
      totalCents,
      text,
    }),
  );
});
