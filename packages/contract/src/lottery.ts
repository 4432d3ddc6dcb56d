import * as z from 'zod/mini';
import { defineCall, NoInput } from './define';
import {
  AmountField,
  DecimalLike,
  IdField,
  IdLike,
  IntChoice,
  IntLike,
  IntOrZero,
  ListOf,
  OptionalDateTime,
  OptionalObject,
  Text,
  TextLike,
} from './codecs';
import { CHAT_MAX_LENGTH } from './chat';

/* Limits (spec §4, §9, server-rules 'Lottery') ---------------------------------------------------- */

/** One order line's amount: at least 1 yuan. */
export const BET_LINE_MIN_CENTS = 100;
export const MAX_ORDER_LINES = 100;
/** Number grid of groups with special > 0. */
export const BALL_MIN = 1;
export const BALL_MAX = 49;
export const MSG_BET_EMPTY = '请选择投注内容';
export const MSG_BET_AMOUNT = '请输入投注金额';
export const MSG_BET_LINE_MIN = '单注金额不能低于1元';
export const MSG_ROUND_CLOSED = '封盘中禁止投注';
export const MSG_BET_PLACED = '投注成功';
export const MSG_NO_ROOMS = '当前游戏无房间';

/* Rounds ------------------------------------------------------------------------------------------ */

/**
 * Spec §4: betting is open while timeout > ftime; closed (封盘中) while 0 < timeout <= ftime;
 * drawing (开奖中) when timeout <= 0; when timeout < 0 the client reloads the room for the next round.
 * The server accepts orders only in 'open'.
 */
export type RoundPhase = 'open' | 'closed' | 'drawing';
export function roundPhase(timeoutSeconds: number, closeSeconds: number): RoundPhase {
  if (timeoutSeconds > closeSeconds) return 'open';
  if (timeoutSeconds > 0) return 'closed';
  return 'drawing';
}

export const WAVE_COLORS = ['red', 'green', 'blue'] as const;
export type WaveColor = (typeof WAVE_COLORS)[number];
/** 'red' / '红' / '红波' / 'r' → 'red' (and green, blue); anything else → null. */
export function readWaveColor(value: string): WaveColor | null {
  const t = value.trim().toLowerCase();
  if (/^(red|r|红|红波)$/.test(t)) return 'red';
  if (/^(green|g|绿|绿波)$/.test(t)) return 'green';
  if (/^(blue|b|蓝|蓝波)$/.test(t)) return 'blue';
  return null;
}

/** A round number: `20261122001`; sent as a string or a number. */
const Expect = z.pipe(
  z.union([z.string().check(z.maxLength(32)), z.number()]),
  z.transform((v) => String(v).trim()),
);

/** sha256(seed) or the seed itself: 64 hex digits, lower-cased; anything else → null. */
const Hex32 = z.pipe(
  z.nullish(z.string().check(z.maxLength(128))),
  z.transform((v) => (v && /^[0-9a-f]{64}$/i.test(v.trim()) ? v.trim().toLowerCase() : null)),
);

/** One ball's labels (type 1): colour wave and 大/小 单/双. */
const DrawBall = z.pipe(
  z.object({ number: IntLike, color: Text, text: Text }),
  z.transform((o) => ({ number: o.number, color: readWaveColor(o.color), text: o.text })),
);

/**
 * `extend`: the labels of a result. Our server sends `{sum, text, color}` for type 2 (three balls:
 * total, e.g. '大单', colour) and `{balls: [{number, color, text}]}` for type 1. Other back ends send
 * a label string, a list of labels, or nothing; all are read.
 */
const DrawExtend = z.pipe(
  z.optional(
    z.union([
      z.object({
        sum: z.nullish(z.union([z.number(), z.string()])),
        text: Text,
        color: Text,
        balls: ListOf(DrawBall),
      }),
      z.array(z.union([z.string(), DrawBall])),
      z.string(),
      z.null(),
    ]),
  ),
  z.transform((v) => {
    const labels = {
      sum: null as number | null,
      text: '',
      color: null as WaveColor | null,
      balls: [] as z.output<typeof DrawBall>[],
    };
    if (typeof v === 'string') labels.text = v;
    else if (Array.isArray(v)) {
      labels.text = v.filter((x): x is string => typeof x === 'string').join(' ');
      labels.balls = v.filter((x): x is z.output<typeof DrawBall> => typeof x !== 'string');
    } else if (v) {
      const sum = v.sum === null || v.sum === undefined || v.sum === '' ? NaN : Number(v.sum);
      labels.sum = Number.isInteger(sum) ? sum : null;
      labels.text = v.text;
      labels.color = readWaveColor(v.color);
      labels.balls = v.balls;
    }
    return labels;
  }),
);

/** '3,5,9', '3+5+9', '03 05 09' or [3, 5, 9] → [3, 5, 9]. */
const OpenCode = z.pipe(
  z.nullish(
    z.union([
      z.string().check(z.maxLength(256)),
      z.array(z.union([z.number(), z.string().check(z.maxLength(8))])).check(z.maxLength(64)),
    ]),
  ),
  z.transform((v) => {
    if (v === null || v === undefined) return [];
    const parts = Array.isArray(v) ? v.map(String) : v.split(/[^\d]+/);
    return parts.filter((p) => /^\d+$/.test(p.trim())).map(Number);
  }),
);

/**
 * A drawn round (nowdata.last, an openlist item, a 'draw' chat message). Provable fairness
 * (server-rules): `hash` = sha256(seed) published when the round opened, `seed` revealed at the draw;
 * the balls derive from HMAC-SHA256(seed, expect). Both are optional (other back ends send neither).
 */
export const Draw = z.pipe(
  z.object({
    expect: Expect,
    /** The balls; type 1: six balls then the special ball. */
    opencode: OpenCode,
    opentime: OptionalDateTime,
    /** Draw time as the back end formats it for display. */
    opentime2: TextLike,
    extend: DrawExtend,
    hash: Hex32,
    seed: Hex32,
  }),
  z.transform((o) => ({
    expect: o.expect,
    numbers: o.opencode.length > 0 ? o.opencode : o.extend.balls.map((b) => b.number),
    openedAt: o.opentime,
    openTimeText: o.opentime2,
    sum: o.extend.sum,
    text: o.extend.text,
    color: o.extend.color,
    balls: o.extend.balls,
    hash: o.hash,
    seed: o.seed,
  })),
);
export type Draw = z.output<typeof Draw>;

/**
 * nowdata. `expect` is the latest drawn round (its result is `last`); `nextexpect` is the round open
 * for bets, the one `timeout` (seconds) counts down to and the one an order's `expect` names.
 * `hash` = sha256(seed) of nextexpect.
 */
export const NowData = z.pipe(
  z.object({
    expect: TextLike,
    nextexpect: TextLike,
    timeout: IntLike,
    last: OptionalObject(Draw),
    hash: Hex32,
  }),
  z.transform((o) => ({
    openExpect: o.nextexpect,
    lastExpect: o.expect || o.last?.expect || '',
    timeout: o.timeout,
    openHash: o.hash,
    last: o.last,
  })),
);
export type NowData = z.output<typeof NowData>;

/* Chat messages: what the room's socket pushes (chat.ts: the socket itself) ----------------------- */

export const CHAT_KINDS = ['chat', 'order', 'open', 'draw'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** sysmsg: false (a member's message) or true / a text (a system message; the client toasts it). */
function readSysmsg(sysmsg: boolean | string | number | null | undefined, content: string) {
  if (sysmsg === true || sysmsg === 1) return { system: true, toast: content };
  if (typeof sysmsg === 'string' && sysmsg.trim() !== '' && sysmsg !== '0' && sysmsg !== 'false') {
    return { system: true, toast: sysmsg };
  }
  return { system: false, toast: null };
}

/**
 * What the server pushes: {sysmsg, id, author, avatar, content} (spec §7), `id` being the sender's
 * user id (0 or missing for the system). Our server adds `type` ('chat' a member's text, 'order'
 * accepted orders, 'open' a new round with its hash, 'draw' a result with the revealed seed),
 * `expect`, `hash`, `result` and `time`. Unknown types read as 'chat'.
 */
export const ChatServerMessage = z.pipe(
  z.object({
    sysmsg: z.nullish(z.union([z.boolean(), z.string().check(z.maxLength(CHAT_MAX_LENGTH * 4)), z.number()])),
    id: z.nullish(IdLike),
    author: Text,
    avatar: Text,
    content: Text,
    type: z.nullish(z.string().check(z.maxLength(16))),
    expect: TextLike,
    hash: Hex32,
    result: OptionalObject(Draw),
    time: OptionalDateTime,
  }),
  z.transform((o) => ({
    userId: o.id || null,
    author: o.author,
    avatar: o.avatar,
    content: o.content,
    ...readSysmsg(o.sysmsg, o.content),
    kind: CHAT_KINDS.find((k) => k === o.type) ?? ('chat' as ChatKind),
    expect: o.expect || o.result?.expect || null,
    hash: o.hash ?? o.result?.hash ?? null,
    result: o.result,
    time: o.time,
  })),
);
export type ChatMessage = z.output<typeof ChatServerMessage>;

/** A chat line of the room's history (chatdata), read into the same shape as a socket message. */
export const ChatLine = z.pipe(
  z.object({
    user_id: z.nullish(IdLike),
    author: Text,
    headurl: Text,
    content: Text,
    created_at: OptionalDateTime,
  }),
  z.transform((o): ChatMessage => ({
    userId: o.user_id || null,
    author: o.author,
    avatar: o.headurl,
    content: o.content,
    system: false,
    toast: null,
    kind: 'chat',
    expect: null,
    hash: null,
    result: null,
    time: o.created_at,
  })),
);

/* Rooms ------------------------------------------------------------------------------------------- */

/** A room of the room list: id, title, lottery.title. */
export const RoomListItem = z.pipe(
  z.object({
    id: IdLike,
    title: Text,
    lottery: OptionalObject(z.object({ title: Text })),
  }),
  z.transform((o) => ({ id: o.id, title: o.title, lotteryTitle: o.lottery?.title ?? '' })),
);
export type RoomListItem = z.output<typeof RoomListItem>;

export const lotteryRooms = defineCall({
  name: 'lotteryList',
  method: 'POST',
  path: '/api/lotteryList',
  auth: 'none',
  request: NoInput,
  response: ListOf(RoomListItem),
});

/** /lottery?name=…: the rooms of one lottery. Same path as `lotteryRoom`, other method. */
export const lotteryRoomsByName = defineCall({
  name: 'lotteryRoom',
  method: 'POST',
  path: '/api/lotteryRoom',
  auth: 'none',
  request: z.object({
    name: z
      .string({ error: '彩种不存在' })
      .check(z.trim(), z.minLength(1, '彩种不存在'), z.maxLength(32, '彩种不存在')),
  }),
  response: ListOf(RoomListItem),
});

/** A play of a group: id, playtitle, odds (a decimal such as 1.95). */
export const Play = z.pipe(
  z.object({ id: IdLike, playtitle: Text, odds: DecimalLike }),
  z.transform((o) => ({ id: o.id, title: o.playtitle, odds: o.odds })),
);
export type Play = z.output<typeof Play>;

/** A play group of the bet panel; special > 0 shows the number grid 1–49 once a play is chosen. */
export const PlayGroup = z.pipe(
  z.object({ name: Text, desc: Text, special: IntOrZero, childrens: ListOf(Play) }),
  z.transform((o) => ({ name: o.name, desc: o.desc, special: o.special, plays: o.childrens })),
);
export type PlayGroup = z.output<typeof PlayGroup>;

export const Room = z.pipe(
  z.object({
    id: z.nullish(IdLike),
    title: Text,
    /** Seconds before the draw when betting closes. */
    ftime: IntOrZero,
    lottery: z.object({
      title: Text,
      type: IntChoice([1, 2], '彩种类型无效'),
      nowdata: NowData,
      openlist: ListOf(Draw),
    }),
    chatdata: ListOf(ChatLine),
    playbox: ListOf(PlayGroup),
  }),
  z.transform((o) => ({
    id: o.id ?? null,
    roomTitle: o.title,
    lotteryTitle: o.lottery.title,
    /** 1: six balls plus a special ball (1–49); 2: three balls 0–9 summing to 0–27. */
    lotteryType: o.lottery.type,
    closeSeconds: o.ftime,
    now: o.lottery.nowdata,
    history: o.lottery.openlist,
    chat: o.chatdata,
    playGroups: o.playbox,
  })),
);
export type Room = z.output<typeof Room>;

export const lotteryRoom = defineCall({
  name: 'lotteryRoom',
  method: 'GET',
  path: '/api/lotteryRoom',
  request: z.object({ room_id: IdField('房间不存在') }),
  response: Room,
});

/* Orders ------------------------------------------------------------------------------------------ */

const BallNumber = IntChoice(
  Array.from({ length: BALL_MAX - BALL_MIN + 1 }, (_, i) => i + BALL_MIN),
  '号码无效',
);

/**
 * An order line: the play id, the amount, and `data`: empty, or for a play of a group with
 * special > 0 the one number picked from the grid (one line per picked number).
 */
export const OrderLine = z.object({
  id: IdField('玩法无效'),
  total: AmountField(MSG_BET_AMOUNT).check(
    z.refine((cents) => cents >= BET_LINE_MIN_CENTS, { message: MSG_BET_LINE_MIN }),
  ),
  data: z.pipe(
    z.nullish(z.array(BallNumber).check(z.maxLength(1, '号码无效'))),
    z.transform((v) => v ?? []),
  ),
});
export type OrderLine = z.output<typeof OrderLine>;

/** The reply's data is the order's chat message, which the client pushes into the chat. */
export const lotteryOrder = defineCall({
  name: 'lotteryOrder',
  method: 'POST',
  path: '/api/lotteryOrder',
  money: true,
  request: z.object({
    room_id: IdField('房间不存在'),
    order: z
      .array(OrderLine, { error: MSG_BET_EMPTY })
      .check(z.minLength(1, MSG_BET_EMPTY), z.maxLength(MAX_ORDER_LINES, '投注数量过多')),
    /** The round open for bets: nowdata.nextexpect. */
    expect: z.pipe(
      z.pipe(
        z.union([z.string(), z.number()], { error: '期号无效' }),
        z.transform((v) => String(v).trim()),
      ),
      z.string().check(z.regex(/^[0-9A-Za-z-]{1,32}$/, '期号无效')),
    ),
  }),
  response: OptionalObject(ChatServerMessage),
});
