import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pgRoomBus } from './pg-bus';
import { memoryRoomBus, type RoomBus } from './room-bus';

declare module 'fastify' {
  interface FastifyInstance {
    roomBus: RoomBus;
  }
}

/**
 * Largest frame a client may send. A chat frame is {content ≤ 200 characters, order}: at most about
 * 1.3 KB even with every character JSON-escaped (\uXXXX). A bigger frame closes the socket (1009).
 */
export const SOCKET_MAX_PAYLOAD = 4096;

/** Close code for sockets open when the app closes (RFC 6455 'going away'): reconnect, maybe elsewhere. */
const CLOSE_GOING_AWAY = 1001;
/** How long closing sockets get to answer the close before they are cut. */
const SOCKET_CLOSE_GRACE_MS = 2000;

/** How long the bus may take to start listening before the app starts without it (it keeps retrying). */
const BUS_READY_WAIT_MS = 10_000;

/**
 * The WebSocket server of a listener (the members' app here; the console registers its own): frames
 * up to SOCKET_MAX_PAYLOAD, client protocol errors logged quietly, 1001 to open sockets on close.
 */
export async function registerSocketServer(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: SOCKET_MAX_PAYLOAD, perMessageDeflate: false },
    // A client's protocol error (oversized or malformed frame, abrupt disconnect) is the client's
    // problem, not the server's: log it quietly. ws has already sent a close frame when it can;
    // give the close a moment, then make sure the connection is gone.
    errorHandler(error, socket, request) {
      const code = (error as { code?: unknown }).code;
      const byClient =
        typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE');
      if (byClient) request.log.info({ code, message: error.message }, 'socket error');
      else request.log.error({ err: error }, 'socket handler failed');
      if (socket.readyState === socket.CLOSING) {
        setTimeout(() => socket.terminate(), 1000).unref();
      } else {
        socket.terminate();
      }
    },
    // Instead of the plugin's default (a close without a code, 1005): 1001 tells clients the server
    // is going away, so they reconnect (to another process behind the load balancer, or to this one
    // once restarted) rather than treat it as an error.
    preClose: async () => {
      const wss = app.websocketServer;
      const force = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, SOCKET_CLOSE_GRACE_MS);
      await new Promise<void>((resolve) => {
        wss.close(() => resolve());
        for (const client of wss.clients) client.close(CLOSE_GOING_AWAY, 'server restarting');
      });
      clearTimeout(force);
    },
  });
}

/**
 * Decorates `app.roomBus` and closes it with the app; registers the WebSocket server.
 *
 * The bus: on PostgreSQL (DATABASE_URL set) several processes may serve one database, so messages
 * travel by LISTEN/NOTIFY (pg-bus.ts); on the embedded database there is exactly one process, and an
 * in-memory bus is all it needs.
 */
export default fp(
  async function realtimePlugin(app: FastifyInstance) {
    const url = app.config.databaseUrl;
    let bus: RoomBus;
    if (url) {
      const pgBus = pgRoomBus({
        connectionString: url,
        db: app.db,
        log: app.log.child({ module: 'room-bus' }),
      });
      let timer: NodeJS.Timeout | undefined;
      const started = await Promise.race([
        pgBus.ready().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), BUS_READY_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!started) app.log.warn('room bus not listening yet; chat from other processes arrives once it is');
      bus = pgBus;
    } else {
      bus = memoryRoomBus();
    }
    app.decorate('roomBus', bus);
    app.addHook('onClose', () => bus.close());

    // Registered here, at the app's level, so an upgrade request to any path goes through the
    // plugin's handling (a path without a socket handler is closed) rather than a plain HTTP handler.
    await registerSocketServer(app);
  },
  { name: 'realtime', dependencies: ['database'] },
);
