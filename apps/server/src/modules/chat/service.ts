import { formatDateTime } from '@app/contract/codecs';
import { and, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { lotteries, lotteryRooms } from '../../db/schema/lottery';
import type { RoomMessage } from '../../http/realtime/room-bus';

/* Texts the socket sends back (Chinese, shown to the member as a toast); the session's are the API's. */
export { MSG_BLOCKED, MSG_LOGIN_FIRST, MSG_SESSION_OVER } from '../../http/plugins/auth';
/** A socket closed because its sign-in ended (logout, password change) while it was open. */
export const MSG_SESSION_ENDED = '登录已失效，请重新登录';
/** The 6th socket of one member (hub MAX_SOCKETS_PER_MEMBER). */
export const MSG_TOO_MANY_SOCKETS = '聊天室连接过多，请关闭其他页面后重试';
export const MSG_NO_ROOM = '房间不存在';
export const MSG_EMPTY = '请输入内容';
export const MSG_TOO_LONG = '消息不能超过200个字';
export const MSG_TOO_FAST = '发言太快，请稍后再试';
export const MSG_BAD_FRAME = '消息格式错误';
export const MSG_NO_COMMANDS = '该房间不支持文字下注';
export const MSG_SERVER_BUSY = '服务器繁忙，请稍后再试';

/** The author of system frames. */
export const SYSTEM_AUTHOR = '系统';

export interface ChatRoom {
  id: number;
  lotteryId: number;
  /** 1: six balls plus a special ball; 2: three balls (reads bet commands). */
  lotteryType: 1 | 2;
}

/** A listed (enabled) room with its lottery's type; null when there is no such room. */
export async function findChatRoom(db: Db, roomId: number): Promise<ChatRoom | null> {
  const [row] = await db
    .select({ id: lotteryRooms.id, lotteryId: lotteries.id, type: lotteries.type })
    .from(lotteryRooms)
    .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
    .where(and(eq(lotteryRooms.id, roomId), eq(lotteryRooms.enabled, 1)))
    .limit(1);
  if (!row || (row.type !== 1 && row.type !== 2)) return null;
  return { id: row.id, lotteryId: row.lotteryId, lotteryType: row.type };
}

/**
 * The room's lowest VIP level when it is above the member's, else null. Read for every chat line, so
 * an operator's change of the room and the daily VIP job hold at once.
 */
export async function roomLevelAbove(db: Db, userId: number, roomId: number): Promise<number | null> {
  const [row] = await db
    .select({ member: users.vipLevel, room: lotteryRooms.minVipLevel })
    .from(users)
    .innerJoin(lotteryRooms, eq(lotteryRooms.id, roomId))
    .where(eq(users.id, userId))
    .limit(1);
  return row && row.member < row.room ? row.room : null;
}

export async function memberAvatar(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.avatar ?? '';
}

// C0 and C1 control characters, and the bidirectional overrides/isolates that can make a line read
// differently from what it says (someone else's name appearing to have written it, a reversed amount).
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/gu;
const CONTROLS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A member's chat text as stored and shown: line breaks and tabs become one space (chat is one line
 * per message), other control characters are removed, then it is trimmed. The client renders it as
 * text, never as HTML, so markup needs no escaping here.
 */
export function cleanChatText(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(CONTROLS, '').trim();
}

/** A frame for one socket only: the system speaking (the client toasts `sysmsg`). */
export function systemFrame(message: string): RoomMessage {
  return {
    sysmsg: message,
    id: 0,
    author: SYSTEM_AUTHOR,
    avatar: '',
    content: message,
    type: 'chat',
    time: formatDateTime(now()),
  };
}
