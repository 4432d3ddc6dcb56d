import { randomBytes } from 'node:crypto';
import { formatDateTime } from '@app/contract/codecs';
import type { ReplyOf } from '@app/contract/define';
import type { lotteryRoom, lotteryRooms } from '@app/contract/lottery';
import type { LotteryType } from '@app/contract/enums';
import { seedHash } from '@app/contract/lottery-draw';
import { drawExtend } from '@app/contract/lottery-labels';
import { playboxFor } from '@app/contract/lottery-rules';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { chatMessages, lotteries, lotteryRooms as roomsTable, lotteryRounds } from '../../db/schema/lottery';
import { BusinessError } from '../../core/errors';
import { oddsOverrides, withOdds } from './odds';
import {
  lotteryTiming,
  secondsUntil,
  slotAfter,
  slotAfterPause,
  type LotteryTiming,
  type RoundSlot,
} from './scheduler';

export const MSG_ROOM_UNKNOWN = '房间不存在';

/** How many drawn rounds a room shows (openlist) and how much chat history it loads (chatdata). */
export const OPENLIST_SIZE = 20;
export const CHATDATA_SIZE = 50;

/** The author of the system's room messages (draws, new rounds). */
export const SYSTEM_AUTHOR = '系统';

/** A new round's notice: one short line; its hash travels in `hash` (the room's 验证 reads it), not in the text. */
export const openText = (expect: string): string => `第${expect}期开始投注`;

export type Lottery = typeof lotteries.$inferSelect;
export type LotteryRound = typeof lotteryRounds.$inferSelect;

/** LOTTERY_PERIOD_SECONDS (config.lotteryPeriodSeconds), when set. */
export interface RoundOptions {
  periodSeconds?: number | undefined;
}

export const lotteryType = (l: Pick<Lottery, 'type'>): LotteryType => (l.type === 1 ? 1 : 2);

export const timingOf = (l: Lottery, opts: RoundOptions = {}): LotteryTiming =>
  lotteryTiming(l, opts.periodSeconds);

/** '4,7,5' → [4, 7, 5]. */
export function parseBalls(text: string | null): number[] {
  return text ? text.split(',').map(Number) : [];
}

/* Rooms ------------------------------------------------------------------------------------------- */

/**
 * Open rooms of open lotteries, by lottery then room order; `name` keeps those of one lottery (its code
 * or title). Each with its lowest VIP level (our addition to the spec's list).
 */
export async function listRooms(db: Db, name?: string): Promise<ReplyOf<typeof lotteryRooms>> {
  const rows = await db
    .select({
      id: roomsTable.id,
      title: roomsTable.title,
      lotteryTitle: lotteries.title,
      minVipLevel: roomsTable.minVipLevel,
    })
    .from(roomsTable)
    .innerJoin(lotteries, eq(lotteries.id, roomsTable.lotteryId))
    .where(
      and(
        eq(roomsTable.enabled, 1),
        eq(lotteries.enabled, 1),
        name === undefined ? undefined : or(eq(lotteries.code, name), eq(lotteries.title, name)),
      ),
    )
    .orderBy(asc(lotteries.sort), asc(lotteries.id), asc(roomsTable.sort), asc(roomsTable.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    lottery: { title: r.lotteryTitle },
    min_vip_level: r.minVipLevel,
  }));
}

export async function findRoom(db: Db | Tx, roomId: number) {
  const [row] = await db
    .select({ room: roomsTable, lottery: lotteries })
    .from(roomsTable)
    .innerJoin(lotteries, eq(lotteries.id, roomsTable.lotteryId))
    .where(and(eq(roomsTable.id, roomId), eq(roomsTable.enabled, 1), eq(lotteries.enabled, 1)));
  if (!row) throw new BusinessError(MSG_ROOM_UNKNOWN);
  return row;
}

/* Rounds ------------------------------------------------------------------------------------------ */

function newRound(lotteryId: number, slot: RoundSlot) {
  // The seed is fixed (and its hash public) before the round opens; it leaves the server only
  // once the round is drawn.
  const seed = randomBytes(32).toString('hex');
  return {
    lotteryId,
    expect: slot.expect,
    seed,
    hash: seedHash(seed),
    opensAt: new Date(slot.opensAt),
    closesAt: new Date(slot.closesAt),
    drawsAt: new Date(slot.drawsAt),
  };
}

/** The stored round of a lottery that holds `atMs` (opened, not yet at its draw time). */
async function roundAt(db: Db | Tx, lotteryId: number, atMs: number) {
  const at = new Date(atMs);
  const [row] = await db
    .select()
    .from(lotteryRounds)
    .where(
      and(
        eq(lotteryRounds.lotteryId, lotteryId),
        lte(lotteryRounds.opensAt, at),
        gt(lotteryRounds.drawsAt, at),
      ),
    )
    .orderBy(desc(lotteryRounds.opensAt))
    .limit(1);
  return row;
}

/**
 * Makes sure the round of `atMs` and the one after it exist, and returns the first. The next round is
 * created ahead so its hash is public before it opens. A stored round keeps its times: a period or
 * close time changed by an operator applies from the first round not yet created (slotAfter). Any
 * process may call this: the unique (lottery, expect) key keeps one row per round, whose seed every
 * process then reads.
 */
export async function ensureRounds(
  db: Db | Tx,
  lottery: Lottery,
  timing: LotteryTiming,
  atMs: number,
): Promise<LotteryRound> {
  let current = await roundAt(db, lottery.id, atMs);
  if (!current) {
    const [last] = await db
      .select({ expect: lotteryRounds.expect, drawsAt: lotteryRounds.drawsAt })
      .from(lotteryRounds)
      .where(and(eq(lotteryRounds.lotteryId, lottery.id), lte(lotteryRounds.drawsAt, new Date(atMs))))
      .orderBy(desc(lotteryRounds.drawsAt))
      .limit(1);
    await db
      .insert(lotteryRounds)
      .values(newRound(lottery.id, slotAfterPause(timing, atMs, last)))
      .onConflictDoNothing();
    current = await roundAt(db, lottery.id, atMs);
    if (!current) throw new Error(`round ${lottery.code} at ${atMs} could not be created`);
  }
  const [next] = await db
    .select({ id: lotteryRounds.id })
    .from(lotteryRounds)
    .where(and(eq(lotteryRounds.lotteryId, lottery.id), eq(lotteryRounds.opensAt, current.drawsAt)));
  if (!next) {
    await db
      .insert(lotteryRounds)
      .values(newRound(lottery.id, slotAfter(timing, current)))
      .onConflictDoNothing();
  }
  return current;
}

/** The latest drawn rounds of a lottery, newest first; `cancelled`: cancelled ones too (results list). */
export async function drawnRounds(db: Db | Tx, lotteryId: number, limit: number, cancelled = false) {
  const done = isNotNull(lotteryRounds.drawnAt);
  return db
    .select()
    .from(lotteryRounds)
    .where(
      and(
        eq(lotteryRounds.lotteryId, lotteryId),
        cancelled ? or(done, isNotNull(lotteryRounds.cancelledAt)) : done,
      ),
    )
    .orderBy(desc(lotteryRounds.drawsAt))
    .limit(limit);
}

/**
 * A drawn round on the wire (contract Draw): opencode in draw order, extend = the labels, the draw's
 * slot time as opentime / opentime2, the hash published when it opened and the seed now revealed.
 */
export function drawWire(type: LotteryType, round: LotteryRound) {
  const balls = parseBalls(round.balls);
  const at = formatDateTime(round.drawsAt.getTime());
  // 已撤销: no balls, no labels, the seed kept (no draw to verify).
  if (round.cancelledAt) {
    return {
      expect: round.expect,
      opencode: '',
      opentime: at,
      opentime2: at,
      extend: null,
      hash: round.hash,
      seed: null,
      cancelled: true,
    };
  }
  return {
    expect: round.expect,
    opencode: balls.join(','),
    opentime: at,
    opentime2: at,
    extend: drawExtend(type, balls),
    hash: round.hash,
    seed: round.drawnAt ? round.seed : null,
  };
}

/**
 * nowdata: `nextexpect` is the round of the clock's slot (open, or closed until its draw), `timeout`
 * the whole seconds until its draw, `hash` its published hash; `expect` / `last` the latest drawn round.
 */
export async function nowData(db: Db | Tx, lottery: Lottery, timing: LotteryTiming, atMs: number = now()) {
  const current = await ensureRounds(db, lottery, timing, atMs);
  const [last] = await drawnRounds(db, lottery.id, 1);
  return {
    expect: last?.expect ?? '',
    nextexpect: current.expect,
    timeout: secondsUntil(current.drawsAt.getTime(), atMs),
    last: last ? drawWire(lotteryType(lottery), last) : null,
    hash: current.hash,
  };
}

/**
 * The round a room's members bet on now (nowdata.nextexpect), with the room's lottery: what the
 * chat's text commands pass to placeOrder as `expect`. Unknown or disabled room ⇒ 房间不存在.
 */
export async function currentRound(
  db: Db,
  roomId: number,
  opts: RoundOptions = {},
  atMs: number = now(),
): Promise<{ lottery: Lottery; round: LotteryRound; timing: LotteryTiming }> {
  const { lottery } = await findRoom(db, roomId);
  const timing = timingOf(lottery, opts);
  return { lottery, round: await ensureRounds(db, lottery, timing, atMs), timing };
}

/** Round notices the room's history keeps (the results list has every draw). */
export const NOTICE_HISTORY_SIZE = 4;
const NOTICE_KINDS = ['open', 'draw'];

/**
 * chatdata: the room's last CHATDATA_SIZE lines of members (chat and orders) and its last few round
 * notices, oldest first. A quiet room's history is then still what members wrote, not round notices.
 */
async function chatHistory(db: Db, roomId: number) {
  const last = (notices: boolean, limit: number) =>
    db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.roomId, roomId),
          // An operator's deleted messages are no longer the room's (console chat).
          isNull(chatMessages.deletedAt),
          notices ? inArray(chatMessages.kind, NOTICE_KINDS) : notInArray(chatMessages.kind, NOTICE_KINDS),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(limit);
  const members = await last(false, CHATDATA_SIZE);
  const byId = new Map([...members, ...(await last(true, NOTICE_HISTORY_SIZE))].map((m) => [m.id, m]));
  // The draw of every round an order in the history was for: a bet is never shown without its result.
  for (const m of await drawsOf(db, roomId, members)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The room's stored draw notices of the rounds the given order lines were for. */
async function drawsOf(db: Db, roomId: number, lines: (typeof chatMessages.$inferSelect)[]) {
  const rounds = [...new Set(lines.filter((m) => m.kind === 'order').map((m) => payloadExpect(m.payload)))];
  const wanted = rounds.filter((e) => e !== '');
  if (wanted.length === 0) return [];
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        isNull(chatMessages.deletedAt),
        eq(chatMessages.kind, 'draw'),
        inArray(sql`(${chatMessages.payload})::jsonb ->> 'expect'`, wanted),
      ),
    );
}

/** The round a stored notice is about (its payload's `expect`), or ''. */
function payloadExpect(payload: string | null): string {
  try {
    const v: unknown = payload ? JSON.parse(payload) : null;
    const expect = v && typeof v === 'object' && 'expect' in v ? v.expect : '';
    return typeof expect === 'string' ? expect : '';
  } catch {
    return '';
  }
}

/**
 * A history line (spec: user_id, author, headurl, content) plus its `type` and `expect`, so the
 * client shows notices as notices. A round's opening reads as today's short notice, also in rows
 * stored when it carried the hash.
 */
function chatLine(m: typeof chatMessages.$inferSelect) {
  const expect = payloadExpect(m.payload);
  return {
    user_id: m.userId ?? 0,
    author: m.author,
    headurl: m.avatar,
    content: m.kind === 'open' && expect !== '' ? openText(expect) : m.content,
    created_at: formatDateTime(m.createdAt.getTime()),
    type: m.kind,
    expect,
    msgid: Number(m.id),
  };
}

/**
 * GET lotteryRoom: the room, its lottery's round state and results, its chat and its plays, and the
 * lowest VIP level that may bet and chat in it (anyone may watch).
 */
export async function roomDetail(
  db: Db,
  roomId: number,
  opts: RoundOptions = {},
  atMs: number = now(),
): Promise<ReplyOf<typeof lotteryRoom>> {
  const { room, lottery } = await findRoom(db, roomId);
  const type = lotteryType(lottery);
  const timing = timingOf(lottery, opts);
  const nowdata = await nowData(db, lottery, timing, atMs);
  const openlist = await drawnRounds(db, lottery.id, OPENLIST_SIZE, true);
  const chat = await chatHistory(db, room.id);
  return {
    id: room.id,
    title: room.title,
    ftime: timing.closeSeconds,
    lottery: {
      title: lottery.title,
      type,
      nowdata,
      openlist: openlist.map((r) => drawWire(type, r)),
    },
    chatdata: chat.map(chatLine),
    playbox: withOdds(type, playboxFor(type), await oddsOverrides(db, lottery.id)),
    min_vip_level: room.minVipLevel,
  };
}
