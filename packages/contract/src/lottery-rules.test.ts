/// <reference types="node" />
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Draw } from './lottery';
import {
  ballColor,
  ballLabels,
  bytesToHex,
  deriveBalls,
  drawExtend,
  findPlay,
  hexToBytes,
  hmacSha256,
  orderSummary,
  parseBetCommand,
  payoutCents,
  playboxFor,
  roundPhase,
  roundState,
  seedHash,
  settleLine,
  sha256,
  TYPE2_SUM_WAYS,
  type2Color,
  type2Labels,
  type2SumOdds,
  utf8Bytes,
  verifyDraw,
} from './lottery-rules';

const hex = (text: string) => bytesToHex(sha256(utf8Bytes(text)));
const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

/** The derivation of the doc comment, written again on node:crypto: the server's way. */
function nodeDerive(type: 1 | 2, seed: string, expect: string): number[] {
  const key = Buffer.from(seed, 'hex');
  let stream = Buffer.alloc(0);
  let counter = 0;
  let pos = 0;
  const uniform = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      if (pos + 4 > stream.length) {
        const msg = counter === 0 ? expect : `${expect}:${counter}`;
        stream = Buffer.concat([stream, createHmac('sha256', key).update(msg, 'utf8').digest()]);
        counter++;
      }
      const w = stream.readUInt32BE(pos);
      pos += 4;
      if (w < limit) return w % n;
    }
  };
  if (type === 2) return [uniform(10), uniform(10), uniform(10)];
  const pool = Array.from({ length: 49 }, (_, i) => i + 1);
  const out: number[] = [];
  for (let i = 0; i < 7; i++) {
    const j = uniform(pool.length);
    out.push(pool[j] ?? 0);
    pool[j] = pool[pool.length - 1] ?? 0;
    pool.pop();
  }
  return out;
}

describe('SHA-256 and HMAC-SHA256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('sha256(%j)', (text, digest) => expect(hex(text)).toBe(digest));

  it.each([
    [
      'RFC 4231 case 1',
      '0b'.repeat(20),
      bytesToHex(utf8Bytes('Hi There')),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      'RFC 4231 case 2',
      bytesToHex(utf8Bytes('Jefe')),
      bytesToHex(utf8Bytes('what do ya want for nothing?')),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      'RFC 4231 case 6 (131-byte key)',
      'aa'.repeat(131),
      bytesToHex(utf8Bytes('Test Using Larger Than Block-Size Key - Hash Key First')),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
  ])('%s', (_name, key, msg, mac) =>
    expect(bytesToHex(hmacSha256(hexToBytes(key), hexToBytes(msg)))).toBe(mac),
  );

  it('equals node:crypto for random inputs of every length around the block size', () => {
    for (let len = 0; len < 200; len++) {
      const data = randomBytes(len);
      const key = randomBytes((len * 7) % 150);
      expect(bytesToHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      expect(bytesToHex(hmacSha256(key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }
  });

  it('UTF-8 like node', () => {
    const text = 'expect 期号 😀 é';
    expect(bytesToHex(utf8Bytes(text))).toBe(Buffer.from(text, 'utf8').toString('hex'));
  });
});

describe('provably fair draws', () => {
  it('seedHash is sha256 of the seed bytes', () => {
    expect(seedHash(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    expect(seedHash(SEED.toUpperCase())).toBe(seedHash(SEED));
    expect(() => seedHash('abc')).toThrow();
  });

  it('a fixed vector (also re-derived by hand with Python hmac/hashlib)', () => {
    expect(seedHash(SEED)).toBe('4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef');
    expect(deriveBalls(2, SEED, '20261122001')).toEqual([4, 7, 5]);
    expect(deriveBalls(1, SEED, '20261122001')).toEqual([36, 12, 35, 45, 38, 21, 29]);
  });

  it('the documented derivation re-run on node:crypto gives the same balls', () => {
    for (let i = 0; i < 300; i++) {
      const seed = randomBytes(32).toString('hex');
      const expectNo = `20261122${String(i).padStart(3, '0')}`;
      expect(deriveBalls(1, seed, expectNo)).toEqual(nodeDerive(1, seed, expectNo));
      expect(deriveBalls(2, seed, expectNo)).toEqual(nodeDerive(2, seed, expectNo));
    }
  });

  it('re-deriving a batch of draws gives identical balls', () => {
    const seeds = Array.from({ length: 50 }, () => randomBytes(32).toString('hex'));
    const first = seeds.map((s, i) => [deriveBalls(1, s, `e${i}`), deriveBalls(2, s, `e${i}`)]);
    const again = seeds.map((s, i) => [deriveBalls(1, s, `e${i}`), deriveBalls(2, s, `e${i}`)]);
    expect(again).toEqual(first);
  });

  it('type 1: seven distinct numbers 1–49 over 10 000 seeds', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const balls = deriveBalls(1, randomBytes(32).toString('hex'), String(i));
      expect(balls).toHaveLength(7);
      expect(new Set(balls).size).toBe(7);
      for (const b of balls) {
        expect(Number.isInteger(b) && b >= 1 && b <= 49).toBe(true);
        seen.add(b);
      }
    }
    expect(seen.size).toBe(49);
  });

  it('type 2: three balls 0–9, each digit within ±10% over 30 000 balls', () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const balls = deriveBalls(2, randomBytes(32).toString('hex'), String(i));
      expect(balls).toHaveLength(3);
      for (const b of balls) counts[b] = (counts[b] ?? 0) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 3000)).toBeLessThan(300);
  });

  it('verifyDraw checks hash and balls', () => {
    const numbers = deriveBalls(1, SEED, '2026112');
    const draw = { expect: '2026112', seed: SEED, hash: seedHash(SEED), numbers };
    expect(verifyDraw(1, draw)).toBe(true);
    expect(verifyDraw(1, { ...draw, numbers: [...numbers.slice(0, 6), numbers[6] === 1 ? 2 : 1] })).toBe(
      false,
    );
    expect(verifyDraw(1, { ...draw, hash: 'f'.repeat(64) })).toBe(false);
    expect(verifyDraw(1, { ...draw, seed: null })).toBe(false);
  });
});

describe('type 2 labels and colours', () => {
  it.each([
    [0, '小', '双', '小双', '极小', null],
    [1, '小', '单', '小单', '极小', 'green'],
    [5, '小', '单', '小单', '极小', 'blue'],
    [6, '小', '双', '小双', null, 'red'],
    [12, '小', '双', '小双', null, 'red'],
    [13, '小', '单', '小单', null, null],
    [14, '大', '双', '大双', null, null],
    [15, '大', '单', '大单', null, 'red'],
    [21, '大', '单', '大单', null, 'red'],
    [22, '大', '双', '大双', '极大', 'green'],
    [26, '大', '双', '大双', '极大', 'blue'],
    [27, '大', '单', '大单', '极大', null],
  ] as const)('total %i → %s %s %s %s %s', (sum, size, parity, combo, extreme, color) =>
    expect(type2Labels(sum)).toEqual({ sum, size, parity, combo, extreme, color }),
  );

  it('colour table', () => {
    const by = (c: string | null) =>
      Array.from({ length: 28 }, (_, s) => s).filter((s) => type2Color(s) === c);
    expect(by('red')).toEqual([3, 6, 9, 12, 15, 18, 21, 24]);
    expect(by('green')).toEqual([1, 4, 7, 10, 16, 19, 22, 25]);
    expect(by('blue')).toEqual([2, 5, 8, 11, 17, 20, 23, 26]);
    expect(by(null)).toEqual([0, 13, 14, 27]);
  });

  it('extend reads back through the contract Draw', () => {
    expect(drawExtend(2, [9, 9, 4])).toEqual({ sum: 22, text: '大双', color: 'green' });
    expect(drawExtend(2, [0, 6, 7])).toEqual({ sum: 13, text: '小单', color: '' });
    const d = Draw.parse({ expect: '1', opencode: '9,9,4', extend: drawExtend(2, [9, 9, 4]) });
    expect(d).toMatchObject({ numbers: [9, 9, 4], sum: 22, text: '大双', color: 'green' });
  });
});

describe('type 1 labels and colours', () => {
  it('wave table', () => {
    const by = (c: string) => Array.from({ length: 49 }, (_, i) => i + 1).filter((n) => ballColor(n) === c);
    expect(by('red')).toEqual([1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46]);
    expect(by('blue')).toEqual([3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48]);
    expect(by('green')).toEqual([5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49]);
  });

  it.each([
    [1, 'red', '小', '单'],
    [24, 'red', '小', '双'],
    [25, 'blue', '大', '单'],
    [48, 'blue', '大', '双'],
    [49, 'green', '和', '和'],
  ] as const)('ball %i → %s %s %s', (number, color, size, parity) =>
    expect(ballLabels(number)).toEqual({ number, color, size, parity }),
  );

  it('extend reads back through the contract Draw', () => {
    const balls = [1, 12, 23, 34, 45, 46, 49];
    const ext = drawExtend(1, balls);
    expect(ext.balls[0]).toEqual({ number: 1, color: 'red', text: '小单' });
    expect(ext.balls[6]).toEqual({ number: 49, color: 'green', text: '和' });
    const d = Draw.parse({ expect: '1', extend: ext });
    expect(d.numbers).toEqual(balls);
    expect(d.balls[3]).toEqual({ number: 34, color: 'red', text: '大双' });
  });
});

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
      for (const p of plays) expect(findPlay(type, p.id)?.key).toBe(p.key);
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
    expect(t1[0]?.childrens).toEqual([{ id: 101, key: 't1-special-number', playtitle: '特码', odds: 47 }]);
    expect(t1[1]?.childrens.every((p) => p.odds === 1.95)).toBe(true);
    expect(t1[2]?.childrens.every((p) => p.odds === 2.8)).toBe(true);
    expect(findPlay(1, 't2-big')).toBeNull();
    expect(findPlay(2, 101)).toBeNull();
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

  it('pays 47× on 特码, by numeric id too', () =>
    expect(settleLine(1, 101, [7], [1, 2, 3, 4, 5, 6, 7], 250)?.payoutCents).toBe(11750));

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
