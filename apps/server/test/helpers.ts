import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig, type Config } from '../src/core/config';
import { pgliteHandle, postgresHandle, type DatabaseHandle, type Db } from '../src/db/client';
import { withDatabase } from './provided';
import { toCents } from '@app/contract/codecs';
import { credit, ledgerCheck, type LedgerReport } from '../src/modules/wallet/ledger';

/* Databases ---------------------------------------------------------------------------------------- */

/** A fresh clone of the migrated, seeded template: PGlite, or PostgreSQL in the server-pg project. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const info = inject('serverTestDb');
  if (info.kind === 'pglite') {
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(info.dumpFile)]) });
    await client.waitReady;
    return pgliteHandle(client);
  }
  const name = `${info.template}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${info.template}"`);
  } finally {
    await admin.end();
  }
  const handle = postgresHandle(withDatabase(info.adminUrl, name), 5);
  return {
    ...handle,
    async close() {
      await handle.close();
      const c = new pg.Client({ connectionString: info.adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/* The app ------------------------------------------------------------------------------------------ */

export type ConfigOverrides = Partial<Omit<Config, 'rateLimit'>> & {
  rateLimit?: Partial<Config['rateLimit']>;
};

/** A configuration for tests: generous rate limits, no web build, replies checked against the contract. */
export function testConfig(overrides: ConfigOverrides = {}): Config {
  const base = loadConfig({});
  const { rateLimit, ...rest } = overrides;
  return {
    ...base,
    dataDir: mkdtempSync(join(tmpdir(), 'server-data-')),
    webDist: join(tmpdir(), 'no-web-build-here'),
    supportDist: join(tmpdir(), 'no-support-build-here'),
    checkReplies: true,
    ...rest,
    rateLimit: {
      ...base.rateLimit,
      loginPerMinute: 1000,
      registerPerHour: 1000,
      ordersPerSecond: 1000,
      ...rateLimit,
    },
  };
}

export interface Reply {
  status: number;
  /** Parsed JSON, or null when the body is not JSON. */
  body: { code: number; message: string; data: unknown } | null;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface CallOptions {
  token?: string | null;
  remoteAddress?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: DatabaseHandle;
  config: Config;
  operatorToken: string | null;
  /** Log lines written while the app ran (when built with captureLogs). */
  logs: string[];
  post(path: string, body?: unknown, opts?: CallOptions): Promise<Reply>;
  get(path: string, query?: Record<string, string>, opts?: CallOptions): Promise<Reply>;
  /** Signs in and returns the token. */
  login(name: string, password: string): Promise<string>;
  /** Registers a fresh member; returns its name, password and token. */
  newMember(
    extra?: Record<string, unknown>,
  ): Promise<{ name: string; password: string; token: string; id: number }>;
  /** Calls the operator API (POST with a body, GET without). */
  op(path: string, body?: unknown): Promise<Reply>;
  /** The ledger's proof (ledger/service ledgerCheck). */
  ledgerCheck(): Promise<LedgerReport>;
  /** Gives a member money through the ledger (an adjustment), in yuan, e.g. '100.00'. */
  fund(userId: number, yuan: string): Promise<void>;
  close(): Promise<void>;
}

/** A fresh Idempotency-Key header for one money call. */
export function idem(key = randomBytes(12).toString('hex')): Record<string, string> {
  return { 'idempotency-key': key };
}

export interface BuildTestAppOptions {
  config?: ConfigOverrides;
  /** Share a database with another test app (the caller closes it). */
  database?: DatabaseHandle;
  /** Collect log lines at debug level in `logs`. */
  captureLogs?: boolean;
  /** The operator token (default: a random one); null disables the operator API. */
  operatorToken?: string | null;
  /** Adds routes or hooks before the app is ready (e.g. a route that fails, for the error handler). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Run the scheduled jobs (they start once the app listens). */
  scheduledJobs?: boolean;
}

let memberCounter = 0;

/** The real app on a clone of the seeded template database, called through `inject`. */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const database = options.database ?? (await openTestDatabase());
  const ownsDatabase = !options.database;
  const operatorToken =
    options.operatorToken === undefined ? randomBytes(32).toString('base64url') : options.operatorToken;
  const logs: string[] = [];
  const logger = options.captureLogs
    ? {
        ...(loggerOptions({ logLevel: 'debug' }) as object),
        stream: new Writable({
          write(chunk: Buffer, _enc, cb) {
            logs.push(chunk.toString('utf8'));
            cb();
          },
        }),
      }
    : false;
  const app = await buildApp({
    config,
    db: database.db,
    operatorToken,
    logger,
    scheduledJobs: options.scheduledJobs ?? false,
  });
  await options.beforeReady?.(app);
  await app.ready();

  const send = async (
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    opts: CallOptions = {},
  ): Promise<Reply> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method,
      url: path,
      query: opts.query,
      headers,
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    let body: Reply['body'] = null;
    try {
      body = JSON.parse(res.body) as Reply['body'];
    } catch {
      body = null;
    }
    return { status: res.statusCode, body, headers: res.headers, text: res.body };
  };

  const t: TestApp = {
    app,
    db: database.db,
    database,
    config,
    operatorToken,
    logs,
    post: (path, body, opts) => send('POST', path, body, opts),
    get: (path, query, opts) =>
      send('GET', path, undefined, { ...opts, query: { ...opts?.query, ...query } }),
    async login(name, password) {
      const r = await t.post('/api/login_pc', { name, password });
      if (r.body?.code !== 200) throw new Error(`login ${name} failed: ${r.text}`);
      return (r.body.data as { api_token: string }).api_token;
    },
    async newMember(extra = {}) {
      memberCounter += 1;
      const name = `m${process.pid % 10000}x${memberCounter}${randomBytes(2).toString('hex')}`.slice(0, 16);
      const password = 'secret123';
      const r = await t.post('/api/register', {
        name,
        password,
        confirmPass: password,
        code: 'abcd',
        ...extra,
      });
      if (r.body?.code !== 200) throw new Error(`register ${name} failed: ${r.text}`);
      const token = (r.body.data as { api_token: string }).api_token;
      const info = await t.post('/api/user', undefined, { token });
      return { name, password, token, id: (info.body?.data as { id: number }).id };
    },
    op: (path, body) => {
      const headers = { authorization: `Bearer ${operatorToken ?? ''}` };
      return body === undefined
        ? send('GET', `/ops${path}`, undefined, { headers })
        : send('POST', `/ops${path}`, body, { headers });
    },
    ledgerCheck: () => ledgerCheck(database.db),
    async fund(userId, yuan) {
      const cents = toCents(yuan);
      if (cents === null || cents <= 0) throw new Error(`bad amount ${yuan}`);
      await credit(database.db, userId, BigInt(cents));
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
  return t;
}

/** Asserts the envelope shape every reply must have, and that HTTP status = code. */
export function expectEnvelope(r: Reply): asserts r is Reply & { body: NonNullable<Reply['body']> } {
  if (!r.body || typeof r.body !== 'object')
    throw new Error(`not a JSON envelope (HTTP ${r.status}): ${r.text}`);
  const keys = Object.keys(r.body).sort().join(',');
  if (keys !== 'code,data,message') throw new Error(`envelope keys ${keys}: ${r.text}`);
  if (r.body.code !== r.status) throw new Error(`code ${r.body.code} but HTTP ${r.status}`);
  if (typeof r.body.message !== 'string') throw new Error(`message is not a string: ${r.text}`);
}

/** `await ok(reply)` → data of a successful reply; throws with the reply otherwise. */
export function dataOf<T = Record<string, unknown>>(r: Reply): T {
  expectEnvelope(r);
  if (r.body.code !== 200) throw new Error(`expected success, got ${r.status}: ${r.text}`);
  return r.body.data as T;
}
