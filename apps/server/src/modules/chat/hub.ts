import { performance } from 'node:perf_hooks';
import { CHAT_MIN_INTERVAL_MS } from '@app/contract/lottery';
import type { WebSocket } from 'ws';

/** A socket silent (no frame, no pong) for longer than this is dropped. */
export const SOCKET_IDLE_MS = 30_000;
/** How often sockets are checked and pinged (protocol ping: browsers answer it by themselves). */
export const SOCKET_SWEEP_MS = 10_000;
/** A client this far behind on reading what we send is not reading: drop it rather than buffer more. */
export const SOCKET_MAX_BUFFERED_BYTES = 512 * 1024;

/** Close codes (RFC 6455 leaves 4000–4999 to applications; the client reads them from CloseEvent.code). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_BLOCKED = 4403;
export const CLOSE_NO_ROOM = 4404;

interface Tracked {
  lastSeen: number;
}

/**
 * This process's chat sockets: liveness (heartbeat) and the per-member message rate. Times here are
 * monotonic process time, not the business clock (clock.ts): tests freeze and move the business clock,
 * and neither a heartbeat nor a flood limit may jump with it.
 */
export class ChatHub {
  private readonly sockets = new Map<WebSocket, Tracked>();
  /** Member id → monotonic time of the member's last accepted message. */
  private readonly lastMessageAt = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: { idleMs?: number; sweepMs?: number } = {}) {}

  get size(): number {
    return this.sockets.size;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), this.opts.sweepMs ?? SOCKET_SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  add(socket: WebSocket): void {
    this.sockets.set(socket, { lastSeen: performance.now() });
  }

  remove(socket: WebSocket): void {
    this.sockets.delete(socket);
  }

  /** Any frame from the client (text, ping, pong) proves it alive. */
  seen(socket: WebSocket): void {
    const t = this.sockets.get(socket);
    if (t) t.lastSeen = performance.now();
  }

  /**
   * Takes the member's message slot: true when the member's previous accepted message (on any of
   * their sockets on this process) is at least CHAT_MIN_INTERVAL_MS old. Checked and taken
   * synchronously, so two frames arriving together cannot both pass.
   */
  takeMessageSlot(memberId: number, at = performance.now()): boolean {
    const last = this.lastMessageAt.get(memberId);
    if (last !== undefined && at - last < CHAT_MIN_INTERVAL_MS) return false;
    this.lastMessageAt.set(memberId, at);
    return true;
  }

  /** Drops silent sockets, pings the others, forgets rate entries that no longer limit anyone. */
  sweep(at = performance.now()): void {
    const idleMs = this.opts.idleMs ?? SOCKET_IDLE_MS;
    for (const [socket, t] of this.sockets) {
      if (at - t.lastSeen > idleMs) {
        // Silent even to protocol pings: the peer is gone or hung; a close handshake would wait on it.
        socket.terminate();
        this.sockets.delete(socket);
      } else if (socket.readyState === socket.OPEN) {
        socket.ping();
      }
    }
    for (const [id, last] of this.lastMessageAt) {
      if (at - last >= CHAT_MIN_INTERVAL_MS) this.lastMessageAt.delete(id);
    }
  }
}
