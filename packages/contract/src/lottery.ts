import * as z from 'zod/mini';
import { defineCall, NoInput } from './define';
import {
  AmountField,
  DecimalLike,
  formatCents,
  IdField,
  IdLike,
  IntChoice,
  IntLike,
  IntOrZero,
  ListOf,
  MoneyOrZero,
  OptionalDateTime,
  OptionalObject,
  Text,
  TextLike,
  VipLevel,
} from './codecs';
import { CHAT_MAX_LENGTH } from './chat';
import { Draw, Hex32 } from './lottery-result';

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

/* Room and order limits (server-rules 'Lottery': orders rate-limited, lines per round capped, VIP rooms) */

/**
 * Orders one member may place per second (POST lotteryOrder and the chat's bet commands together), per
 * server process: a flood limit. The hard limit, across processes, is the lines per round below.
 */
export const ORDERS_PER_SECOND = 5;
export const MSG_ORDERS_TOO_FAST = '下单过于频繁，请稍后再试';
/** Lines one member may hold on one round of a lottery, all its rooms together (a lottery's setting). */
export const MAX_LINES_PER_ROUND_DEFAULT = 200;
export const MAX_LINES_PER_ROUND_MIN = 1;
export const MAX_LINES_PER_ROUND_MAX = 5000;
/** An order that would take the member past the lottery's cap is refused whole: how many are left, if any. */
export function msgLinesCap(cap: number, left: number): string {
  return left > 0
    ? `本期投注将超过上限，每期最多${cap}注，本期还可投${left}注`
    : `本期投注已达上限，每期最多${cap}注`;
}
/* Stake limits of a lottery (null: none), in cents; an order past one is refused whole. */
const yuanText = (cents: number | bigint) => formatCents(cents);
/** A line above the lottery's line limit. */
export const msgLineMax = (maxCents: number | bigint) => `单注金额不能超过 ${yuanText(maxCents)} 元`;
/** The member's stake on the round (all rooms) would pass the per-member limit; `held` before this order. */
export const msgMemberRoundMax = (maxCents: number | bigint, heldCents: number | bigint) =>
  `本期您的投注总额不能超过 ${yuanText(maxCents)} 元（已投 ${yuanText(heldCents)} 元）`;
/** Every member's stake on the round would pass the round's limit: what is left, if anything. */
export function msgRoundMax(leftCents: number | bigint): string {
  return BigInt(leftCents) > 0n
    ? `本期投注将超过上限，本期还可投 ${yuanText(leftCents)} 元`
    : '本期投注已达上限，请下期再投';
}
/** An order on a round two operators cancelled (its stakes refunded). */
export const MSG_ROUND_CANCELLED = '该期已撤销，请下期再投';
/** A room's lowest VIP level (1: every member). */
export const ROOM_VIP_LEVEL_MIN = 1;
export const ROOM_VIP_LEVEL_MAX = 10;
const ROOM_VIP_ACTS = { bet: '投注', chat: '发言', both: '投注和发言' } as const;
/** The refusal of a bet or a chat line in a room above the member's VIP level; `both`: the app's notice. */
export function msgRoomVip(level: number, act: keyof typeof ROOM_VIP_ACTS): string {
  return `该房间仅限VIP${level}及以上会员${ROOM_VIP_ACTS[act]}`;
}
/** `min_vip_level` of a room reply: our server's addition; missing (another back end) or unreadable: 1. */
const RoomVipLevel = z.pipe(
  VipLevel,
  z.transform((v) => Math.min(ROOM_VIP_LEVEL_MAX, Math.max(ROOM_VIP_LEVEL_MIN, v))),
);

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

export const CHAT_KINDS = ['chat', 'order', 'open', 'draw', 'win'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
/** The system's round notices: shown as one short centred line, never toasted. */
const NOTICE_KINDS: readonly ChatKind[] = ['open', 'draw'];
const kindOf = (type: string | null | undefined): ChatKind => CHAT_KINDS.find((k) => k === type) ?? 'chat';

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
 * accepted orders, 'open' a new round with its hash, 'draw' a result with the revealed seed, 'win'
 * what the addressed member won on a round: `payout` in yuan), `expect`, `hash`, `result` and `time`
 * (when it was said, Beijing time). Unknown types read as 'chat'. A round notice is a system line
 * but no toast, even from a back end that marks it sysmsg.
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
    payout: MoneyOrZero,
    /** The stored message's id (what a deletion names); missing on messages not stored (a win). */
    msgid: z.nullish(IdLike),
  }),
  z.transform((o) => {
    const kind = kindOf(o.type);
    const notice = NOTICE_KINDS.includes(kind);
    const sys = readSysmsg(o.sysmsg, o.content);
    return {
      userId: o.id || null,
      author: o.author,
      avatar: o.avatar,
      content: o.content,
      system: sys.system || notice,
      toast: notice ? null : sys.toast,
      kind,
      expect: o.expect || o.result?.expect || null,
      hash: o.hash ?? o.result?.hash ?? null,
      result: o.result,
      time: o.time,
      /** A win: what the member won, in cents; 0 otherwise. */
      payoutCents: o.payout,
      messageId: o.msgid || null,
    };
  }),
);
export type ChatMessage = z.output<typeof ChatServerMessage>;

/**
 * A chat line of the room's history (chatdata: user_id, author, headurl, content), read into the same
 * shape as a socket message. Our server adds `type` and `expect`, so round notices read as notices.
 */
export const ChatLine = z.pipe(
  z.object({
    user_id: z.nullish(IdLike),
    author: Text,
    headurl: Text,
    content: Text,
    created_at: OptionalDateTime,
    type: z.nullish(z.string().check(z.maxLength(16))),
    expect: TextLike,
    msgid: z.nullish(IdLike),
  }),
  z.transform((o): ChatMessage => {
    const kind = kindOf(o.type);
    return {
      userId: o.user_id || null,
      author: o.author,
      avatar: o.headurl,
      content: o.content,
      system: NOTICE_KINDS.includes(kind),
      toast: null,
      kind,
      expect: o.expect || null,
      hash: null,
      result: null,
      time: o.created_at,
      payoutCents: 0,
      messageId: o.msgid || null,
    };
  }),
);

/* Rooms ------------------------------------------------------------------------------------------- */

/**
 * A room of the room list: id, title, lottery.title; our server adds `min_vip_level` (the lowest VIP
 * level that may bet and chat there).
 */
export const RoomListItem = z.pipe(
  z.object({
    id: IdLike,
    title: Text,
    lottery: OptionalObject(z.object({ title: Text })),
    min_vip_level: RoomVipLevel,
  }),
  z.transform((o) => ({
    id: o.id,
    title: o.title,
    lotteryTitle: o.lottery?.title ?? '',
    minVipLevel: o.min_vip_level,
  })),
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

/** A play group of the bet panel; special > 0: its plays are numbers (特码 01–49), shown as a ball grid. */
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
    /** Our server's addition: the lowest VIP level that may bet and chat in the room. */
    min_vip_level: RoomVipLevel,
  }),
  z.transform((o) => ({
    id: o.id ?? null,
    roomTitle: o.title,
    minVipLevel: o.min_vip_level,
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
 * An order line (spec §3): the play id, the amount, and `data`, an empty list. A 特码 number is its own
 * play (lottery-rules NUMBER_PLAY_BASE + n). Older clients sent the number play with the number in
 * `data` (one number at most); that is still read, and means the same line.
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
