import { performance } from 'node:perf_hooks';
import { CHAT_MIN_INTERVAL_MS, SOCKET_CLOSE } from '@app/contract/chat';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Revocation } from '../../http/realtime/room-bus';
import { MSG_BLOCKED, MSG_SESSION_ENDED } from './service';

/** A socket silent (no frame, no pong) for longer than this is dropped. */
export const SOCKET_IDLE_MS = 30_000;
/** How often sockets are checked and pinged (protocol ping: browsers answer it by themselves). */
export const SOCKET_SWEEP_MS = 10_000;
export { SOCKET_MAX_BUFFERED_BYTES } from '../../http/realtime/socket-util';

/** Close codes (RFC 6455 leaves 4000–4999 to applications; the client reads them from CloseEvent.code). */
export const CLOSE_UNAUTHORIZED = SOCKET_CLOSE.unauthorized;
export const CLOSE_BLOCKED = SOCKET_CLOSE.blocked;
export const CLOSE_NO_ROOM = SOCKET_CLOSE.noRoom;
export const CLOSE_TOO_MANY = SOCKET_CLOSE.tooMany;

/** Open sockets a member may hold on one process (a 6th is refused with CLOSE_TOO_MANY). */
export const MAX_SOCKETS_PER_MEMBER = 5;
/**
 * How often each process re-reads the sessions of its open sockets: revocations arrive by the bus at
 * once; this closes, within this time, what a process missed while its bus connection was down.
 */
export const SOCKET_RECHECK_MS = 15_000;
/** How long a revocation is remembered for sockets whose admission was under way when it came. */
const REVOCATION_MEMORY_MS = 60_000;

/** Whose socket it is: the member and the sign-in session that opened it. */
export interface SocketOwner {
  memberId: number;
  sessionId: number;
}

interface Tracked extends SocketOwner {
  lastSeen: number;
}

const matches = (r: Revocation, o: SocketOwner) =>
  r.userId === o.memberId && (r.sessionIds === null || r.sessionIds.includes(o.sessionId));

/** Closes a socket whose session ended: 4403 for a block, else 4401 (the client stops and says why). */
export function closeEnded(socket: WebSocket, reason: Revocation['reason']): void {
  if (reason === 'blocked') socket.close(CLOSE_BLOCKED, MSG_BLOCKED);
  else socket.close(CLOSE_UNAUTHORIZED, MSG_SESSION_ENDED);
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
  /** Member id → open sockets of the member on this process. */
  private readonly perMember = new Map<number, number>();
  /** Revocations of the last REVOCATION_MEMORY_MS, oldest first, with their monotonic time. */
  private recent: { at: number; revocation: Revocation }[] = [];
  private timer: NodeJS.Timeout | null = null;

  /**
   * The support desk's sockets use hubs of their own (modules/support-desk): `closeEnded` closes a
   * socket whose session ended with their codes and words, `minIntervalMs` is their typing marks' slot.
   */
  constructor(
    private readonly opts: {
      idleMs?: number;
      sweepMs?: number;
      closeEnded?: (socket: WebSocket, reason: Revocation['reason']) => void;
      minIntervalMs?: number;
    } = {},
  ) {}

  private get minInterval(): number {
    return this.opts.minIntervalMs ?? CHAT_MIN_INTERVAL_MS;
  }

  private close(socket: WebSocket, reason: Revocation['reason']): void {
    (this.opts.closeEnded ?? closeEnded)(socket, reason);
  }

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

  /** The member's open sockets on this process. */
  countOf(memberId: number): number {
    return this.perMember.get(memberId) ?? 0;
  }

  add(socket: WebSocket, owner: SocketOwner): void {
    if (this.sockets.has(socket)) return;
    this.sockets.set(socket, { ...owner, lastSeen: performance.now() });
    this.perMember.set(owner.memberId, this.countOf(owner.memberId) + 1);
  }

  remove(socket: WebSocket): void {
    const t = this.sockets.get(socket);
    if (!t) return;
    this.sockets.delete(socket);
    const n = this.countOf(t.memberId) - 1;
    if (n > 0) this.perMember.set(t.memberId, n);
    else this.perMember.delete(t.memberId);
  }

  /**
   * Sessions ended (from any process, through the bus): closes their sockets here at once and
   * remembers it, for sockets admitted while it travelled (revokedSince). Returns how many it closed.
   */
  revoke(revocation: Revocation, at = performance.now()): number {
    this.recent.push({ at, revocation });
    let closed = 0;
    for (const [socket, t] of this.sockets) {
      if (!matches(revocation, t)) continue;
      this.remove(socket);
      this.close(socket, revocation.reason);
      closed += 1;
    }
    return closed;
  }

  /**
   * A revocation of the owner's session received at or after `since` (when its admission started:
   * its session was looked up before the revocation arrived, so it may have passed), else null.
   */
  revokedSince(owner: SocketOwner, since: number): Revocation | null {
    for (let i = this.recent.length - 1; i >= 0; i--) {
      const r = this.recent[i];
      if (!r || r.at < since) break;
      if (matches(r.revocation, owner)) return r.revocation;
    }
    return null;
  }

  /** The sign-in sessions of the open sockets (for the periodic re-check). */
  sessionIds(): number[] {
    return [...new Set([...this.sockets.values()].map((t) => t.sessionId))];
  }

  /** Re-reads the sessions of the open sockets (`find` lists those ended) and closes theirs. */
  async recheck(
    find: (ids: number[]) => Promise<ReadonlyMap<number, Revocation['reason']>>,
  ): Promise<number> {
    const ids = this.sessionIds();
    if (ids.length === 0) return 0;
    return this.closeSessions(await find(ids));
  }

  /** Closes the sockets of sessions found ended by the re-check. */
  closeSessions(ended: ReadonlyMap<number, Revocation['reason']>): number {
    let closed = 0;
    for (const [socket, t] of this.sockets) {
      const reason = ended.get(t.sessionId);
      if (reason === undefined) continue;
      this.remove(socket);
      this.close(socket, reason);
      closed += 1;
    }
    return closed;
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
    if (last !== undefined && at - last < this.minInterval) return false;
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
        this.remove(socket);
      } else if (socket.readyState === socket.OPEN) {
        socket.ping();
      }
    }
    for (const [id, last] of this.lastMessageAt) {
      if (at - last >= this.minInterval) this.lastMessageAt.delete(id);
    }
    const keepFrom = this.recent.findIndex((r) => at - r.at < REVOCATION_MEMORY_MS);
    this.recent = keepFrom < 0 ? [] : this.recent.slice(keepFrom);
  }
}

/**
 * Runs a hub for the app's life: its heartbeat sweep, a re-read of its sockets' sessions every
 * SOCKET_RECHECK_MS (`find` lists those ended), and with `revocations` the members' revocations from
 * the bus at once. Shared by the chat's sockets and the support desk's.
 */
export function watchHub(
  app: FastifyInstance,
  hub: ChatHub,
  find: (ids: number[]) => Promise<ReadonlyMap<number, Revocation['reason']>>,
  opts: { revocations: boolean },
): void {
  hub.start();
  const stopRevocations = opts.revocations ? app.roomBus.onRevocation((r) => hub.revoke(r)) : () => undefined;
  let rechecking = false;
  const recheck = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    hub
      .recheck(find)
      .catch((err: unknown) => app.log.warn({ err }, 'socket session re-check failed'))
      .finally(() => (rechecking = false));
  }, SOCKET_RECHECK_MS);
  recheck.unref();
  app.addHook('onClose', async () => {
    hub.stop();
    stopRevocations();
    clearInterval(recheck);
  });
}
