/* 彩种与房间: the lotteries with their rooms, opening and closing them, periods and close times, the
 * lines a member may hold per round, the stake limits, and each room's lowest VIP level. */
import { formatCents } from '@app/contract/codecs';
import {
  LOTTERY_TYPE_LABELS,
  MSG_LOTTERY_ROOM_UNKNOWN,
  MSG_LOTTERY_UNKNOWN,
  MSG_ROOM_TITLE_TAKEN,
  type LotteryRoomRow,
  type LotteryRow,
} from '@app/contract/console-lottery';
import { and, asc, eq, ne } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { lotteries, lotteryRooms } from '../../db/schema/lottery';
import { lotteryType } from './service';

type Lottery = typeof lotteries.$inferSelect;
type Room = typeof lotteryRooms.$inferSelect;

const roomRow = (r: Room): LotteryRoomRow => ({
  id: r.id,
  title: r.title,
  sort: r.sort,
  enabled: r.enabled === 1,
  min_vip_level: r.minVipLevel,
});

/** A stake limit on the wire: yuan, '' none. */
const limitText = (cents: bigint | null) => (cents === null ? '' : formatCents(cents));

function lotteryRow(l: Lottery, rooms: Room[], periodOverride: number | undefined): LotteryRow {
  const type = lotteryType(l);
  return {
    id: l.id,
    code: l.code,
    title: l.title,
    type,
    type_label: LOTTERY_TYPE_LABELS[type],
    period_seconds: l.periodSeconds,
    close_seconds: l.closeSeconds,
    period_override: periodOverride ?? null,
    enabled: l.enabled === 1,
    max_lines_per_member: l.maxLinesPerMember,
    line_max: limitText(l.lineMaxCents),
    member_round_max: limitText(l.memberRoundMaxCents),
    round_max: limitText(l.roundMaxCents),
    rooms: rooms.filter((r) => r.lotteryId === l.id).map(roomRow),
  };
}

const roomsOf = (db: Db, lotteryId?: number) =>
  db
    .select()
    .from(lotteryRooms)
    .where(lotteryId === undefined ? undefined : eq(lotteryRooms.lotteryId, lotteryId))
    .orderBy(asc(lotteryRooms.sort), asc(lotteryRooms.id));

export async function listLotteries(db: Db, periodOverride?: number) {
  const all = await db.select().from(lotteries).orderBy(asc(lotteries.sort), asc(lotteries.id));
  const rooms = await roomsOf(db);
  return { items: all.map((l) => lotteryRow(l, rooms, periodOverride)) };
}

/** The lottery, its row locked for the caller's transaction. */
async function lockedLottery(db: Db, id: number): Promise<Lottery> {
  const [l] = await db.select().from(lotteries).where(eq(lotteries.id, id)).for('update');
  if (!l) throw new BusinessError(MSG_LOTTERY_UNKNOWN, 404);
  return l;
}

const lotterySettings = (l: Lottery) => ({
  enabled: l.enabled === 1,
  period_seconds: l.periodSeconds,
  close_seconds: l.closeSeconds,
  max_lines_per_member: l.maxLinesPerMember,
  line_max: limitText(l.lineMaxCents),
  member_round_max: limitText(l.memberRoundMaxCents),
  round_max: limitText(l.roundMaxCents),
});

/** A limit of the update call: missing keeps the stored one, null removes it, else cents. */
const limitOf = (v: number | null | undefined, stored: bigint | null) =>
  v === undefined ? stored : v === null ? null : BigInt(v);

/**
 * Opens or closes a lottery and sets its period and close time, and the lines one member may hold on
 * one of its rounds (all rooms together) and the stake limits (missing: unchanged; null: none). Rounds already made keep their times
 * (ensureRounds reads them): the new timing starts with the first round not yet made; the cap holds
 * from the next order (lines already placed stay). A closed lottery takes no bet and gets no new
 * round; those it has are still drawn and settled.
 */
export async function updateLottery(
  db: Db,
  input: {
    id: number;
    enabled: boolean;
    period_seconds: number;
    close_seconds: number;
    max_lines_per_member?: number | undefined;
    line_max?: number | null | undefined;
    member_round_max?: number | null | undefined;
    round_max?: number | null | undefined;
  },
  periodOverride?: number,
) {
  const before = await lockedLottery(db, input.id);
  const [after] = await db
    .update(lotteries)
    .set({
      enabled: input.enabled ? 1 : 0,
      periodSeconds: input.period_seconds,
      closeSeconds: input.close_seconds,
      maxLinesPerMember: input.max_lines_per_member ?? before.maxLinesPerMember,
      lineMaxCents: limitOf(input.line_max, before.lineMaxCents),
      memberRoundMaxCents: limitOf(input.member_round_max, before.memberRoundMaxCents),
      roundMaxCents: limitOf(input.round_max, before.roundMaxCents),
    })
    .where(eq(lotteries.id, input.id))
    .returning();
  if (!after) throw new BusinessError(MSG_LOTTERY_UNKNOWN, 404);
  return {
    row: lotteryRow(after, await roomsOf(db, after.id), periodOverride),
    before: lotterySettings(before),
    after: lotterySettings(after),
  };
}

async function titleTaken(db: Db, lotteryId: number, title: string, exceptId?: number) {
  const [hit] = await db
    .select({ id: lotteryRooms.id })
    .from(lotteryRooms)
    .where(
      and(
        eq(lotteryRooms.lotteryId, lotteryId),
        eq(lotteryRooms.title, title),
        exceptId === undefined ? undefined : ne(lotteryRooms.id, exceptId),
      ),
    );
  if (hit) throw new BusinessError(MSG_ROOM_TITLE_TAKEN);
}

interface RoomInput {
  title: string;
  sort: number;
  enabled: boolean;
}

/** A new room; `min_vip_level` the lowest VIP level that may bet and chat in it (1: everyone). */
export async function createRoom(db: Db, input: RoomInput & { lottery_id: number; min_vip_level: number }) {
  await lockedLottery(db, input.lottery_id);
  await titleTaken(db, input.lottery_id, input.title);
  const [room] = await db
    .insert(lotteryRooms)
    .values({
      lotteryId: input.lottery_id,
      title: input.title,
      sort: input.sort,
      enabled: input.enabled ? 1 : 0,
      minVipLevel: input.min_vip_level,
    })
    .returning();
  if (!room) throw new Error('room not stored');
  return roomRow(room);
}

/**
 * Renames, orders, opens or closes a room, sets its lowest VIP level (missing: unchanged): a closed
 * room is not listed and takes no bet; a room above a member's level takes no bet or chat line of theirs.
 */
export async function updateRoom(
  db: Db,
  input: RoomInput & { id: number; min_vip_level?: number | undefined },
) {
  const [before] = await db.select().from(lotteryRooms).where(eq(lotteryRooms.id, input.id)).for('update');
  if (!before) throw new BusinessError(MSG_LOTTERY_ROOM_UNKNOWN, 404);
  await titleTaken(db, before.lotteryId, input.title, input.id);
  const [after] = await db
    .update(lotteryRooms)
    .set({
      title: input.title,
      sort: input.sort,
      enabled: input.enabled ? 1 : 0,
      minVipLevel: input.min_vip_level ?? before.minVipLevel,
    })
    .where(eq(lotteryRooms.id, input.id))
    .returning();
  if (!after) throw new BusinessError(MSG_LOTTERY_ROOM_UNKNOWN, 404);
  const { id: _id, ...was } = roomRow(before);
  const { id: _id2, ...is } = roomRow(after);
  return { row: roomRow(after), before: { lottery_id: before.lotteryId, ...was }, after: is };
}
