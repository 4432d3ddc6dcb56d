/* An operator's moderation of the rooms' chat: deleting a member's message (gone from the history, and
 * from every member's screen through the room bus) and muting a member (checked on every message they
 * send, from the database, so it holds at once on every process). */
import { CHAT_DELETE_TYPE } from '@app/contract/chat';
import {
  CHAT_MUTE_FOREVER_UNTIL,
  CHAT_MUTE_FOREVER_YEAR,
  CHAT_MUTE_HOURS,
  MSG_CHAT_ALREADY_DELETED,
  MSG_CHAT_MEMBER,
  MSG_CHAT_MESSAGE,
  MSG_CHAT_NOT_MEMBERS,
  MSG_CHAT_NOT_MUTED,
  type ChatMuteDuration,
} from '@app/contract/console-chat';
import { formatDateTime } from '@app/contract/codecs';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { chatMessages, chatMutes } from '../../db/schema/lottery';
import { afterCommit } from '../../db/scope';
import type { RoomBus, RoomMessage } from '../../http/realtime/room-bus';
import { SYSTEM_AUTHOR } from './service';

/** What a muted member's message is answered with (an error frame: the app toasts it). */
export function mutedMessage(until: Date): string {
  return isForever(until) ? '您已被永久禁言' : `您已被禁言至${formatDateTime(until.getTime())}，暂不能发言`;
}

export const isForever = (until: Date): boolean => until.getUTCFullYear() >= CHAT_MUTE_FOREVER_YEAR;

export interface ActiveMute {
  until: Date;
  reason: string;
  mutedBy: string;
}

/** The member's mute in force at `atMs` (an expired one no longer counts), else null. */
export async function activeMute(db: Db, userId: number, atMs: number): Promise<ActiveMute | null> {
  const [row] = await db
    .select({ until: chatMutes.until, reason: chatMutes.reason, mutedBy: chatMutes.mutedBy })
    .from(chatMutes)
    .where(and(eq(chatMutes.userId, userId), gt(chatMutes.until, new Date(atMs))))
    .limit(1);
  return row ?? null;
}

/** The frame telling a room's sockets to drop the message `messageId` (contract ChatDeletion). */
export function deletionFrame(messageId: number): RoomMessage {
  return {
    sysmsg: false,
    id: 0,
    author: SYSTEM_AUTHOR,
    avatar: '',
    content: '',
    type: CHAT_DELETE_TYPE,
    msgid: messageId,
  };
}

/**
 * Marks a member's chat line deleted (the history leaves it out) and, once committed, tells the
 * room on every process. Only members' lines: orders and round notices are the record of bets and
 * draws. Marked only while not yet deleted, so two operators pressing at once delete it once.
 */
export async function deleteChatMessage(db: Db, bus: RoomBus, id: bigint, by: string, atMs: number) {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  if (!row) throw new BusinessError(MSG_CHAT_MESSAGE, 404);
  if (row.kind !== 'chat' || row.userId === null) throw new BusinessError(MSG_CHAT_NOT_MEMBERS);
  const at = new Date(atMs);
  const done = await db
    .update(chatMessages)
    .set({ deletedAt: at, deletedBy: by })
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  if (done.length === 0) throw new BusinessError(MSG_CHAT_ALREADY_DELETED, 409);
  const roomId = row.roomId;
  await afterCommit(db, () => bus.publish(roomId, deletionFrame(Number(id))));
  return { row, deletedAt: at };
}

async function requireMember(db: Db, userId: number): Promise<string> {
  const [u] = await db.select({ name: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new BusinessError(MSG_CHAT_MEMBER, 404);
  return u.name;
}

/** Until when a mute of `duration` made at `atMs` lasts. */
export function muteUntil(duration: ChatMuteDuration, atMs: number): Date {
  if (duration === 'forever') return new Date(CHAT_MUTE_FOREVER_UNTIL);
  return new Date(atMs + CHAT_MUTE_HOURS[duration] * 3_600_000);
}

/** Mutes the member (replacing a mute in force: the operator's new choice is what holds). */
export async function muteMember(
  db: Db,
  input: { userId: number; duration: ChatMuteDuration; reason: string; by: string },
  atMs: number,
) {
  const name = await requireMember(db, input.userId);
  const before = await activeMute(db, input.userId, atMs);
  const until = muteUntil(input.duration, atMs);
  const values = { until, reason: input.reason, mutedBy: input.by, createdAt: new Date(atMs) };
  await db
    .insert(chatMutes)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: chatMutes.userId, set: values });
  return { name, before, until };
}

/** Lifts the member's mute in force; refused when there is none (expired mutes included). */
export async function unmuteMember(db: Db, userId: number, atMs: number) {
  await requireMember(db, userId);
  const before = await activeMute(db, userId, atMs);
  if (!before) throw new BusinessError(MSG_CHAT_NOT_MUTED, 409);
  await db.delete(chatMutes).where(eq(chatMutes.userId, userId));
  return { before };
}
