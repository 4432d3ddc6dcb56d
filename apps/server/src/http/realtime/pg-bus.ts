import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';
import {
  deskPayload,
  isRecord,
  parsePayload,
  readDeskEvent,
  readEnvelope,
  readRevocation,
  revocationPayload,
  type Envelope,
} from './envelopes';
import type { DeskEvent, Revocation, RoomBus, RoomMessage } from './room-bus';

/**
 * The room bus across processes: PostgreSQL LISTEN/NOTIFY on one channel for every room.
 *
 * - publish delivers to this process's listeners at once (so a process's own sockets never wait on a
 *   database round trip, and still get the message when the listening connection is down), then sends
 *   `pg_notify(channel, {o: instance, r: room, m: message})` through the app's pool. Every process,
 *   this one included, receives the notification on its listening connection; a process skips its
 *   own (`o`), which it already delivered.
 * - One dedicated connection per process LISTENs. When it drops (database restart, network), it is
 *   reopened with exponential backoff (0.1 s doubling to 5 s). Messages published by other processes
 *   while it is down are NOT delivered to this process's sockets: chat is live-only, and the room's
 *   history (chat_messages, read by lotteryRoom) is the durable copy a client reloads.
 * - NOTIFY payloads must be shorter than 8000 bytes. Our messages are small (chat ≤ 200 characters,
 *   a draw's result a few hundred bytes); an oversized one (an order message listing very many lines)
 *   has its `content` cut to fit, ending in '…', for every process including this one. The stored
 *   history keeps the full text. A message still too big with an empty content is not sent to other
 *   processes (logged as an error).
 * - Revocations (sessions ended, a member blocked) travel on the same channel as `{o, k: 'revoke', v}`
 *   and are delivered like messages: here at once, elsewhere on notification. A long list of session
 *   ids is sent in several notifications. A process whose listening connection is down misses them;
 *   the chat module's periodic re-check of its sockets' sessions closes what they missed.
 * - Support desk events travel on the same channel too, as `{o, k: 'desk', v}` (envelopes.ts):
 *   ids and flags only, receivers re-read the rest from the database.
 */

export { readEnvelope, readRevocation, revocationPayload } from './envelopes';

export const ROOM_CHANNEL = 'room_messages';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (default build). */
export const MAX_NOTIFY_BYTES = 7999;

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;
/** A half-open TCP connection looks alive to a LISTENing client; a periodic query finds out. */
const PROBE_INTERVAL_MS = 20_000;
const QUERY_TIMEOUT_MS = 5000;

type Log = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
type Listener = (message: RoomMessage) => void;
type RevocationListener = (revocation: Revocation) => void;
type DeskListener = (event: DeskEvent) => void;
/** Session ids per revocation notification: well under the payload limit (about 11 bytes each). */
const REVOKE_IDS_PER_NOTIFY = 500;

export interface PgRoomBusOptions {
  /** The database every process shares (the LISTEN connection opens its own session on it). */
  connectionString: string;
  /** Sends the NOTIFY (the app's pool). */
  db: Db;
  log: Log;
  /** Tests pass a unique channel so runs on one database never see each other. */
  channel?: string;
}

export interface PgRoomBus extends RoomBus {
  /** Resolves once the listening connection is up for the first time (or the bus is closed). */
  ready(): Promise<void>;
  /** True while the listening connection is up. */
  readonly listening: boolean;
}

/**
 * The message as it will travel: unchanged when its envelope fits in a NOTIFY payload, else with
 * `content` cut (by whole code points) to the longest prefix that fits plus '…'; null when even an
 * empty content does not fit.
 */
export function fitMessage(
  instance: string,
  roomId: number,
  message: RoomMessage,
  maxBytes = MAX_NOTIFY_BYTES,
): { message: RoomMessage; payload: string } | null {
  const encode = (m: RoomMessage) => JSON.stringify({ o: instance, r: roomId, m } satisfies Envelope);
  const full = encode(message);
  if (Buffer.byteLength(full) <= maxBytes) return { message, payload: full };
  const chars = Array.from(message.content);
  const withLength = (n: number): RoomMessage => ({
    ...message,
    content: n >= chars.length ? message.content : `${chars.slice(0, n).join('')}…`,
  });
  if (Buffer.byteLength(encode(withLength(0))) > maxBytes) return null;
  // Binary search for the longest prefix that fits: lo always fits, hi never does.
  let lo = 0;
  let hi = chars.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (Buffer.byteLength(encode(withLength(mid))) <= maxBytes) lo = mid;
    else hi = mid;
  }
  const fitted = withLength(lo);
  return { message: fitted, payload: encode(fitted) };
}

/** One bus's state, shared by the helpers below. */
interface BusState {
  readonly opts: PgRoomBusOptions;
  readonly channel: string;
  readonly log: Log;
  /** This bus instance's id in envelopes (`o`), to skip its own notifications. */
  readonly instance: string;
  readonly listeners: Map<number, Set<Listener>>;
  readonly revocationListeners: Set<RevocationListener>;
  readonly deskListeners: Set<DeskListener>;
  /** Bound to this state once, so it can be removed from a client it was added to. */
  readonly onNotification: (n: pg.Notification) => void;
  closed: boolean;
  listening: boolean;
  /** The listening connection, once created and until it drops. */
  client: pg.Client | null;
  /** Reconnection attempts since the connection last came up. */
  attempt: number;
  retryTimer: NodeJS.Timeout | null;
  probeTimer: NodeJS.Timeout | null;
  markReady: () => void;
}

function deliver(s: BusState, roomId: number, message: RoomMessage): void {
  for (const listener of s.listeners.get(roomId) ?? []) {
    // One failing socket must not keep the message from the room's other members.
    try {
      listener(message);
    } catch (err) {
      s.log.error({ err }, 'room listener failed');
    }
  }
}

/** Hands `value` to each listener; one failing listener must not keep it from the others. */
function callEach<T>(s: BusState, listeners: Iterable<(value: T) => void>, value: T, what: string): void {
  for (const listener of [...listeners]) {
    try {
      listener(value);
    } catch (err) {
      s.log.error({ err }, `${what} listener failed`);
    }
  }
}

const revoke = (s: BusState, revocation: Revocation) =>
  callEach(s, s.revocationListeners, revocation, 'revocation');
const desk = (s: BusState, event: DeskEvent) => callEach(s, s.deskListeners, event, 'desk');

function onNotification(s: BusState, n: pg.Notification): void {
  if (n.channel !== s.channel) return;
  const env = readEnvelope(n.payload);
  if (!env) {
    const v = parsePayload(n.payload);
    const d = isRecord(v) ? readDeskEvent(v) : null;
    if (d) {
      if (d.o !== s.instance) desk(s, d.event);
      return;
    }
    const r = readRevocation(n.payload);
    if (r) {
      if (r.o !== s.instance) revoke(s, r.revocation);
      return;
    }
    s.log.warn({ channel: s.channel }, 'ignored a notification not in the room message shape');
    return;
  }
  if (env.o === s.instance) return; // delivered locally when published
  deliver(s, env.r, env.m);
}

function scheduleReconnect(s: BusState): void {
  if (s.closed || s.retryTimer) return;
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** s.attempt);
  s.attempt += 1;
  // Jitter, so processes that lost the database together do not reconnect in lockstep.
  const delay = Math.round(base * (0.8 + Math.random() * 0.4));
  s.retryTimer = setTimeout(() => {
    s.retryTimer = null;
    void connect(s);
  }, delay);
  s.retryTimer.unref();
}

/** Opens the listening connection; on failure or a later drop, schedules the next attempt. */
async function connect(s: BusState): Promise<void> {
  if (s.closed) return;
  const c = new pg.Client({
    connectionString: s.opts.connectionString,
    keepAlive: true,
    query_timeout: QUERY_TIMEOUT_MS,
    application_name: 'room-bus',
  });
  let down = false;
  const onDown = (err?: unknown) => {
    if (down) return;
    down = true;
    if (s.client === c) {
      s.client = null;
      s.listening = false;
    }
    c.removeListener('notification', s.onNotification);
    c.end().catch(() => undefined);
    if (s.closed) return;
    s.log.warn({ err, attempt: s.attempt }, 'room bus lost its database connection; reconnecting');
    scheduleReconnect(s);
  };
  // Stays attached for the client's lifetime: an 'error' without a listener would crash the process.
  c.on('error', onDown);
  c.on('end', () => onDown());
  c.on('notification', s.onNotification);
  s.client = c;
  try {
    await c.connect();
    await c.query(`listen ${s.channel}`);
  } catch (err) {
    onDown(err);
    return;
  }
  if (s.closed || down) {
    c.end().catch(() => undefined);
    return;
  }
  if (s.attempt > 0) s.log.info({ attempts: s.attempt }, 'room bus listening again');
  s.attempt = 0;
  s.listening = true;
  s.markReady();
}

/** Every PROBE_INTERVAL_MS, a query on the listening connection finds it dead if it is. */
function startProbe(s: BusState): NodeJS.Timeout {
  const timer = setInterval(() => {
    const c = s.client;
    if (!c || !s.listening) return;
    // query_timeout fails this within 5 s on a dead connection; the client then emits 'error'/'end'.
    c.query('select 1').catch((err: unknown) => {
      s.log.warn({ err }, 'room bus probe failed');
      c.emit('error', err instanceof Error ? err : new Error(String(err)));
    });
  }, PROBE_INTERVAL_MS);
  timer.unref();
  return timer;
}

async function publish(s: BusState, roomId: number, message: RoomMessage): Promise<void> {
  const fitted = fitMessage(s.instance, roomId, message);
  deliver(s, roomId, fitted?.message ?? message);
  if (!fitted) {
    s.log.error({ roomId, type: message.type }, 'room message too big to notify; other processes miss it');
    return;
  }
  if (fitted.message !== message)
    s.log.warn({ roomId, type: message.type }, 'room message content cut to notify');
  try {
    await s.opts.db.execute(sql`select pg_notify(${s.channel}, ${fitted.payload})`);
  } catch (err) {
    // The change the message reports is already committed; only other processes' sockets miss it.
    s.log.error({ err, roomId }, 'room message notify failed');
  }
}

async function publishRevocation(s: BusState, revocation: Revocation): Promise<void> {
  revoke(s, revocation);
  const ids = revocation.sessionIds;
  const parts: Revocation[] = [];
  if (ids === null) parts.push(revocation);
  for (let i = 0; ids && i < ids.length; i += REVOKE_IDS_PER_NOTIFY) {
    parts.push({ ...revocation, sessionIds: ids.slice(i, i + REVOKE_IDS_PER_NOTIFY) });
  }
  for (const part of parts) {
    try {
      await s.opts.db.execute(sql`select pg_notify(${s.channel}, ${revocationPayload(s.instance, part)})`);
    } catch (err) {
      // The sessions are ended in the database; other processes' periodic re-check closes the rest.
      s.log.error({ err, userId: revocation.userId }, 'revocation notify failed');
    }
  }
}

async function publishDesk(s: BusState, event: DeskEvent): Promise<void> {
  desk(s, event);
  const payload = deskPayload(s.instance, event);
  if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
    s.log.error({ kind: event.k }, 'desk event too big to notify; other processes miss it');
    return;
  }
  try {
    await s.opts.db.execute(sql`select pg_notify(${s.channel}, ${payload})`);
  } catch (err) {
    // The change is committed: other processes' sockets miss it; their clients resynchronise by the calls.
    s.log.error({ err, kind: event.k }, 'desk event notify failed');
  }
}

function subscribe(s: BusState, roomId: number, listener: Listener): () => void {
  let set = s.listeners.get(roomId);
  if (!set) s.listeners.set(roomId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && s.listeners.get(roomId) === set) s.listeners.delete(roomId);
  };
}

async function close(s: BusState): Promise<void> {
  s.closed = true;
  s.listening = false;
  s.markReady();
  if (s.retryTimer) clearTimeout(s.retryTimer);
  if (s.probeTimer) clearInterval(s.probeTimer);
  s.retryTimer = null;
  s.probeTimer = null;
  s.listeners.clear();
  s.revocationListeners.clear();
  s.deskListeners.clear();
  const c = s.client;
  s.client = null;
  if (c) await c.end().catch(() => undefined);
}

export function pgRoomBus(opts: PgRoomBusOptions): PgRoomBus {
  const channel = opts.channel ?? ROOM_CHANNEL;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const s: BusState = {
    opts,
    channel,
    log: opts.log,
    instance: randomBytes(8).toString('hex'),
    listeners: new Map(),
    revocationListeners: new Set(),
    deskListeners: new Set(),
    onNotification: (n) => onNotification(s, n),
    closed: false,
    listening: false,
    client: null,
    attempt: 0,
    retryTimer: null,
    probeTimer: null,
    markReady,
  };
  s.probeTimer = startProbe(s);
  void connect(s);

  return {
    get listening() {
      return s.listening;
    },
    ready: () => readyPromise,
    publish: (roomId, message) => publish(s, roomId, message),
    publishRevocation: (revocation) => publishRevocation(s, revocation),
    onRevocation(listener) {
      s.revocationListeners.add(listener);
      return () => s.revocationListeners.delete(listener);
    },
    publishDesk: (event) => publishDesk(s, event),
    onDesk(listener) {
      s.deskListeners.add(listener);
      return () => s.deskListeners.delete(listener);
    },
    subscribe: (roomId, listener) => subscribe(s, roomId, listener),
    close: () => close(s),
  };
}
