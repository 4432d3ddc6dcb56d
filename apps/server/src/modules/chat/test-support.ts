/**
 * Test helpers for the chat socket (used by the chat tests only): a `ws` client that records what it
 * receives, and a test app listening on a real port whose bus matches the database (the PostgreSQL
 * bus on PostgreSQL, like production).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { Db } from '../../db/client';
import { lotteries, lotteryRooms } from '../../db/schema/lottery';
import {
  buildTestApp,
  openTestDatabase,
  type BuildTestAppOptions,
  type TestApp,
} from '../../../test/helpers';
import { withDatabase } from '../../../test/provided';

export interface Closed {
  code: number;
  reason: string;
}

export class SocketClient {
  readonly frames: string[] = [];
  readonly closed: Promise<Closed>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData) => {
      this.frames.push(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code: number, reason: Buffer) => {
        resolve({ code, reason: reason.toString('utf8') });
        for (const w of this.waiters.splice(0)) w();
      });
    });
    ws.on('error', () => undefined);
  }

  /** Opens a socket; resolves once open (a refused one opens, then closes with its code). */
  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<SocketClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options);
      const client = new SocketClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: string | Buffer | Record<string, unknown>): void {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  /** The JSON frames received so far. */
  get messages(): Record<string, unknown>[] {
    return this.frames.filter((f) => f.startsWith('{')).map((f) => JSON.parse(f) as Record<string, unknown>);
  }

  /** Waits for a frame (from index `from`) matching `pred`; returns it. */
  async next(pred: (frame: string) => boolean = () => true, ms = 3000, from = 0): Promise<string> {
    const end = Date.now() + ms;
    for (;;) {
      const found = this.frames.slice(from).find(pred);
      if (found !== undefined) return found;
      if (Date.now() > end || this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, end - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for a JSON frame whose fields include `fields`. */
  async nextJson(fields: Record<string, unknown>, ms = 3000): Promise<Record<string, unknown>> {
    const matches = (f: string) => {
      if (!f.startsWith('{')) return false;
      const o = JSON.parse(f) as Record<string, unknown>;
      return Object.entries(fields).every(([k, v]) => o[k] === v);
    };
    return JSON.parse(await this.next(matches, ms)) as Record<string, unknown>;
  }

  /** Sends 'ping' and waits for its 'pong': every frame sent before it has been handled by then. */
  async roundTrip(): Promise<void> {
    const from = this.frames.length;
    this.send('ping');
    await this.next((f) => f === 'pong', 3000, from);
  }

  close(): Promise<Closed> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    return this.closed;
  }
}

export interface ListeningApp extends TestApp {
  /** ws://127.0.0.1:<port>/wss?roomid=…&_token=… */
  socketUrl(roomId: number | string, token: string | null): string;
  port: number;
}

/**
 * The real app on a clone of the seeded database, listening on a free port. On PostgreSQL it is
 * configured with the clone's URL, so it runs the PostgreSQL bus, as in production. With `share`, a
 * second app on that app's database (like a second process: its own bus connection and sockets); the
 * first app closes the database.
 */
export async function listeningTestApp(
  options: Omit<BuildTestAppOptions, 'database'> = {},
  share?: ListeningApp,
): Promise<ListeningApp> {
  const database = share?.database ?? (await openTestDatabase());
  const info = inject('serverTestDb');
  let databaseUrl: string | undefined;
  if (info.kind === 'postgres') {
    const rows = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const name = (rows as unknown as { rows: { name: string }[] }).rows[0]?.name;
    if (!name) throw new Error('no database name');
    databaseUrl = withDatabase(info.adminUrl, name);
  }
  const t = await buildTestApp({ ...options, database, config: { ...options.config, databaseUrl } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...t,
    port,
    socketUrl(roomId, token) {
      const q = new URLSearchParams({ roomid: String(roomId) });
      if (token !== null) q.set('_token', token);
      return `ws://127.0.0.1:${port}/wss?${q.toString()}`;
    },
    async close() {
      await t.close();
      if (!share) await database.close();
    },
  };
}

/** A lottery of the given type with `rooms` rooms of its own (unique codes: seeded ones may exist). */
export async function createLotteryWithRooms(
  db: Db,
  type: 1 | 2,
  rooms = 1,
): Promise<{ lotteryId: number; roomIds: number[] }> {
  const code = `t${type}_${randomBytes(4).toString('hex')}`;
  const [lottery] = await db
    .insert(lotteries)
    .values({ code, title: `测试彩${code}`, type, periodSeconds: 210, closeSeconds: 30 })
    .returning({ id: lotteries.id });
  if (!lottery) throw new Error('no lottery');
  const inserted = await db
    .insert(lotteryRooms)
    .values(Array.from({ length: rooms }, (_, i) => ({ lotteryId: lottery.id, title: `房间${i + 1}` })))
    .returning({ id: lotteryRooms.id });
  return { lotteryId: lottery.id, roomIds: inserted.map((r) => r.id) };
}
