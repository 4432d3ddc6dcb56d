/* The 客服工作台's socket (CONSOLE_SUPPORT_SOCKET_PATH on the console's listener; contract
 * console-support-socket.ts): the session cookie and the console's own Origin admit it. Every desk
 * socket (客服, 财务, 超级管理员) gets the queue's changes; a conversation's messages, the member's
 * typing and read marks go to the sockets of the operator serving it and to those watching it (the one
 * open on screen). Its operator counts as seen while it is open (presence.ts). */
import {
  CONSOLE_SUPPORT_SOCKET_CLOSE,
  CONSOLE_SUPPORT_SOCKET_PATH,
  CONSOLE_SUPPORT_SOCKETS_PER_OPERATOR,
  ConsoleSupportClientFrame,
  MSG_CONSOLE_SOCKET_ORIGIN,
  MSG_CONSOLE_SOCKET_TOO_MANY,
  SUPPORT_PRESENCE_HEARTBEAT_MS,
  type ConsoleSupportServerFrame,
} from '@app/contract/console-support-socket';
import { MSG_CONSOLE_FORBIDDEN, MSG_CONSOLE_SIGNED_OUT, roleMayCall } from '@app/contract/console-define';
import { consoleSupportQueue } from '@app/contract/console-support';
import { SUPPORT_SOCKET_MAX_FRAME, SUPPORT_TYPING_MIN_INTERVAL_MS } from '@app/contract/support-desk';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { operatorSessions, operators } from '../../db/schema/operators';
import { sessionToken } from '../../http/console-endpoint';
import type { DeskEvent, Revocation } from '../../http/realtime/room-bus';
import { wire } from '../../http/realtime/socket-util';
import { CONSOLE_IDLE_MS, CONSOLE_SESSION_MAX_MS, lookupSession } from '../../identity/operator-sessions';
import { ChatHub, watchHub } from '../chat/hub';
import { deskMessages, deskRow } from './desk-queries';
import { conversationRow, eventConversation, eventMessages, publishDeskEvents } from './events';
import { markSeen } from './presence';
import { readFrame, relayTyping, serveSocket } from './socket-common';
import type { ConversationRecord } from './views';

interface OperatorSocket {
  operatorId: number;
  /** The conversation open on its screen. */
  watching: number | null;
  send: (text: string) => void;
}

type Admission = { ok: true; id: number; sessionId: number } | { ok: false; code: number; reason: string };
const refused = (code: number, reason: string): Admission => ({ ok: false, code, reason });

/** The console's own origin as the browser names it: the request's scheme, host and port. */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Decided before the upgrade: the Origin, then the session, then the role. */
async function admit(db: Db, request: FastifyRequest): Promise<Admission> {
  if (request.headers.origin !== ownOrigin(request))
    return refused(CONSOLE_SUPPORT_SOCKET_CLOSE.forbidden, MSG_CONSOLE_SOCKET_ORIGIN);
  const token = sessionToken(request);
  // Not a person's act: an open socket does not keep an idle session alive (the re-check ends it).
  const operator = token ? await lookupSession(db, token, false) : null;
  if (!operator || operator.stage !== 'active')
    return refused(CONSOLE_SUPPORT_SOCKET_CLOSE.unauthorized, MSG_CONSOLE_SIGNED_OUT);
  if (!roleMayCall(operator.role, consoleSupportQueue))
    return refused(CONSOLE_SUPPORT_SOCKET_CLOSE.forbidden, MSG_CONSOLE_FORBIDDEN);
  return { ok: true, id: operator.id, sessionId: operator.sessionId };
}

/** The re-check of the console sessions behind the sockets: signed out, disabled, idle or too old. */
async function endedConsoleSessions(db: Db, ids: number[]): Promise<Map<number, Revocation['reason']>> {
  const rows = await db
    .select({
      id: operatorSessions.id,
      revokedAt: operatorSessions.revokedAt,
      createdAt: operatorSessions.createdAt,
      lastSeenAt: operatorSessions.lastSeenAt,
      disabled: operators.disabled,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(inArray(operatorSessions.id, ids));
  const t = now();
  const live = new Set(
    rows
      .filter(
        (r) =>
          !r.revokedAt &&
          !r.disabled &&
          t - r.lastSeenAt.getTime() <= CONSOLE_IDLE_MS &&
          t - r.createdAt.getTime() <= CONSOLE_SESSION_MAX_MS,
      )
      .map((r) => r.id),
  );
  return new Map(ids.filter((id) => !live.has(id)).map((id) => [id, 'revoked' as const]));
}

const closeEnded = (socket: WebSocket) =>
  socket.close(CONSOLE_SUPPORT_SOCKET_CLOSE.unauthorized, MSG_CONSOLE_SIGNED_OUT);

type QueueChange = Extract<ConsoleSupportServerFrame, { type: 'queue' }>['change'];

/** For everyone at the desk (the queue), and for those serving or watching it (the conversation). */
async function operatorFrames(db: Db, c: ConversationRecord, e: DeskEvent) {
  const queue = async (change: QueueChange): Promise<ConsoleSupportServerFrame> => ({
    type: 'queue',
    change,
    conversation: await deskRow(db, c),
  });
  const forAll: ConsoleSupportServerFrame[] = [];
  const forWatchers: ConsoleSupportServerFrame[] = [];
  if (e.k === 'state') forAll.push(await queue(e.change));
  if (e.k === 'read') forAll.push(await queue('read'));
  if (e.k === 'read' && e.side === 'member')
    forWatchers.push({ type: 'read', conversation_id: c.id, member_read_id: e.id });
  if (e.k === 'typing' && e.side === 'member')
    forWatchers.push({ type: 'typing', conversation_id: c.id, on: e.on });
  if (e.k === 'msg') {
    forAll.push(await queue('message'));
    for (const message of await deskMessages(db, await eventMessages(db, e)))
      forWatchers.push({ type: 'message', conversation_id: c.id, message });
  }
  return { forAll: forAll.map(wire), forWatchers: forWatchers.map(wire) };
}

/** Delivers one desk event to this process's console sockets it concerns. */
async function deliver(db: Db, hub: ChatHub, sockets: Set<OperatorSocket>, e: DeskEvent) {
  if (e.k === 'end') {
    hub.revoke({ userId: e.op, sessionIds: e.s, reason: 'revoked' });
    return;
  }
  if (sockets.size === 0 || e.k === 'online') return;
  const c = await eventConversation(db, e);
  if (!c) return;
  const { forAll, forWatchers } = await operatorFrames(db, c, e);
  for (const s of sockets) {
    for (const text of forAll) s.send(text);
    if (s.operatorId !== c.operatorId && s.watching !== c.id) continue;
    for (const text of forWatchers) s.send(text);
  }
}

/** A watch or a typing mark (at most one per interval, and only in a conversation it serves). */
async function onOperatorText(app: FastifyInstance, hub: ChatHub, s: OperatorSocket, text: string) {
  const frame = readFrame(ConsoleSupportClientFrame, text, SUPPORT_SOCKET_MAX_FRAME);
  if (frame?.type === 'watch') s.watching = frame.id;
  if (frame?.type !== 'typing' || !relayTyping(hub, s.operatorId, frame.on)) return;
  const c = await conversationRow(app.db, frame.id);
  if (c?.state !== 'open' || c.operatorId !== s.operatorId) return;
  await publishDeskEvents(app.db, app.roomBus, [{ k: 'typing', c: c.id, side: 'operator', on: frame.on }]);
}

/** Writes the operators of this listener's sockets as seen, now and every heartbeat. */
function heartbeat(app: FastifyInstance, sockets: Set<OperatorSocket>): void {
  const timer = setInterval(() => {
    const ids = [...new Set([...sockets].map((s) => s.operatorId))];
    markSeen(app.db, ids).catch((err: unknown) => app.log.warn({ err }, 'desk presence heartbeat failed'));
  }, SUPPORT_PRESENCE_HEARTBEAT_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Registers the socket on the console's app (which has registered the WebSocket server). */
export async function consoleSupportSocket(app: FastifyInstance): Promise<void> {
  const hub = new ChatHub({ closeEnded, minIntervalMs: SUPPORT_TYPING_MIN_INTERVAL_MS });
  watchHub(app, hub, (ids) => endedConsoleSessions(app.db, ids), { revocations: false });
  const sockets = new Set<OperatorSocket>();
  const stopDesk = app.roomBus.onDesk((e) => {
    deliver(app.db, hub, sockets, e).catch((err: unknown) => app.log.error({ err }, 'desk delivery failed'));
  });
  app.addHook('onClose', async () => stopDesk());
  heartbeat(app, sockets);
  const admissions = new WeakMap<FastifyRequest, Admission>();

  app.route({
    method: 'GET',
    url: CONSOLE_SUPPORT_SOCKET_PATH,
    async preValidation(request: FastifyRequest) {
      if (request.ws) admissions.set(request, await admit(app.db, request));
    },
    handler: async (_request, reply) =>
      reply.code(426).send({ code: 426, message: '请使用WebSocket连接', data: null }),
    wsHandler(socket: WebSocket, request: FastifyRequest) {
      const a = admissions.get(request);
      admissions.delete(request);
      if (!a?.ok) {
        socket.close(
          a?.code ?? CONSOLE_SUPPORT_SOCKET_CLOSE.unauthorized,
          a?.reason ?? MSG_CONSOLE_SIGNED_OUT,
        );
        return;
      }
      if (hub.countOf(a.id) >= CONSOLE_SUPPORT_SOCKETS_PER_OPERATOR) {
        socket.close(CONSOLE_SUPPORT_SOCKET_CLOSE.tooMany, MSG_CONSOLE_SOCKET_TOO_MANY);
        return;
      }
      const s: OperatorSocket = { operatorId: a.id, watching: null, send: () => undefined };
      s.send = serveSocket(hub, socket, { memberId: a.id, sessionId: a.sessionId }, request.log, {
        onText: (text) => onOperatorText(app, hub, s, text),
        onClose: () => sockets.delete(s),
      });
      sockets.add(s);
      s.send(wire({ type: 'ready', operator_id: a.id } satisfies ConsoleSupportServerFrame));
      markSeen(app.db, [a.id]).catch((err: unknown) => request.log.warn({ err }, 'desk presence failed'));
    },
  });
}
