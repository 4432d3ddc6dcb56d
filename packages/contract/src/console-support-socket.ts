/* The 客服工作台's socket (OUR ADDITION, issue 34), on the console's own listener, beside
 * console-support.ts's calls (kept apart: that file is at its size limit). The calls stay the durable
 * path: on (re)connecting the console reads consoleSupportQueue and the open conversation again, and
 * keeps messages by id (one can arrive both in a call's reply and on the socket).
 *
 * Authentication is the console's session cookie, which a same-origin WebSocket request carries like
 * any request; the server also requires the `Origin` header to be the console's own origin (scheme,
 * host and port of the request), so a page of another site cannot open a socket with the operator's
 * cookie (cross-site WebSocket hijacking: cookies ride along, CORS does not apply to WebSockets). */
import * as z from 'zod/mini';
import { SupportConversationRow, SupportDeskMessage } from './console-support';
import { SUPPORT_STATE_CHANGES } from './support-desk';

export const CONSOLE_SUPPORT_SOCKET_PATH = '/api/support/socket';
/** The console's keep-alive text frame and its answer (not JSON), as the chat's. */
export const CONSOLE_SUPPORT_PING = 'ping';
export const CONSOLE_SUPPORT_PONG = 'pong';
/** Sockets one operator may hold on one server process (tabs). */
export const CONSOLE_SUPPORT_SOCKETS_PER_OPERATOR = 10;
/**
 * Presence: each process writes the operators of its open console sockets (and queue polls) as seen
 * every HEARTBEAT; the leader sets offline an online operator not seen for GRACE (a reload or a
 * process restart does not drop it; a closed console does, within GRACE plus one sweep).
 */
export const SUPPORT_PRESENCE_HEARTBEAT_MS = 20_000;
export const SUPPORT_PRESENCE_GRACE_MS = 90_000;
export const SUPPORT_PRESENCE_SWEEP_MS = 30_000;

/** Close codes: no or ended session (4401), a foreign Origin or a role that does not work the desk (4403). */
export const CONSOLE_SUPPORT_SOCKET_CLOSE = { unauthorized: 4401, forbidden: 4403, tooMany: 4429 } as const;
export const MSG_CONSOLE_SOCKET_ORIGIN = '请从控制台打开客服工作台';
export const MSG_CONSOLE_SOCKET_TOO_MANY = '客服工作台打开过多，请关闭其他页面后重试';

/** What the console sends (text frames, JSON except 'ping'). */
export const ConsoleSupportClientFrame = z.discriminatedUnion('type', [
  /**
   * The conversation the operator has open (null: none): its messages and the member's typing come
   * to this socket whoever serves it. An operator always gets those of the conversations it serves.
   */
  z.object({ type: z.literal('watch'), id: z.nullable(z.number().check(z.int(), z.positive())) }),
  /** Typing in a conversation it serves (relayed to the member; others' are dropped). */
  z.object({ type: z.literal('typing'), id: z.number().check(z.int(), z.positive()), on: z.boolean() }),
]);
export type ConsoleSupportClientFrame = z.output<typeof ConsoleSupportClientFrame>;

/** What a queue frame reports. */
export const CONSOLE_QUEUE_CHANGES = [...SUPPORT_STATE_CHANGES, 'message', 'read'] as const;

/**
 * What the server pushes. Queue frames go to every desk socket (客服, 财务, 超级管理员): the row carries
 * its state, operator, last text and unread count. Messages, typing and read marks of a conversation
 * go to its operator's sockets and to sockets watching it.
 */
export const ConsoleSupportServerFrame = z.discriminatedUnion('type', [
  /** The first frame: the socket is admitted. */
  z.object({ type: z.literal('ready'), operator_id: z.number() }),
  z.object({
    type: z.literal('queue'),
    change: z.enum(CONSOLE_QUEUE_CHANGES),
    conversation: SupportConversationRow,
  }),
  z.object({ type: z.literal('message'), conversation_id: z.number(), message: SupportDeskMessage }),
  /** The member or visitor is typing. */
  z.object({ type: z.literal('typing'), conversation_id: z.number(), on: z.boolean() }),
  /** The member side has read up to this message id. */
  z.object({ type: z.literal('read'), conversation_id: z.number(), member_read_id: z.number() }),
]);
export type ConsoleSupportServerFrame = z.output<typeof ConsoleSupportServerFrame>;
