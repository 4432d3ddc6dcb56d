/* What the desk's two sockets (the page's, sockets-member.ts; the console's, sockets-operator.ts)
 * share: a hub of the chat's kind (heartbeat, per-owner count, revocations, a slot for typing marks),
 * the frame loop, and reading a client's JSON frame. */
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type * as z from 'zod/mini';
import { frameText, socketSender } from '../../http/realtime/socket-util';
import type { ChatHub, SocketOwner } from '../chat/hub';

/** The text a client sends to keep alive, and the text answer (not JSON), as the chat's. */
export const PING = 'ping';
export const PONG = 'pong';

/**
 * Reads a JSON text frame by the contract's schema: null when it is too long, not JSON or not in
 * shape (the desk's sockets ignore such frames: typing marks and watches are advisory).
 */
export function readFrame<T>(schema: z.ZodMiniType<T>, text: string, maxChars: number): T | null {
  if (text.length > maxChars) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const r = schema.safeParse(json);
  return r.success ? r.data : null;
}

/**
 * Serves an admitted socket: counted in the hub, alive on any frame or pong, 'ping' answered, other
 * text frames handed to `onText` (binary ones ignored), `onClose` once it closes. Returns its sender.
 */
export function serveSocket(
  hub: ChatHub,
  socket: WebSocket,
  owner: SocketOwner,
  log: FastifyBaseLogger,
  handlers: { onText: (text: string) => Promise<void>; onClose: () => void },
): (text: string) => void {
  const send = socketSender(socket, log);
  hub.add(socket, owner);
  socket.on('pong', () => hub.seen(socket));
  socket.on('ping', () => hub.seen(socket));
  socket.on('close', () => {
    hub.remove(socket);
    handlers.onClose();
  });
  socket.on('message', (data: RawData, isBinary: boolean) => {
    hub.seen(socket);
    if (isBinary) return;
    const text = frameText(data);
    if (text === PING) {
      send(PONG);
      return;
    }
    handlers.onText(text).catch((err: unknown) => log.error({ err }, 'desk socket frame failed'));
  });
  return send;
}

/** Sockets by a key (whose they are), for delivering an event to the few it concerns. */
export class SocketIndex<K, S> {
  private readonly byKey = new Map<K, Set<S>>();

  get size(): number {
    return this.byKey.size;
  }

  add(key: K, s: S): void {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(s);
  }

  remove(key: K, s: S): void {
    const set = this.byKey.get(key);
    if (!set) return;
    set.delete(s);
    if (set.size === 0) this.byKey.delete(key);
  }

  of(key: K): ReadonlySet<S> {
    return this.byKey.get(key) ?? new Set();
  }

  *all(): Iterable<S> {
    for (const set of this.byKey.values()) yield* set;
  }
}

const relays = new WeakMap<ChatHub, Set<number>>();

/**
 * Whether a typing mark is relayed: a start at most once per the hub's interval, a stop only after a
 * relayed start. A stop is never dropped by the interval (a quick start and stop left the other side
 * showing 正在输入 until its own timeout), and cannot flood: one per relayed start. The set holds one
 * number per owner typing at most.
 */
export function relayTyping(hub: ChatHub, owner: number, on: boolean): boolean {
  let typing = relays.get(hub);
  if (!typing) relays.set(hub, (typing = new Set()));
  if (!on) return typing.delete(owner);
  if (!hub.takeMessageSlot(owner)) return false;
  typing.add(owner);
  return true;
}
