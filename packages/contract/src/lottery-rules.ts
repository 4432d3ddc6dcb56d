/**
 * The pure rules of the lottery (server-rules 'Lottery', spec §2–§4, §9): provably fair draws,
 * labels and colours, plays and odds, settlement, the text commands of type 2 rooms, round state and
 * the order summary. No I/O and no Node-only modules: the server's draw and settlement and the web
 * app's bet panel and verify view run this same code.
 */
import { formatCents, MAX_AMOUNT_CENTS } from './codecs';
import {
  BALL_MAX,
  BALL_MIN,
  BET_LINE_MIN_CENTS,
  MAX_ORDER_LINES,
  MSG_BET_EMPTY,
  MSG_BET_LINE_MIN,
  roundPhase,
  type RoundPhase,
  type WaveColor,
} from './lottery';
import { MAX_RETURN_PERCENT, outcomeClasses, outcomeCount, withinHouseEdge } from './lottery-outcomes';

export type LotteryType = 1 | 2;

import { bytesToHex, hexToBytes, hmacSha256, sha256, utf8Bytes } from './sha256';

export { bytesToHex, hexToBytes, hmacSha256, sha256, utf8Bytes };

/** arr[i], 0 when out of range (the index checks below keep it in range). */
function at(arr: ArrayLike<number>, i: number): number {
  return arr[i] ?? 0;
}

/* Provably fair draws ------------------------------------------------------------------------------ */

/** A seed is 32 bytes written as 64 hex digits. */
export function isSeed(seed: string): boolean {
  return /^[0-9a-f]{64}$/i.test(seed);
}

function seedBytes(seed: string): Uint8Array {
  if (!isSeed(seed)) throw new Error('a seed is 64 hex digits');
  return hexToBytes(seed);
}

/** The hash published when a round opens: sha256 of the 32 seed bytes (not of the hex text), hex. */
export function seedHash(seed: string): string {
  return bytesToHex(sha256(seedBytes(seed)));
}

/**
 * The balls of round `expect` from its 32-byte `seed`. Anyone can re-run it by hand:
 *
 * 1. key = the 32 bytes of the seed (64 hex digits decoded); check that sha256(key), in hex, equals the
 *    hash published when the round opened.
 * 2. A byte stream: block 0 = HMAC-SHA256(key, UTF-8 bytes of `expect`), block c = HMAC-SHA256(key,
 *    UTF-8 bytes of `expect + ':' + c`) for c = 1, 2, … (c in decimal, e.g. '20261122001:1'); the stream
 *    is block 0 ‖ block 1 ‖ block 2 ‖ … and is read from the start, 4 bytes at a time, each 4 bytes
 *    being one unsigned 32-bit big-endian word w.
 * 3. A number in 0…n−1 (rejection sampling, no modulo bias): limit = 2^32 − (2^32 mod n), the largest
 *    multiple of n not above 2^32; read words until one has w < limit (words ≥ limit are discarded);
 *    the number is w mod n.
 * 4. Type 2: three balls, each a number in 0…n−1 with n = 10, in stream order; the total is their sum.
 * 5. Type 1: a pool holds 1, 2, …, 49 in ascending order. Seven times: with m the pool size (49, 48, …,
 *    43), draw j in 0…m−1 as in step 3; the ball is pool[j] (0-based); then pool[j] is replaced by the
 *    pool's last element and the last element removed. The seven balls are distinct, in draw order; the
 *    seventh is the special ball (特码).
 *
 * `opencode` publishes the balls in this order. Example: seed 0011…eeff (00112233445566778899aabbccddeeff
 * twice), hash 4773d12e…dfadfef, expect '20261122001' → type 2: 4 7 5; type 1: 36 12 35 45 38 21 29.
 */
export function deriveBalls(type: LotteryType, seed: string, expect: string): number[] {
  const key = seedBytes(seed);
  let block = hmacSha256(key, utf8Bytes(expect));
  let counter = 0;
  let pos = 0;
  const word = (): number => {
    if (pos + 4 > block.length) {
      counter += 1;
      block = hmacSha256(key, utf8Bytes(`${expect}:${counter}`));
      pos = 0;
    }
    const w =
      ((at(block, pos) << 24) |
        (at(block, pos + 1) << 16) |
        (at(block, pos + 2) << 8) |
        at(block, pos + 3)) >>>
      0;
    pos += 4;
    return w;
  };
  const uniform = (n: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = word();
      if (w < limit) return w % n;
    }
  };
  if (type === 2) return [uniform(10), uniform(10), uniform(10)];
  const pool = Array.from({ length: BALL_MAX - BALL_MIN + 1 }, (_, i) => i + BALL_MIN);
  const balls: number[] = [];
  for (let i = 0; i < 7; i++) {
    const j = uniform(pool.length);
    balls.push(at(pool, j));
    pool[j] = at(pool, pool.length - 1);
    pool.pop();
  }
  return balls;
}

/** The verify view: the seed matches the published hash and re-derives the published balls. */
export function verifyDraw(
  type: LotteryType,
  draw: { expect: string; seed: string | null; hash: string | null; numbers: readonly number[] },
): boolean {
  if (!draw.seed || !draw.hash || !isSeed(draw.seed)) return false;
  if (seedHash(draw.seed) !== draw.hash.toLowerCase()) return false;
  const balls = deriveBalls(type, draw.seed, draw.expect);
  return balls.length === draw.numbers.length && balls.every((b, i) => b === draw.numbers[i]);
}

/* Labels and colours ------------------------------------------------------------------------------- */

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

/* Plays, odds and settlement ----------------------------------------------------------------------- */

/** Ways three balls 0–9 make each total 0–27 (of 1000 outcomes). */
export const TYPE2_SUM_WAYS: readonly number[] = Array.from({ length: 28 }, (_, s) => {
  let ways = 0;
  for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) if (s - a - b >= 0 && s - a - b <= 9) ways++;
  return ways;
});

/**
 * Odds of a type 2 total: 0.95 / P(total), P = ways / 1000, rounded DOWN to the cent so the return
 * stays ≤ 95 % (total 0 or 27: 950; 13 or 14: 12.66). In integers: ⌊95000 / ways⌋ hundredths.
 */
export function type2SumOdds(sum: number): number {
  return Math.floor(95_000 / at(TYPE2_SUM_WAYS, sum)) / 100;
}

/** What a play wins on: the balls of the draw and the line's `data`. */
type Rule = (balls: readonly number[], data: readonly number[]) => boolean;

export interface PlayDef {
  /** Stable numeric id (the contract's play ids are integers ≥ 1): type 1 1xx, type 2 2xx / 3xx. */
  id: number;
  /** Stable string key, e.g. 't2-big', 't2-sum-13', 't1-special-number'. */
  key: string;
  playtitle: string;
  odds: number;
  /** The line carries one number 1–49 in `data` (the 特码 grid). */
  picksNumber: boolean;
  wins: Rule;
}

export interface PlayGroupDef {
  name: string;
  desc: string;
  special: number;
  childrens: PlayDef[];
}

const sumOf = (balls: readonly number[]) => balls.reduce((s, b) => s + b, 0);
const t2 =
  (pick: (l: Type2Labels) => boolean): Rule =>
  (balls) =>
    pick(type2Labels(sumOf(balls)));
const special =
  (pick: (l: BallLabels) => boolean): Rule =>
  (balls) =>
    balls.length === 7 && pick(ballLabels(at(balls, 6)));

function play(
  id: number,
  key: string,
  playtitle: string,
  odds: number,
  wins: Rule,
  picksNumber = false,
): PlayDef {
  return { id, key, playtitle, odds, wins, picksNumber };
}

const TYPE2_GROUPS: PlayGroupDef[] = [
  {
    name: '大小单双',
    desc: '三个号码之和：大 14–27，小 0–13；单双按和值奇偶；极大 22–27，极小 0–5。',
    special: 0,
    childrens: [
      play(
        201,
        't2-big',
        '大',
        1.96,
        t2((l) => l.size === '大'),
      ),
      play(
        202,
        't2-small',
        '小',
        1.96,
        t2((l) => l.size === '小'),
      ),
      play(
        203,
        't2-odd',
        '单',
        1.96,
        t2((l) => l.parity === '单'),
      ),
      play(
        204,
        't2-even',
        '双',
        1.96,
        t2((l) => l.parity === '双'),
      ),
      play(
        205,
        't2-big-odd',
        '大单',
        3.2,
        t2((l) => l.combo === '大单'),
      ),
      play(
        206,
        't2-small-even',
        '小双',
        3.2,
        t2((l) => l.combo === '小双'),
      ),
      play(
        207,
        't2-big-even',
        '大双',
        3.6,
        t2((l) => l.combo === '大双'),
      ),
      play(
        208,
        't2-small-odd',
        '小单',
        3.6,
        t2((l) => l.combo === '小单'),
      ),
      play(
        209,
        't2-extra-big',
        '极大',
        12,
        t2((l) => l.extreme === '极大'),
      ),
      play(
        210,
        't2-extra-small',
        '极小',
        12,
        t2((l) => l.extreme === '极小'),
      ),
    ],
  },
  {
    name: '和值',
    desc: '猜三个号码之和 0–27，赔率按出现概率计算。',
    special: 0,
    childrens: Array.from({ length: 28 }, (_, s) =>
      play(300 + s, `t2-sum-${s}`, String(s), type2SumOdds(s), (balls) => sumOf(balls) === s),
    ),
  },
  {
    name: '波色',
    desc: '和值的颜色：红 3 6 9 12 15 18 21 24，绿 1 4 7 10 16 19 22 25，蓝 2 5 8 11 17 20 23 26；0 13 14 27 无色，波色不中。',
    special: 0,
    childrens: (['red', 'green', 'blue'] as const).map((c, i) =>
      play(
        211 + i,
        `t2-wave-${c}`,
        COLOR_NAMES[c],
        2.8,
        t2((l) => l.color === c),
      ),
    ),
  },
];

const TYPE1_GROUPS: PlayGroupDef[] = [
  {
    name: '特码',
    desc: '从 1–49 中选一个号码，与第七个号码（特码）相同即中奖。',
    special: 1,
    childrens: [
      play(
        101,
        't1-special-number',
        '特码',
        47,
        (balls, data) => balls.length === 7 && balls[6] === data[0],
        true,
      ),
    ],
  },
  {
    name: '特码大小单双',
    desc: '特码 25–48 为大，1–24 为小；单双按奇偶。特码为 49 时为和，大小单双均不中。',
    special: 0,
    childrens: [
      play(
        111,
        't1-special-big',
        '大',
        1.95,
        special((l) => l.size === '大'),
      ),
      play(
        112,
        't1-special-small',
        '小',
        1.95,
        special((l) => l.size === '小'),
      ),
      play(
        113,
        't1-special-odd',
        '单',
        1.95,
        special((l) => l.parity === '单'),
      ),
      play(
        114,
        't1-special-even',
        '双',
        1.95,
        special((l) => l.parity === '双'),
      ),
    ],
  },
  {
    name: '特码波色',
    desc: '特码的波色（红波、蓝波、绿波）。',
    special: 0,
    childrens: (['red', 'green', 'blue'] as const).map((c, i) =>
      play(
        121 + i,
        `t1-special-wave-${c}`,
        COLOR_NAMES[c],
        2.8,
        special((l) => l.color === c),
      ),
    ),
  },
];

/** The playbox groups of a room of this type, as lotteryRoom sends them ({name, desc, special, childrens}). */
export function playboxFor(type: LotteryType): {
  name: string;
  desc: string;
  special: number;
  childrens: { id: number; key: string; playtitle: string; odds: number }[];
}[] {
  return (type === 1 ? TYPE1_GROUPS : TYPE2_GROUPS).map((g) => ({
    name: g.name,
    desc: g.desc,
    special: g.special,
    childrens: g.childrens.map((p) => ({ id: p.id, key: p.key, playtitle: p.playtitle, odds: p.odds })),
  }));
}

/** A play of this type by numeric id or string key; null when unknown. */
export function findPlay(type: LotteryType, play: number | string): PlayDef | null {
  for (const g of type === 1 ? TYPE1_GROUPS : TYPE2_GROUPS) {
    for (const p of g.childrens) if (p.id === play || p.key === play) return p;
  }
  return null;
}

/** `data` of a line is valid for the play: one number 1–49 for the 特码 grid, otherwise empty. */
export function lineDataValid(p: PlayDef, data: readonly number[]): boolean {
  if (!p.picksNumber) return data.length === 0;
  const n = data[0];
  return data.length === 1 && n !== undefined && Number.isInteger(n) && n >= BALL_MIN && n <= BALL_MAX;
}

/** winChance of each play (plays are fixed: settlement asks once per line). */
const chances = new Map<PlayDef, { wins: number; of: number }>();

/**
 * A play's chance to win, exactly: it wins `wins` of the type's `of` equally likely outcomes
 * (lottery-outcomes). A play on a picked number counts its luckiest pick.
 */
export function winChance(type: LotteryType, p: PlayDef): { wins: number; of: number } {
  const known = chances.get(p);
  if (known) return known;
  const picks = p.picksNumber
    ? Array.from({ length: BALL_MAX - BALL_MIN + 1 }, (_, i) => [i + BALL_MIN])
    : [[]];
  let wins = 0;
  for (const data of picks) {
    let w = 0;
    for (const c of outcomeClasses(type)) if (p.wins(c.balls, data)) w += c.weight;
    wins = Math.max(wins, w);
  }
  const chance = { wins, of: outcomeCount(type) };
  chances.set(p, chance);
  return chance;
}

/**
 * The house edge rule (server-rules 'Lottery'): odds (× 100, an integer) are allowed for a play when
 * its average return, odds × P(win) computed exactly, is at most 98 % of the stake. Unknown play ⇒
 * false. Every place that defines, accepts or pays odds asks this.
 */
export function oddsAllowed(
  type: LotteryType,
  play: PlayDef | number | string,
  oddsHundredths: number,
): boolean {
  const p = typeof play === 'object' ? play : findPlay(type, play);
  if (!p) return false;
  const { wins, of } = winChance(type, p);
  return withinHouseEdge(oddsHundredths, wins, of);
}

/** odds → odds × 100 as an integer (odds have at most 2 decimals). */
export const oddsHundredths = (odds: number): number => Math.round(odds * 100);

// The plays are defined here and nowhere else: a play whose odds break the house edge is a bug that
// must not load.
for (const type of [1, 2] as const) {
  for (const g of type === 1 ? TYPE1_GROUPS : TYPE2_GROUPS) {
    for (const p of g.childrens) {
      if (!oddsAllowed(type, p, oddsHundredths(p.odds))) {
        throw new Error(`play ${p.key} at odds ${p.odds} returns more than ${MAX_RETURN_PERCENT}%`);
      }
    }
  }
}

/** stake × odds in integer cents, rounded down (odds have at most 2 decimals). */
export function payoutCents(stakeCents: number, odds: number): number {
  const x = stakeCents * Math.round(odds * 100);
  return (x - (x % 100)) / 100;
}

/**
 * Settles one order line against the drawn balls (type 1: seven, the last the special ball; type 2:
 * three). A win pays stake × odds (floored to the cent); a loss pays 0. Null for an unknown play or
 * data the play does not take.
 */
export function settleLine(
  type: LotteryType,
  playId: number | string,
  data: readonly number[],
  balls: readonly number[],
  stakeCents: number,
): { won: boolean; odds: number; payoutCents: number } | null {
  const p = findPlay(type, playId);
  if (!p || !lineDataValid(p, data)) return null;
  const won = p.wins(balls, data);
  return { won, odds: p.odds, payoutCents: won ? payoutCents(stakeCents, p.odds) : 0 };
}

/* Text commands of type 2 rooms ------------------------------------------------------------------- */

export const MSG_BET_COMMAND = '无法识别的下注指令：';

export type CommandLine = { playId: number; key: string; playtitle: string; amountCents: number };

/**
 * Reads a type 2 chat command into order lines. Bets are separated by spaces (or commas); each is a
 * play title followed by an amount in whole yuan (≥ 1), either joined (`大100`, `大单30`, `红波20`)
 * or with a space between (`大 100`). A total 0–27 always needs the space (`13 20`), since `1320`
 * would be ambiguous. Example: `大100 单50 13 20` → three lines.
 */
export function parseBetCommand(
  text: string,
): { ok: true; lines: CommandLine[] } | { ok: false; message: string } {
  const tokens = text.split(/[\s,，、]+/u).filter((t) => t !== '');
  if (tokens.length === 0) return { ok: false, message: MSG_BET_EMPTY };
  const lines: CommandLine[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const next = tokens[i + 1];
    let title: string;
    let amount: string;
    const joined = /^(\D+)(\d+)$/u.exec(token);
    if (joined) [, title = '', amount = ''] = joined;
    else if (next !== undefined && /^\d+$/.test(next)) {
      title = token;
      amount = next;
      i++;
    } else return { ok: false, message: MSG_BET_COMMAND + token };
    const p = TYPE2_GROUPS.flatMap((g) => g.childrens).find((c) => c.playtitle === title);
    if (!p) return { ok: false, message: MSG_BET_COMMAND + (joined ? token : `${token} ${amount}`) };
    if (amount.length > 10) return { ok: false, message: MSG_BET_COMMAND + title + amount };
    const amountCents = Number(amount) * 100;
    if (amountCents < BET_LINE_MIN_CENTS) return { ok: false, message: MSG_BET_LINE_MIN };
    if (amountCents > MAX_AMOUNT_CENTS) return { ok: false, message: MSG_BET_COMMAND + title + amount };
    lines.push({ playId: p.id, key: p.key, playtitle: p.playtitle, amountCents });
  }
  if (lines.length > MAX_ORDER_LINES) return { ok: false, message: '投注数量过多' };
  return { ok: true, lines };
}

/* Round state and order summary ------------------------------------------------------------------- */

export { roundPhase, type RoundPhase };

/**
 * Spec §4 on the client's 1 s tick: roundPhase (open / closed 封盘中 / drawing 开奖中), plus 'reload'
 * once timeout < 0 (load the room again for the next round). The server accepts orders only in 'open'.
 */
export type RoundState = RoundPhase | 'reload';
export function roundState(timeoutSeconds: number, closeSeconds: number): RoundState {
  return timeoutSeconds < 0 ? 'reload' : roundPhase(timeoutSeconds, closeSeconds);
}

/** The bet panel's summary '共N单, 合计X元'. */
export function orderSummary(lines: readonly { amountCents: number }[]): {
  count: number;
  totalCents: number;
  text: string;
} {
  const totalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  return { count: lines.length, totalCents, text: `共${lines.length}单, 合计${formatCents(totalCents)}元` };
}
