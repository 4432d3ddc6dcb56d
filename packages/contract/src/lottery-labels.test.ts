import { describe, expect, it } from 'vitest';
import { Draw } from './lottery-result';
import { ballColor, ballLabels, drawExtend, type2Color, type2Labels } from './lottery-labels';

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
