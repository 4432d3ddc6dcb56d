/**
 * The bet rules of the lottery (server-rules 'Lottery', spec §3–§4, §9): plays and odds, settlement,
 * the text commands of type 2 rooms, round state and the order summary. No I/O and no Node-only
 * modules: the server's settlement and the web app's bet panel run this same code. How the balls are
 * drawn and verified is lottery-draw; how a result reads (labels, colours) is lottery-labels.
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
} from './lottery';
import type { LotteryType } from './enums';
import { ballLabels, COLOR_NAMES, type2Labels, type BallLabels, type Type2Labels } from './lottery-labels';
import { MAX_RETURN_PERCENT, outcomeClasses, outcomeCount, withinHouseEdge } from './lottery-outcomes';

/** arr[i], 0 when out of range (the index checks below keep it in range). */
function at(arr: ArrayLike<number>, i: number): number {
  return arr[i] ?? 0;
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

/** A type 2 play on the labels of the total. */
function t2Play(id: number, key: string, title: string, odds: number, pick: (l: Type2Labels) => boolean) {
  return play(id, key, title, odds, (balls) => pick(type2Labels(sumOf(balls))));
}

/** A type 1 play on the labels of the special ball (the seventh). */
function specialPlay(id: number, key: string, title: string, odds: number, pick: (l: BallLabels) => boolean) {
  return play(id, key, title, odds, (balls) => balls.length === 7 && pick(ballLabels(at(balls, 6))));
}

const TYPE2_GROUPS: PlayGroupDef[] = [
  {
    name: '大小单双',
    desc: '三个号码之和：大 14–27，小 0–13；单双按和值奇偶；极大 22–27，极小 0–5。',
    special: 0,
    childrens: [
      t2Play(201, 't2-big', '大', 1.96, (l) => l.size === '大'),
      t2Play(202, 't2-small', '小', 1.96, (l) => l.size === '小'),
      t2Play(203, 't2-odd', '单', 1.96, (l) => l.parity === '单'),
      t2Play(204, 't2-even', '双', 1.96, (l) => l.parity === '双'),
      t2Play(205, 't2-big-odd', '大单', 3.2, (l) => l.combo === '大单'),
      t2Play(206, 't2-small-even', '小双', 3.2, (l) => l.combo === '小双'),
      t2Play(207, 't2-big-even', '大双', 3.6, (l) => l.combo === '大双'),
      t2Play(208, 't2-small-odd', '小单', 3.6, (l) => l.combo === '小单'),
      t2Play(209, 't2-extra-big', '极大', 12, (l) => l.extreme === '极大'),
      t2Play(210, 't2-extra-small', '极小', 12, (l) => l.extreme === '极小'),
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
      t2Play(211 + i, `t2-wave-${c}`, COLOR_NAMES[c], 2.8, (l) => l.color === c),
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
      specialPlay(111, 't1-special-big', '大', 1.95, (l) => l.size === '大'),
      specialPlay(112, 't1-special-small', '小', 1.95, (l) => l.size === '小'),
      specialPlay(113, 't1-special-odd', '单', 1.95, (l) => l.parity === '单'),
      specialPlay(114, 't1-special-even', '双', 1.95, (l) => l.parity === '双'),
    ],
  },
  {
    name: '特码波色',
    desc: '特码的波色（红波、蓝波、绿波）。',
    special: 0,
    childrens: (['red', 'green', 'blue'] as const).map((c, i) =>
      specialPlay(121 + i, `t1-special-wave-${c}`, COLOR_NAMES[c], 2.8, (l) => l.color === c),
    ),
  },
];

/**
 * Spec §3: an order line is {id, total, data: []}: the line names everything by its play id. So the
 * 特码 grid goes on the wire as one play per number: id NUMBER_PLAY_BASE + n (1007 = 特码 07). It is
 * the number play (101) with that pick: stored, priced and settled as such, so a line reads the same
 * whether a client sent {id: 1007, data: []} or, as older clients did, {id: 101, data: [7]}.
 */
export const NUMBER_PLAY_BASE = 1000;

const two = (n: number) => String(n).padStart(2, '0');

export interface PlayboxPlay {
  id: number;
  key: string;
  playtitle: string;
  odds: number;
}

/** A play as the playbox sends it; a number play becomes one play per number of its grid. */
function wirePlays(p: PlayDef): PlayboxPlay[] {
  const plain = { id: p.id, key: p.key, playtitle: p.playtitle, odds: p.odds };
  if (!p.picksNumber) return [plain];
  return Array.from({ length: BALL_MAX - BALL_MIN + 1 }, (_, i) => i + BALL_MIN).map((n) => ({
    id: NUMBER_PLAY_BASE + n,
    key: `${p.key}-${two(n)}`,
    playtitle: two(n),
    odds: p.odds,
  }));
}

/** The playbox groups of a room of this type, as lotteryRoom sends them ({name, desc, special, childrens}). */
export function playboxFor(type: LotteryType): {
  name: string;
  desc: string;
  special: number;
  childrens: PlayboxPlay[];
}[] {
  return (type === 1 ? TYPE1_GROUPS : TYPE2_GROUPS).map((g) => ({
    name: g.name,
    desc: g.desc,
    special: g.special,
    childrens: g.childrens.flatMap(wirePlays),
  }));
}

/** The play groups of a lottery type with their plays as defined (the console's odds list). */
export function playGroupsOf(type: LotteryType): readonly PlayGroupDef[] {
  return type === 1 ? TYPE1_GROUPS : TYPE2_GROUPS;
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

/**
 * An order line's play id and `data` → the play and its picked number; null when the play is unknown
 * or the data does not fit it. A 特码 number play id (NUMBER_PLAY_BASE + n) takes empty data; the
 * number play itself (older clients) takes its number in `data`.
 */
export function resolveLine(
  type: LotteryType,
  playId: number | string,
  data: readonly number[],
): { play: PlayDef; pick: number | null } | null {
  const n = typeof playId === 'number' ? playId - NUMBER_PLAY_BASE : NaN;
  if (type === 1 && Number.isInteger(n) && n >= BALL_MIN && n <= BALL_MAX) {
    const numberPlay = TYPE1_GROUPS.flatMap((g) => g.childrens).find((p) => p.picksNumber);
    return numberPlay && data.length === 0 ? { play: numberPlay, pick: n } : null;
  }
  const play = findPlay(type, playId);
  if (!play || !lineDataValid(play, data)) return null;
  return { play, pick: play.picksNumber ? (data[0] ?? null) : null };
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
 * data the play does not take. A 特码 number play id (1007, data []) settles as 特码 with that number.
 */
export function settleLine(
  type: LotteryType,
  playId: number | string,
  data: readonly number[],
  balls: readonly number[],
  stakeCents: number,
): { won: boolean; odds: number; payoutCents: number } | null {
  const line = resolveLine(type, playId, data);
  if (!line) return null;
  const { play: p, pick } = line;
  const won = p.wins(balls, pick === null ? [] : [pick]);
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
