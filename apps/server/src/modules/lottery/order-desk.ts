import { performance } from 'node:perf_hooks';
import { CHAT_MAX_LENGTH, CHAT_MIN_INTERVAL_MS } from '@app/contract/chat';
import { formatCents } from '@app/contract/codecs';
import { ORDERS_PER_SECOND } from '@app/contract/lottery';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RoomBus, RoomMessage } from '../../http/realtime/room-bus';
import { publishRoomMessage, saveRoomMessage } from '../../http/realtime/room-messages';

/** One line of an accepted order as the room reads it: '大 10.00元', '特码 07 5.00元'. */
export interface AnnouncedLine {
  title: string;
  pick: number | null;
  cents: bigint;
}

/** An accepted (committed) order: who, where, which round, its lines. */
export interface AcceptedOrder {
  userId: number;
  roomId: number;
  author: string;
  avatar: string;
  expect: string;
  lines: AnnouncedLine[];
}

const lineText = (l: AnnouncedLine) =>
  `${l.title}${l.pick === null ? '' : ` ${String(l.pick).padStart(2, '0')}`} ${formatCents(l.cents)}元`;

/**
 * What the room reads of one or more orders of a member: '第20261122001期 大 10.00元, 单 5.00元' (lines
 * of another round follow after '；' with their own round). Never over the chat's CHAT_MAX_LENGTH: past
 * it, the lines that fit and a summary of them all, '第…期 大 10.00元, 小 5.00元 等35注，共350.00元'.
 */
export function announcementText(orders: readonly Pick<AcceptedOrder, 'expect' | 'lines'>[]): string {
  const rounds = new Map<string, AnnouncedLine[]>();
  for (const o of orders) rounds.set(o.expect, [...(rounds.get(o.expect) ?? []), ...o.lines]);
  const groups = [...rounds];
  const full = groups.map(([expect, lines]) => `第${expect}期 ${lines.map(lineText).join(', ')}`).join('；');
  if (full.length <= CHAT_MAX_LENGTH) return full;
  const all = groups.flatMap(([, lines]) => lines);
  const summary = ` 等${all.length}注，共${formatCents(all.reduce((s, l) => s + l.cents, 0n))}元`;
  let text = '';
  fill: for (const [g, [expect, lines]] of groups.entries()) {
    for (const [i, line] of lines.entries()) {
      const next =
        i === 0 ? `${text}${g > 0 ? '；' : ''}第${expect}期 ${lineText(line)}` : `${text}, ${lineText(line)}`;
      if (next.length + summary.length > CHAT_MAX_LENGTH) break fill;
      text = next;
    }
  }
  return `${text || `第${groups[0]?.[0] ?? ''}期`}${summary}`;
}

/** A member's announcements in one room: when the last went out, and the orders waiting for the next. */
interface Announcer {
  /** Monotonic time the last announcement went out. */
  lastAt: number;
  /** Until when an announcement is under way (reserved by an order's transaction, or being sent). */
  busyUntil: number;
  pending: AcceptedOrder[];
  timer: NodeJS.Timeout | null;
  /** The waiting orders' announcement being stored and published. */
  sending: Promise<void>;
}

/**
 * How long an order's transaction may hold the announcement it reserved: past it (the transaction was
 * rolled back by its caller after placeOrder returned, and never published), the next one may go.
 */
const RESERVATION_MS = 10_000;

export interface OrderDeskOptions {
  /** `app.db`: announcements of waiting orders are stored in the room's history when they go out. */
  db: Db;
  bus: RoomBus;
  log?: FastifyBaseLogger;
  /** Orders per member per second (config.rateLimit.ordersPerSecond; the contract's ORDERS_PER_SECOND). */
  ordersPerSecond?: number;
  /** The least time between two announcements of one member in one room (the chat's own rule). */
  intervalMs?: number;
}

/**
 * This process's part of placing orders (server-rules 'Lottery': orders are rate-limited per member,
 * order announcements obey the chat's rate and length rules):
 * - the per-member order rate (`takeOrderSlot`): at most N orders a second, POST lotteryOrder and the
 *   chat's bet commands together. Kept in this process's memory, as the chat's own per-member rate
 *   (chat/hub.ts) is: against floods that is enough; with several processes a member gets N per
 *   process. The hard limit across processes is the lottery's lines per member and round, checked in
 *   the order's transaction (orders.ts).
 * - the room's announcements of accepted orders: at most one per member and room per
 *   CHAT_MIN_INTERVAL_MS, each at most CHAT_MAX_LENGTH characters (announcementText). The first order
 *   after a quiet interval is announced at once: its transaction `reserve`s the announcement, stores it
 *   with the order, and publishes it once committed (`published`), as before. The orders that follow
 *   within the interval `wait`, and go out together, stored then, when it ends. Per process as well
 *   (a member's orders spread over N processes can be announced N times a second); orders still
 *   waiting when the process dies are not announced (they stand: they were committed first).
 * Times are monotonic process time, not the business clock (core/clock.ts), which tests freeze and move.
 */
export class OrderDesk {
  private readonly recent = new Map<number, number[]>();
  private readonly announcers = new Map<string, Announcer>();
  private readonly perSecond: number;
  private readonly intervalMs: number;
  private closed = false;

  constructor(private readonly opts: OrderDeskOptions) {
    this.perSecond = opts.ordersPerSecond ?? ORDERS_PER_SECOND;
    this.intervalMs = opts.intervalMs ?? CHAT_MIN_INTERVAL_MS;
  }

  /**
   * Takes one of the member's order slots: false when the member placed `perSecond` orders in the last
   * second. Checked and taken synchronously, so orders arriving together cannot all pass.
   */
  takeOrderSlot(memberId: number, at = performance.now()): boolean {
    const times = (this.recent.get(memberId) ?? []).filter((t) => at - t < 1000);
    if (times.length >= this.perSecond) {
      this.recent.set(memberId, times);
      return false;
    }
    times.push(at);
    this.recent.set(memberId, times);
    if (this.recent.size > 10_000) this.forgetRates(at);
    return true;
  }

  private forgetRates(at: number): void {
    for (const [id, times] of this.recent) if (times.every((t) => at - t >= 1000)) this.recent.delete(id);
  }

  private announcer(userId: number, roomId: number, at: number): Announcer {
    const key = `${userId}:${roomId}`;
    let a = this.announcers.get(key);
    if (!a) {
      if (this.announcers.size > 10_000) this.forgetAnnouncers(at);
      a = { lastAt: -Infinity, busyUntil: 0, pending: [], timer: null, sending: Promise.resolve() };
      this.announcers.set(key, a);
    }
    return a;
  }

  private forgetAnnouncers(at: number): void {
    for (const [key, a] of this.announcers) {
      if (a.pending.length === 0 && at >= a.busyUntil && at - a.lastAt >= this.intervalMs) {
        this.announcers.delete(key);
      }
    }
  }

  /**
   * Whether an order about to commit is announced at once (true: the caller stores its announcement in
   * its transaction, then calls `published` once committed, or `release` if it rolls back), or waits
   * for the member's next announcement in the room (false: `wait` once committed). Taken synchronously.
   */
  reserve(userId: number, roomId: number, at = performance.now()): boolean {
    const a = this.announcer(userId, roomId, at);
    const quiet = a.pending.length === 0 && at >= a.busyUntil && at - a.lastAt >= this.intervalMs;
    if (!quiet && !this.closed) return false;
    a.busyUntil = at + RESERVATION_MS;
    return true;
  }

  /** The reserved announcement's transaction rolled back: the next order may be announced at once. */
  release(userId: number, roomId: number): void {
    const a = this.announcers.get(`${userId}:${roomId}`);
    if (!a) return;
    a.busyUntil = 0;
    if (a.pending.length > 0) this.schedule(a);
  }

  /** Publishes the reserved announcement, stored with its committed order; the interval starts again. */
  async published(userId: number, roomId: number, message: RoomMessage): Promise<void> {
    const a = this.announcer(userId, roomId, performance.now());
    try {
      await publishRoomMessage(this.opts.bus, roomId, message);
    } finally {
      a.lastAt = performance.now();
      a.busyUntil = 0;
      if (a.pending.length > 0) this.schedule(a);
    }
  }

  /** A committed order whose announcement waits: it goes out with the others when the interval ends. */
  wait(order: AcceptedOrder): void {
    const a = this.announcer(order.userId, order.roomId, performance.now());
    a.pending.push(order);
    if (this.closed) void this.send(a);
    else this.schedule(a);
  }

  /** Announces what still waits, now (the app is closing), and waits for every announcement under way. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.announcers.values()];
    for (const a of all) {
      if (a.timer) clearTimeout(a.timer);
      a.timer = null;
      if (a.pending.length > 0) void this.send(a);
    }
    await Promise.all(all.map((a) => a.sending));
  }

  /**
   * The waiting orders go out when the interval since the last announcement ends and none is under
   * way: a reserved one (published or released, or given up after RESERVATION_MS) or one being sent
   * (which schedules again when done).
   */
  private schedule(a: Announcer): void {
    if (this.closed || a.busyUntil === Infinity) return;
    if (a.timer) clearTimeout(a.timer);
    const at = performance.now();
    const wait = Math.max(0, a.lastAt + this.intervalMs - at, a.busyUntil - at);
    a.timer = setTimeout(() => {
      a.timer = null;
      const now = performance.now();
      if (now < a.busyUntil || now - a.lastAt < this.intervalMs) this.schedule(a);
      else void this.send(a);
    }, wait);
    a.timer.unref();
  }

  /** Stores the waiting orders' announcement in the room's history and publishes it. */
  private send(a: Announcer): Promise<void> {
    const orders = a.pending.splice(0);
    const last = orders[orders.length - 1];
    if (!last) return a.sending;
    a.busyUntil = Infinity;
    const run = async () => {
      try {
        const message = await saveRoomMessage(this.opts.db, last.roomId, orderMessage(last, orders));
        await publishRoomMessage(this.opts.bus, last.roomId, message);
      } catch (err) {
        // The orders stand (committed before this); only their notice in the room is lost.
        this.opts.log?.warn({ err, roomId: last.roomId }, 'order announcement failed');
      } finally {
        a.lastAt = performance.now();
        a.busyUntil = 0;
        if (a.pending.length > 0) this.schedule(a);
      }
    };
    a.sending = a.sending.then(run);
    return a.sending;
  }
}

/** The room message announcing `orders` (all of one member in one room), as stored. */
export function orderMessage(
  order: AcceptedOrder,
  orders: readonly AcceptedOrder[] = [order],
): Omit<RoomMessage, 'time'> & { userId: number } {
  return {
    userId: order.userId,
    sysmsg: false,
    id: order.userId,
    author: order.author,
    avatar: order.avatar,
    content: announcementText(orders),
    type: 'order',
    expect: order.expect,
  };
}

/**
 * The reply of an accepted order whose announcement waits (POST lotteryOrder): its own announcement,
 * not stored (no msgid) since the room will read it among others.
 */
export function orderReply(order: AcceptedOrder, time: string): RoomMessage {
  const { userId: _userId, ...wire } = orderMessage(order);
  return { ...wire, time };
}
