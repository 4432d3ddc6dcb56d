/**
 * How a drawn result reads (server-rules 'Lottery', spec §3): the labels and wave colours of a type 2
 * total and of a type 1 ball, and a draw's `extend` as the contract's Draw reads it. The plays settle on
 * these labels (lottery-rules); the web app shows them.
 */
import { BALL_MAX } from './lottery';
import type { WaveColor } from './lottery-result';
import type { LotteryType } from './enums';

export const COLOR_NAMES: Record<WaveColor, string> = { red: '红波', green: '绿波', blue: '蓝波' };

/** Type 2 total's colour: 红 3 6 … 24, 绿 1 4 7 10 16 19 22 25, 蓝 2 5 8 11 17 20 23 26, none for 0 13 14 27. */
export function type2Color(sum: number): WaveColor | null {
  if (sum <= 0 || sum === 13 || sum === 14 || sum >= 27) return null;
  return sum % 3 === 0 ? 'red' : sum % 3 === 1 ? 'green' : 'blue';
}

export interface Type2Labels {
  sum: number;
  /** 大 14–27, 小 0–13. */
  size: '大' | '小';
  parity: '单' | '双';
  /** 大单 大双 小单 小双. */
  combo: string;
  /** 极大 22–27, 极小 0–5. */
  extreme: '极大' | '极小' | null;
  color: WaveColor | null;
}

export function type2Labels(sum: number): Type2Labels {
  const size = sum >= 14 ? '大' : '小';
  const parity = sum % 2 === 1 ? '单' : '双';
  return {
    sum,
    size,
    parity,
    combo: size + parity,
    extreme: sum >= 22 ? '极大' : sum <= 5 ? '极小' : null,
    color: type2Color(sum),
  };
}

const RED_WAVE = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const BLUE_WAVE = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];

/** Type 1 ball's wave colour (the standard table of 1–49). */
export function ballColor(n: number): WaveColor {
  if (RED_WAVE.includes(n)) return 'red';
  if (BLUE_WAVE.includes(n)) return 'blue';
  return 'green';
}

export interface BallLabels {
  number: number;
  color: WaveColor;
  /** 大 25–48, 小 1–24, 和 for 49. */
  size: '大' | '小' | '和';
  /** 单 / 双, 和 for 49. */
  parity: '单' | '双' | '和';
}

export function ballLabels(n: number): BallLabels {
  const tie = n === BALL_MAX;
  return {
    number: n,
    color: ballColor(n),
    size: tie ? '和' : n >= 25 ? '大' : '小',
    parity: tie ? '和' : n % 2 === 1 ? '单' : '双',
  };
}

export type Type2Extend = { sum: number; text: string; color: WaveColor | '' };
export type Type1Extend = { balls: { number: number; color: WaveColor; text: string }[] };

/**
 * `extend` of a draw as the contract's Draw reads it. Type 2: `{sum, text: '大单', color: 'red' | ''}`;
 * type 1: `{balls: [{number, color: 'red', text: '小双' | '和'}]}` (the last ball is the special ball).
 */
export function drawExtend(type: 2, balls: readonly number[]): Type2Extend;
export function drawExtend(type: 1, balls: readonly number[]): Type1Extend;
export function drawExtend(type: LotteryType, balls: readonly number[]): Type2Extend | Type1Extend;
export function drawExtend(type: LotteryType, balls: readonly number[]): Type2Extend | Type1Extend {
  if (type === 2) {
    const l = type2Labels(balls.reduce((s, b) => s + b, 0));
    return { sum: l.sum, text: l.combo, color: l.color ?? '' };
  }
  return {
    balls: balls.map((n) => {
      const l = ballLabels(n);
      return { number: n, color: l.color, text: n === BALL_MAX ? '和' : l.size + l.parity };
    }),
  };
}

/** A round as operators read it: "加拿大28 第3345678期" (the lottery's title and the round's number), never an id. */
export const roundLabel = (lotteryTitle: string, expect: string) => `${lotteryTitle} 第${expect}期`;
