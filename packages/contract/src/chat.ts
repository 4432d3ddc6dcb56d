import * as z from 'zod/mini';
import { Flag, IdField, IdLike } from './codecs';

/* The lottery rooms' chat socket (server: modules/chat): its path, keep-alive, limits, close codes and
 * what the client sends. What the server pushes is lottery.ts's ChatServerMessage: a room's message
 * carries draws and orders, and a room's reply carries its messages, so it lives with them. */

export const CHAT_SOCKET_PATH = '/wss';
export const CHAT_PING = 'ping';
export const CHAT_PING_INTERVAL_MS = 3000;
export const CHAT_MAX_LENGTH = 200;
/** At most one message per second per member. */
export const CHAT_MIN_INTERVAL_MS = 1000;

/**
 * Close codes of a refused chat socket (RFC 6455 leaves 4000–4999 to applications): not signed in or
 * the session ended, blocked, no such room, too many sockets of one member. Trying again cannot help.
 */
export const SOCKET_CLOSE = { unauthorized: 4401, blocked: 4403, noRoom: 4404, tooMany: 4429 } as const;

/** Query of the socket URL: `/wss?roomid=…&_token=…` (an unknown or expired token is refused). */
export const ChatSocketQuery = z.object({
  roomid: IdField('房间不存在'),
  _token: z.string({ error: '请登录！' }).check(z.minLength(1, '请登录！'), z.maxLength(256, '请登录！')),
});

/**
 * What the client sends: the text 'ping' every 3 s, or a JSON chat message. `order` true: the
 * content is a bet command of a type 2 room (`大100 单50`), which the server turns into order lines.
 */
export const ChatClientMessage = z.union([
  z.literal(CHAT_PING),
  z.object({
    content: z
      .string({ error: '请输入内容' })
      .check(z.trim(), z.minLength(1, '请输入内容'), z.maxLength(CHAT_MAX_LENGTH, '消息不能超过200个字')),
    order: Flag,
  }),
]);
export type ChatClientMessage = z.output<typeof ChatClientMessage>;

/** Reads one text frame from the socket ('ping' or JSON); never throws. */
export function parseChatClientFrame(
  raw: string,
): { success: true; data: ChatClientMessage } | { success: false; message: string } {
  if (raw === CHAT_PING) return { success: true, data: CHAT_PING };
  if (raw.length > 4 * CHAT_MAX_LENGTH + 256) return { success: false, message: '消息不能超过200个字' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { success: false, message: '消息格式错误' };
  }
  const r = ChatClientMessage.safeParse(json);
  return r.success
    ? { success: true, data: r.data }
    : { success: false, message: r.error.issues[0]?.message ?? '' };
}

/**
 * Pushed to a room when an operator deleted one of its messages: `{type: 'delete', msgid, …}` (with
 * the usual fields, empty, so the room bus carries it like any message). Clients remove the message
 * whose `msgid` (ChatServerMessage's messageId) it names; the room's history already leaves it out.
 */
export const CHAT_DELETE_TYPE = 'delete';
export const ChatDeletion = z.pipe(
  z.object({ type: z.literal(CHAT_DELETE_TYPE), msgid: IdLike }),
  z.transform((o) => ({ messageId: o.msgid })),
);
export type ChatDeletion = z.output<typeof ChatDeletion>;

/** The message id a deletion frame names, or null when the JSON is not a deletion; never throws. */
export function readChatDeletion(json: unknown): number | null {
  const r = ChatDeletion.safeParse(json);
  return r.success && r.data.messageId > 0 ? r.data.messageId : null;
}
