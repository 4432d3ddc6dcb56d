/* The operators' console, 彩票房间聊天: the messages of a room, delete a message, mute a member. */
import * as z from 'zod/mini';
import { defineConsoleCall, PageQuery, type ConsoleCallDef, type OperatorRole } from './console-define';
import { OPS_ID_MAX } from './ops-fields';

/** Who reads the rooms' chat and moderates it. */
const CHAT_ROLES: readonly OperatorRole[] = ['content', 'support'];

/** Time on the wire: "Y-m-d H:i:s" (Beijing). */
const Time = z.string();

export const MSG_CHAT_ROOM = '请选择房间';
export const MSG_CHAT_MESSAGE = '消息不存在';
export const MSG_CHAT_MEMBER = '会员不存在';
export const MSG_CHAT_DURATION = '请选择禁言时长';
export const CHAT_MUTE_REASON_MAX = 200;
export const MSG_CHAT_REASON_LONG = `原因最多${CHAT_MUTE_REASON_MAX}个字`;
/** Refusals of the writes. */
export const MSG_CHAT_ALREADY_DELETED = '该消息已被删除';
export const MSG_CHAT_NOT_MEMBERS = '只能删除会员的发言';
export const MSG_CHAT_NOT_MUTED = '该会员未被禁言';

/** Messages of a room per request ("load older" asks for the next ones). */
export const CHAT_PAGE_SIZE = 50;

/** A chat message id (chat_messages.id, a bigint): digits on the wire. */
const MessageId = z.string({ error: MSG_CHAT_MESSAGE }).check(z.regex(/^[1-9]\d{0,17}$/, MSG_CHAT_MESSAGE));
/** A row id (a PostgreSQL integer) as a number or a query string, refused with the screen's message. */
function RowId(message: string) {
  return z.coerce
    .number<number | string>({ error: message })
    .check(z.refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= OPS_ID_MAX, message));
}
const MemberId = RowId(MSG_CHAT_MEMBER);

/* Mute durations ---------------------------------------------------------------------------------- */

/** How long a mute lasts; 永久 is a far date (until FOREVER_UNTIL), lifted by 解除禁言. */
export const CHAT_MUTE_DURATIONS = ['1h', '1d', '7d', 'forever'] as const;
export type ChatMuteDuration = (typeof CHAT_MUTE_DURATIONS)[number];
export const CHAT_MUTE_DURATION_LABELS: Record<ChatMuteDuration, string> = {
  '1h': '1 小时',
  '1d': '1 天',
  '7d': '7 天',
  forever: '永久',
};
/** Length of each timed duration, in hours. */
export const CHAT_MUTE_HOURS: Record<Exclude<ChatMuteDuration, 'forever'>, number> = {
  '1h': 1,
  '1d': 24,
  '7d': 24 * 7,
};
/** A permanent mute's until (UTC): later than any timed mute can reach. */
export const CHAT_MUTE_FOREVER_UNTIL = '2999-12-31T16:00:00.000Z';
/** A mute ending at or after this year reads as 永久. */
export const CHAT_MUTE_FOREVER_YEAR = 2999;

/* Rooms ------------------------------------------------------------------------------------------- */

export const ChatRoomRow = z.object({
  id: z.number(),
  title: z.string(),
  lottery_title: z.string(),
  /** The room is open to members (closed rooms keep their history). */
  enabled: z.boolean(),
});
export type ChatRoomRow = z.output<typeof ChatRoomRow>;

export const consoleChatRooms = defineConsoleCall({
  name: 'consoleChatRooms',
  method: 'GET',
  path: '/chat/rooms',
  roles: CHAT_ROLES,
  request: z.object({}),
  response: z.object({ items: z.array(ChatRoomRow) }),
});

/* Messages ---------------------------------------------------------------------------------------- */

export const CHAT_KIND_LABELS: Record<string, string> = {
  chat: '发言',
  order: '投注',
  open: '开盘',
  draw: '开奖',
};

export const ChatMessageRow = z.object({
  id: z.string(),
  /** The member who wrote it; null for the system's notices. */
  user_id: z.nullable(z.number()),
  author: z.string(),
  /** Plain text as the member wrote it: shown as text, never as HTML. */
  content: z.string(),
  kind: z.string(),
  kind_label: z.string(),
  created_at: Time,
  deleted: z.boolean(),
  deleted_at: z.nullable(Time),
  deleted_by: z.string(),
  /** Until when the author is muted now ("Y-m-d H:i:s"), null when not muted. */
  muted_until: z.nullable(Time),
});
export type ChatMessageRow = z.output<typeof ChatMessageRow>;

/** A room's messages, newest first; `before` (an id) asks for those older than it. */
export const consoleChatMessages = defineConsoleCall({
  name: 'consoleChatMessages',
  method: 'GET',
  path: '/chat/messages',
  roles: CHAT_ROLES,
  request: z.object({
    room_id: RowId(MSG_CHAT_ROOM),
    before: z.optional(MessageId),
  }),
  response: z.object({
    items: z.array(ChatMessageRow),
    /** The cursor for "load older", null when there is nothing older. */
    next_before: z.nullable(z.string()),
  }),
});

export const consoleDeleteChatMessage = defineConsoleCall({
  name: 'consoleDeleteChatMessage',
  method: 'POST',
  path: '/chat/messages/delete',
  roles: CHAT_ROLES,
  request: z.object({ id: MessageId }),
  response: z.object({ id: z.string(), deleted_at: Time, deleted_by: z.string() }),
});

/* Mutes ------------------------------------------------------------------------------------------- */

export const ChatMuteRow = z.object({
  user_id: z.number(),
  name: z.string(),
  until: Time,
  permanent: z.boolean(),
  reason: z.string(),
  muted_by: z.string(),
  created_at: Time,
});
export type ChatMuteRow = z.output<typeof ChatMuteRow>;

/** Members muted now (expired mutes are left out), newest first. */
export const consoleChatMutes = defineConsoleCall({
  name: 'consoleChatMutes',
  method: 'GET',
  path: '/chat/mutes',
  roles: CHAT_ROLES,
  request: z.object({ ...PageQuery }),
  response: z.object({ total: z.number(), items: z.array(ChatMuteRow) }),
});

export const consoleMuteChatMember = defineConsoleCall({
  name: 'consoleMuteChatMember',
  method: 'POST',
  path: '/chat/mutes',
  roles: CHAT_ROLES,
  request: z.object({
    user_id: MemberId,
    duration: z.enum(CHAT_MUTE_DURATIONS, MSG_CHAT_DURATION),
    reason: z._default(
      z.string().check(z.trim(), z.maxLength(CHAT_MUTE_REASON_MAX, MSG_CHAT_REASON_LONG)),
      '',
    ),
  }),
  response: z.object({ user_id: z.number(), until: Time, permanent: z.boolean() }),
});

export const consoleUnmuteChatMember = defineConsoleCall({
  name: 'consoleUnmuteChatMember',
  method: 'POST',
  path: '/chat/mutes/delete',
  roles: CHAT_ROLES,
  request: z.object({ user_id: MemberId }),
  response: z.object({ user_id: z.number() }),
});

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_CHAT_CALLS: readonly ConsoleCallDef[] = [
  consoleChatRooms,
  consoleChatMessages,
  consoleDeleteChatMessage,
  consoleChatMutes,
  consoleMuteChatMember,
  consoleUnmuteChatMember,
];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const CHAT_AUDIT_ACTIONS: Record<string, string> = {
  'chat.delete': '删除聊天消息',
  'chat.mute': '禁言会员',
  'chat.unmute': '解除禁言',
};

/** The audit log's Chinese label of each target type this area writes. */
export const CHAT_AUDIT_TARGETS: Record<string, string> = {
  chat_message: '聊天消息',
};
