/**
 * Real server processes for the multi-process tests (chat, support desk): `npm start`'s entry on its
 * own port and DATA_DIR, and calls to it over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVER_ROOT } from '../src/core/config';
import { postgresHandle, type DatabaseHandle } from '../src/db/client';
import { withDatabase } from './provided';

/** Shortest period the configuration allows: rounds of 5 s, betting closing 2 s before the draw. */
export const PERIOD_SECONDS = 5;

export interface Server {
  name: string;
  child: ChildProcess;
  out: { text: string };
  base: string;
  ws: string;
  /** The console's own listener (CONSOLE_PORT=0: a free port). */
  console: string;
  exited: Promise<number | null>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function until<T>(
  what: string,
  get: () => Promise<T | null | undefined | false>,
  ms: number,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** One server as `npm start` runs it (node + tsx, src/main.ts), on its own port and DATA_DIR. */
export async function startServer(name: string, databaseUrl: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      // Demo mode: the demo members with money (demo001, used below) are seeded on PostgreSQL too.
      DEMO: '1',
      PORT: '0',
      CONSOLE_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOTTERY_PERIOD_SECONDS: String(PERIOD_SECONDS),
      LOG_LEVEL: 'info',
      WEB_DIST: join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { text: '' };
  child.stdout?.on('data', (d: Buffer) => (out.text += d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => (out.text += d.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = await until(
    `${name} to listen`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited: ${out.text}`);
      return /Server ready: (http:\/\/\S+)/.exec(out.text)?.[1];
    },
    30_000,
  );
  const consoleUrl = /Console:\s+(http:\/\/\S+)/.exec(out.text)?.[1] ?? '';
  return { name, child, out, base, ws: base.replace(/^http/, 'ws'), console: consoleUrl, exited };
}

export async function call(s: Server, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${s.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; data: unknown };
}

export async function post<T>(s: Server, path: string, body: unknown, token?: string): Promise<T> {
  const json = await call(s, path, body, token);
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data as T;
}

/** Two servers on a database of their own, made for the test and dropped after it. */
export interface TwoServers {
  p1: Server;
  p2: Server;
  servers: Server[];
  /** Their DATA_DIRs, in order. */
  dirs: string[];
  database: DatabaseHandle;
  /** Stops both, drops the database, removes the folders. */
  stop(): Promise<void>;
}

async function adminQuery(adminUrl: string, q: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/**
 * Creates an empty database and starts two servers on it together (the start-up lock serialises
 * their migrate + seed), each on its own port and DATA_DIR.
 */
export async function startTwoServers(adminUrl: string, prefix: string): Promise<TwoServers> {
  const dbName = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${dbName}"`);
  const url = withDatabase(adminUrl, dbName);
  const dirs = [0, 1].map((i) => mkdtempSync(join(tmpdir(), `${prefix}-${i}-`)));
  const [p1, p2] = await Promise.all([
    startServer('p1', url, dirs[0] ?? ''),
    startServer('p2', url, dirs[1] ?? ''),
  ]);
  const servers = [p1, p2];
  const database = postgresHandle(url, 2);
  return {
    p1,
    p2,
    servers,
    dirs,
    database,
    async stop() {
      for (const s of servers)
        if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => Promise.race([s.exited, sleep(10_000)])));
      await database.close();
      await adminQuery(adminUrl, `drop database if exists "${dbName}" with (force)`);
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}
