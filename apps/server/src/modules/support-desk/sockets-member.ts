/* The desk page's socket (SUPPORT_SOCKET_PATH on the members' listener; contract support-desk.ts):
 * authenticated by its first frame, then it receives its own conversations' messages, state changes,
 * the 客服's read marks and typing, and whether any 客服 is online; it sends typing marks. Every
 * process delivers desk events (events.ts) to its own sockets of the conversation's member or visitor. */
import { performance } from 'node:perf_hooks';
import {
  MSG_SUPPORT_SOCKET_AUTH,
  MSG_SUPPORT_SOCKET_TOO_MANY,
  SUPPORT_SOCKET_AUTH_MS,
  SUPPORT_SOCKET_CLOSE,
  SUPPORT_SOCKET_MAX_FRAME,
  SUPPORT_SOCKET_PATH,
  SUPPORT_SOCKETS_PER_CALLER,
  SUPPORT_TYPING_MIN_INTERVAL_MS,
  MSG_SUPPORT_EXPIRED,
  SupportClientFrame,
  type SupportServerFrame,
} from '@app/contract/support-desk';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { BusinessError } from '../../core/errors';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import { MSG_BLOCKED } from '../../http/plugins/auth';
import { sendEnvelopeError } from '../../http/plugins/errors';
import type { DeskEvent, Revocation } from '../../http/realtime/room-bus';
import { frameText, wire } from '../../http/realtime/socket-util';
import { ChatHub, watchHub, type SocketOwner } from '../chat/hub';
import { anyoneOnline } from './assign';
import { conversationView, liveConversation, messageViews } from './conversations';
import { eventConversation, eventMessages, publishDeskEvents } from './events';
import { supportCallerOfToken, type SupportCaller } from './identity';
import { readFrame, relayTyping, serveSocket, SocketIndex } from './socket-common';
import type { ConversationRecord } from './views';

type Send = (text: string) => void;
/** Whose conversations a socket follows: a member's (`u<id>`) or a visitor key's (`v<sha256>`). */
const keyOf = (who: { userId: number | null; visitorHash: string | null }) =>
  who.userId !== null ? `u${who.userId}` : `v${who.visitorHash ?? ''}`;

/** A socket whose sign-in ended (logout, password change, block) or whose token expired. */
function closeEnded(socket: WebSocket, reason: Revocation['reason']): void {
  if (reason === 'blocked') socket.close(SUPPORT_SOCKET_CLOSE.blocked, MSG_BLOCKED);
  else socket.close(SUPPORT_SOCKET_CLOSE.unauthorized, MSG_SUPPORT_EXPIRED);
}

/**
 * The re-check of the sign-ins behind members' sockets: ended when signed out or blocked (not by the
 * member app's idle limits: a desk lasts while its sign-in does, as supportCallerOf says).
 */
async function endedSignIns(db: Db, ids: number[]): Promise<Map<number, Revocation['reason']>> {
  const ended = new Map<number, Revocation['reason']>();
  const wanted = ids.filter((id) => id > 0);
  if (wanted.length === 0) return ended;
  const rows = await db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt, blocked: users.blocked })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.id, wanted));
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const id of wanted) {
    const r = found.get(id);
    if (r?.blocked) ended.set(id, 'blocked');
    else if (!r || r.revokedAt) ended.set(id, 'revoked');
  }
  return ended;
}

/** A member's owner in the hub: its user and sign-in (revocations match them); a visitor's cannot match. */
const ownerOf = (caller: SupportCaller): SocketOwner =>
  caller.userId !== null
    ? { memberId: caller.userId, sessionId: caller.signInId ?? 0 }
    : { memberId: -caller.sessionId, sessionId: 0 };

/** The frames an event gives the page (none for the member's own read marks and typing). */
async function memberFrames(db: Db, c: ConversationRecord, e: DeskEvent): Promise<SupportServerFrame[]> {
  switch (e.k) {
    case 'msg': {
      const views = await messageViews(db, await eventMessages(db, e));
      return views.map((message) => ({ type: 'message', conversation_id: c.id, message }));
    }
    case 'state':
      return [{ type: 'state', change: e.change, conversation: await conversationView(db, c) }];
    case 'read':
      return e.side === 'operator' ? [{ type: 'read', conversation_id: c.id, operator_read_id: e.id }] : [];
    case 'typing':
      return e.side === 'operator' ? [{ type: 'typing', conversation_id: c.id, on: e.on }] : [];
    default:
      return [];
  }
}

/** Delivers one desk event to this process's page sockets it concerns (re-read once, sent to each). */
async function deliver(db: Db, index: SocketIndex<string, Send>, e: DeskEvent): Promise<void> {
  if (index.size === 0 || e.k === 'end') return;
  if (e.k === 'online') {
    const text = wire({ type: 'online', online: await anyoneOnline(db) } satisfies SupportServerFrame);
    for (const send of index.all()) send(text);
    return;
  }
  const c = await eventConversation(db, e);
  if (!c || index.of(keyOf(c)).size === 0) return;
  const frames = (await memberFrames(db, c, e)).map(wire);
  for (const send of index.of(keyOf(c))) for (const text of frames) send(text);
}

export default fp(
  async function supportSocketRoutes(app: FastifyInstance) {
    const hub = new ChatHub({ closeEnded, minIntervalMs: SUPPORT_TYPING_MIN_INTERVAL_MS });
    watchHub(app, hub, (ids) => endedSignIns(app.db, ids), { revocations: true });
    const index = new SocketIndex<string, Send>();
    const stopDesk = app.roomBus.onDesk((e) => {
      deliver(app.db, index, e).catch((err: unknown) => app.log.error({ err }, 'desk delivery failed'));
    });
    app.addHook('onClose', async () => stopDesk());

    app.route({
      method: 'GET',
      url: SUPPORT_SOCKET_PATH,
      handler: (_request: FastifyRequest, reply: FastifyReply) =>
        sendEnvelopeError(reply.header('upgrade', 'websocket'), 426, '请使用WebSocket连接'),
      wsHandler: (socket: WebSocket, request: FastifyRequest) => awaitAuth(app, hub, index, socket, request),
    });
  },
  { name: 'support-socket', dependencies: ['realtime', 'database'] },
);

/** Waits for the auth frame (SUPPORT_SOCKET_AUTH_MS); nothing else is read before it. */
function awaitAuth(
  app: FastifyInstance,
  hub: ChatHub,
  index: SocketIndex<string, Send>,
  socket: WebSocket,
  request: FastifyRequest,
): void {
  const refuse = (reason = MSG_SUPPORT_SOCKET_AUTH) =>
    socket.close(SUPPORT_SOCKET_CLOSE.unauthorized, reason);
  const timer = setTimeout(() => refuse(), SUPPORT_SOCKET_AUTH_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('message', (data, isBinary) => {
    clearTimeout(timer);
    const frame = isBinary ? null : readFrame(SupportClientFrame, frameText(data), SUPPORT_SOCKET_MAX_FRAME);
    if (frame?.type !== 'auth') {
      refuse();
      return;
    }
    // Revocations the hub receives from now on may have been missed by the lookup: see revokedSince.
    const since = performance.now();
    supportCallerOfToken(app.db, frame.token).then(
      (caller) =>
        admit(app, hub, index, socket, request, caller, since).catch((err: unknown) => {
          // E.g. the database gone while telling who is online: 1011, which the page retries.
          request.log.error({ err }, 'desk socket admission failed');
          socket.close(1011, '客服连接失败，正在重试');
        }),
      (err: unknown) => {
        if (!(err instanceof BusinessError)) request.log.error({ err }, 'desk socket auth failed');
        if (err instanceof BusinessError && err.status === 403)
          socket.close(SUPPORT_SOCKET_CLOSE.blocked, err.message);
        else refuse(err instanceof BusinessError ? err.message : MSG_SUPPORT_SOCKET_AUTH);
      },
    );
  });
}

/** An authenticated socket: counted, indexed by whose it is, told who is online, closed when the token expires. */
async function admit(
  app: FastifyInstance,
  hub: ChatHub,
  index: SocketIndex<string, Send>,
  socket: WebSocket,
  request: FastifyRequest,
  caller: SupportCaller,
  since: number,
): Promise<void> {
  if (socket.readyState !== socket.OPEN) return;
  const owner = ownerOf(caller);
  // Counted and added in one synchronous step, so sockets opening together cannot pass.
  if (hub.countOf(owner.memberId) >= SUPPORT_SOCKETS_PER_CALLER) {
    socket.close(SUPPORT_SOCKET_CLOSE.tooMany, MSG_SUPPORT_SOCKET_TOO_MANY);
    return;
  }
  const revoked = caller.userId !== null ? hub.revokedSince(owner, since) : null;
  if (revoked) {
    closeEnded(socket, revoked.reason);
    return;
  }
  const key = keyOf(caller);
  const log = request.log.child({ supportSession: caller.sessionId });
  const expiry = setTimeout(
    () => closeEnded(socket, 'revoked'),
    // The server's clock (core/clock: an operator may run it offset), as expiresAt was set by.
    Math.min(caller.expiresAt - now(), 2 ** 31 - 1),
  );
  expiry.unref();
  const send: Send = serveSocket(hub, socket, owner, log, {
    onText: (text) => onMemberText(app, hub, caller, owner, text),
    onClose: () => {
      clearTimeout(expiry);
      index.remove(key, send);
    },
  });
  index.add(key, send);
  send(wire({ type: 'online', online: await anyoneOnline(app.db) } satisfies SupportServerFrame));
}

/** A typing mark (relayTyping: a start at most once per SUPPORT_TYPING_MIN_INTERVAL_MS), relayed to the conversation not closed. */
async function onMemberText(
  app: FastifyInstance,
  hub: ChatHub,
  caller: SupportCaller,
  owner: SocketOwner,
  text: string,
): Promise<void> {
  const frame = readFrame(SupportClientFrame, text, SUPPORT_SOCKET_MAX_FRAME);
  if (frame?.type !== 'typing' || !relayTyping(hub, owner.memberId, frame.on)) return;
  const c = await liveConversation(app.db, caller);
  if (!c) return;
  await publishDeskEvents(app.db, app.roomBus, [{ k: 'typing', c: c.id, side: 'member', on: frame.on }]);
}
