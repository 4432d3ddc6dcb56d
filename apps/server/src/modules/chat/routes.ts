import { performance } from 'node:perf_hooks';
import { CHAT_PING, CHAT_SOCKET_PATH, ChatSocketQuery, parseChatClientFrame } from '@app/contract/chat';
import { MSG_BET_PLACED, msgRoomVip } from '@app/contract/lottery';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { sendEnvelopeError } from '../../http/plugins/errors';
import { publishRoomMessage, saveRoomMessage } from '../../http/realtime/room-messages';
import { frameText, socketSender, wire } from '../../http/realtime/socket-util';
import { endedSessions, lookupSession, type Member } from '../../identity/sessions';
import { tokenOf } from '../../http/plugins/auth';
import {
  ChatHub,
  CLOSE_BLOCKED,
  CLOSE_NO_ROOM,
  CLOSE_TOO_MANY,
  CLOSE_UNAUTHORIZED,
  closeEnded,
  MAX_SOCKETS_PER_MEMBER,
  watchHub,
} from './hub';
import { activeMute, mutedMessage } from './moderation';
import { placeCommandOrder } from './orders';
import {
  cleanChatText,
  findChatRoom,
  memberAvatar,
  MSG_BAD_FRAME,
  MSG_BLOCKED,
  MSG_EMPTY,
  MSG_LOGIN_FIRST,
  MSG_NO_COMMANDS,
  MSG_NO_ROOM,
  MSG_SERVER_BUSY,
  MSG_SESSION_OVER,
  MSG_TOO_FAST,
  MSG_TOO_MANY_SOCKETS,
  roomLevelAbove,
  systemFrame,
  type ChatRoom,
} from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's chat sockets (heartbeat, message rate). */
    chatHub: ChatHub;
  }
}

/** The reply to the text frame 'ping'. */
export const CHAT_PONG = 'pong';
export { SOCKET_RECHECK_MS } from './hub';

type Admission =
  | { ok: true; member: Member; token: string; room: ChatRoom; avatar: string; since: number }
  | { ok: false; code: number; reason: string };
type Admitted = Extract<Admission, { ok: true }>;

/**
 * Who may open the socket, decided before the upgrade (so no frame is read before it is known).
 * A refusal still upgrades, then closes with an application code and a Chinese reason: a browser's
 * WebSocket cannot read the HTTP status of a refused handshake, but it can read CloseEvent.code.
 */
async function admit(app: FastifyInstance, request: FastifyRequest): Promise<Admission> {
  // Revocations the hub receives from now on may have been missed by the lookup below: see wsHandler.
  const since = performance.now();
  const token = tokenOf(request);
  const session = await lookupSession(app.db, token);
  if (session.status === 'missing') return { ok: false, code: CLOSE_UNAUTHORIZED, reason: MSG_LOGIN_FIRST };
  if (session.status === 'blocked') return { ok: false, code: CLOSE_BLOCKED, reason: MSG_BLOCKED };
  if (session.status !== 'ok' || !token)
    return { ok: false, code: CLOSE_UNAUTHORIZED, reason: MSG_SESSION_OVER };
  // Only the room is read from the query: the token may also come as a Bearer header (tokenOf).
  const query = request.query as Record<string, unknown> | undefined;
  const roomId = ChatSocketQuery.shape.roomid.safeParse(query?.roomid);
  const room = roomId.success ? await findChatRoom(app.db, roomId.data) : null;
  if (!room) return { ok: false, code: CLOSE_NO_ROOM, reason: MSG_NO_ROOM };
  const avatar = await memberAvatar(app.db, session.member.id);
  return { ok: true, member: session.member, token, room, avatar, since };
}

/**
 * GET /wss?roomid=…&_token=… (spec §7): the chat of one lottery room. Protocol in ./README.md.
 */
export default fp(
  async function chatRoutes(app: FastifyInstance) {
    const hub = new ChatHub();
    app.decorate('chatHub', hub);
    // Sessions ended on any process (logout, password change, block): their sockets here close at once.
    watchHub(app, hub, (ids) => endedSessions(app.db, ids), { revocations: true });

    const admissions = new WeakMap<FastifyRequest, Admission>();

    app.route({
      method: 'GET',
      url: CHAT_SOCKET_PATH,
      // Only upgrades are checked: a plain GET gets the 426 below without touching the database.
      async preValidation(request: FastifyRequest) {
        if (request.ws) admissions.set(request, await admit(app, request));
      },
      handler(_request: FastifyRequest, reply: FastifyReply) {
        return sendEnvelopeError(reply.header('upgrade', 'websocket'), 426, '请使用WebSocket连接');
      },
      wsHandler(socket: WebSocket, request: FastifyRequest) {
        const admission = admissions.get(request);
        admissions.delete(request);
        if (!admission?.ok) {
          socket.close(admission?.code ?? CLOSE_UNAUTHORIZED, admission?.reason ?? MSG_LOGIN_FIRST);
          return;
        }
        // Counted and added in this same synchronous step, so sockets opening together cannot pass.
        if (hub.countOf(admission.member.id) >= MAX_SOCKETS_PER_MEMBER) {
          socket.close(CLOSE_TOO_MANY, MSG_TOO_MANY_SOCKETS);
          return;
        }
        const owner = { memberId: admission.member.id, sessionId: admission.member.sessionId };
        const revoked = hub.revokedSince(owner, admission.since);
        if (revoked) {
          closeEnded(socket, revoked.reason);
          return;
        }
        serve(app, hub, socket, request, admission);
      },
    });
  },
  // Bet commands also use the lottery plugin's `orderDesk`, registered before this one (app.ts).
  { name: 'chat', dependencies: ['realtime', 'auth', 'database'] },
);

/** One admitted socket: a member in a room. */
interface Connection {
  app: FastifyInstance;
  hub: ChatHub;
  socket: WebSocket;
  admission: Admitted;
  log: FastifyBaseLogger;
  send(text: string): void;
  sendError(message: string): void;
}

function serve(app: FastifyInstance, hub: ChatHub, socket: WebSocket, request: FastifyRequest, a: Admitted) {
  const { member, room } = a;
  const log = request.log.child({ memberId: member.id, roomId: room.id });

  const send = socketSender(socket, log);
  const sendError = (message: string) => send(JSON.stringify(systemFrame(message)));
  const conn: Connection = { app, hub, socket, admission: a, log, send, sendError };

  hub.add(socket, { memberId: member.id, sessionId: member.sessionId });
  const unsubscribe = app.roomBus.subscribe(room.id, (message) => {
    // A win (中奖提示) is its winner's alone.
    if (message.type === 'win' && message.id !== member.id) return;
    send(wire(message));
  });
  socket.on('close', () => {
    unsubscribe();
    hub.remove(socket);
  });
  socket.on('pong', () => hub.seen(socket));
  socket.on('ping', () => hub.seen(socket));

  socket.on('message', (data: RawData, isBinary: boolean) => {
    hub.seen(socket);
    if (isBinary) {
      sendError(MSG_BAD_FRAME);
      return;
    }
    onText(conn, frameText(data)).catch((err: unknown) => {
      if (err instanceof BusinessError) {
        sendError(err.message);
        return;
      }
      log.error({ err }, 'chat message failed');
      sendError(MSG_SERVER_BUSY);
    });
  });
}

/** Re-checked for every message: a session revoked (logout, password change, block) stops here. */
async function stillSignedIn({ app, socket, admission }: Connection): Promise<boolean> {
  const session = await lookupSession(app.db, admission.token);
  if (session.status === 'ok') return true;
  if (session.status === 'blocked') socket.close(CLOSE_BLOCKED, MSG_BLOCKED);
  else socket.close(CLOSE_UNAUTHORIZED, MSG_SESSION_OVER);
  return false;
}

/** A text frame: a ping, a chat line or (in a command room) an order. */
async function onText(conn: Connection, text: string): Promise<void> {
  const { app, hub, admission: a, send, sendError } = conn;
  const { member, room } = a;
  if (text === CHAT_PING) {
    send(CHAT_PONG);
    return;
  }
  const parsed = parseChatClientFrame(text);
  if (!parsed.success) {
    sendError(parsed.message || MSG_BAD_FRAME);
    return;
  }
  if (parsed.data === CHAT_PING) {
    send(CHAT_PONG);
    return;
  }
  const { order } = parsed.data;
  const content = cleanChatText(parsed.data.content);
  if (content === '') {
    sendError(MSG_EMPTY);
    return;
  }
  if (order && room.lotteryType !== 2) {
    sendError(MSG_NO_COMMANDS);
    return;
  }
  if (!hub.takeMessageSlot(member.id)) {
    sendError(MSG_TOO_FAST);
    return;
  }
  if (!(await stillSignedIn(conn))) return;

  if (order) {
    // The accepted order is announced to the room (the sender included) by the lottery service. A mute
    // does not stop bets: an order's line is the server's wording of a bet, not the member's text.
    const placed = await placeCommandOrder(app, {
      userId: member.id,
      roomId: room.id,
      lotteryId: room.lotteryId,
      content,
    });
    // Its announcement waits for the member's next one in the room (within a second of the last):
    // the sender is told at once that it was taken.
    if (placed.msgid === undefined) send(JSON.stringify(systemFrame(MSG_BET_PLACED)));
    return;
  }
  // A VIP room: the member may read it, but speaks only from its level (bets: placeOrder checks).
  const level = await roomLevelAbove(app.db, member.id, room.id);
  if (level !== null) {
    sendError(msgRoomVip(level, 'chat'));
    return;
  }
  // Read per message from the database: a mute made or lifted on any process holds at once.
  const mute = await activeMute(app.db, member.id, now());
  if (mute) {
    sendError(mutedMessage(mute.until));
    return;
  }
  const message = await saveRoomMessage(app.db, room.id, {
    userId: member.id,
    // Who wrote it comes from the session, never from the frame.
    sysmsg: false,
    id: member.id,
    author: member.username,
    avatar: a.avatar,
    content,
    type: 'chat',
  });
  await publishRoomMessage(app.roomBus, room.id, message);
}
