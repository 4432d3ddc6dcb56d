/* What the console reads of the rooms' chat: the rooms, a room's messages (newest first, deleted ones
 * included and marked), the members muted now. */
import {
  CHAT_KIND_LABELS,
  CHAT_PAGE_SIZE,
  MSG_CHAT_ROOM,
  type ChatMessageRow,
  type ChatMuteRow,
  type ChatRoomRow,
} from '@app/contract/console-chat';
import { formatDateTime } from '@app/contract/codecs';
import { and, asc, count, desc, eq, gt, lt } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { chatMessages, chatMutes, lotteries, lotteryRooms } from '../../db/schema/lottery';
import { isForever } from './moderation';

const time = (d: Date) => formatDateTime(d.getTime());

/** Every room (closed ones too: their history stays readable), by lottery then room order. */
export async function chatRooms(db: Db): Promise<{ items: ChatRoomRow[] }> {
  const rows = await db
    .select({
      id: lotteryRooms.id,
      title: lotteryRooms.title,
      lottery: lotteries.title,
      enabled: lotteryRooms.enabled,
    })
    .from(lotteryRooms)
    .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
    .orderBy(asc(lotteries.sort), asc(lotteries.id), asc(lotteryRooms.sort), asc(lotteryRooms.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      lottery_title: r.lottery,
      enabled: r.enabled === 1,
    })),
  };
}

/**
 * One page of a room's messages, newest first, older than `before` when given. Each row says until
 * when its author is muted now, so the operator sees it beside what they wrote.
 */
export async function chatMessagesPage(
  db: Db,
  input: { room_id: number; before?: string | undefined },
): Promise<{ items: ChatMessageRow[]; next_before: string | null }> {
  const [room] = await db
    .select({ id: lotteryRooms.id })
    .from(lotteryRooms)
    .where(eq(lotteryRooms.id, input.room_id));
  if (!room) throw new BusinessError(MSG_CHAT_ROOM, 404);
  const rows = await db
    .select({ m: chatMessages, mutedUntil: chatMutes.until })
    .from(chatMessages)
    .leftJoin(chatMutes, and(eq(chatMutes.userId, chatMessages.userId), gt(chatMutes.until, new Date(now()))))
    .where(
      and(
        eq(chatMessages.roomId, input.room_id),
        input.before ? lt(chatMessages.id, BigInt(input.before)) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_PAGE_SIZE + 1);
  const page = rows.slice(0, CHAT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ m, mutedUntil }) => ({
      id: String(m.id),
      user_id: m.userId,
      author: m.author,
      content: m.content,
      kind: m.kind,
      kind_label: CHAT_KIND_LABELS[m.kind] ?? m.kind,
      created_at: time(m.createdAt),
      deleted: m.deletedAt !== null,
      deleted_at: m.deletedAt ? time(m.deletedAt) : null,
      deleted_by: m.deletedBy,
      muted_until: mutedUntil ? time(mutedUntil) : null,
    })),
    next_before: rows.length > CHAT_PAGE_SIZE && last ? String(last.m.id) : null,
  };
}

/** The members muted now, the latest mute first. */
export async function chatMutesPage(
  db: Db,
  input: { page: number; pageSize: number },
): Promise<{ total: number; items: ChatMuteRow[] }> {
  const inForce = gt(chatMutes.until, new Date(now()));
  const [total] = await db.select({ n: count() }).from(chatMutes).where(inForce);
  const rows = await db
    .select({ mute: chatMutes, name: users.username })
    .from(chatMutes)
    .innerJoin(users, eq(users.id, chatMutes.userId))
    .where(inForce)
    .orderBy(desc(chatMutes.createdAt), desc(chatMutes.userId))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map(({ mute, name }) => ({
      user_id: mute.userId,
      name,
      until: time(mute.until),
      permanent: isForever(mute.until),
      reason: mute.reason,
      muted_by: mute.mutedBy,
      created_at: time(mute.createdAt),
    })),
  };
}
