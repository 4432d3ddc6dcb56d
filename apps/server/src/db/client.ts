import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../core/config';

/** The one database type every module uses: Drizzle over PGlite or over node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = resolve(SERVER_ROOT, 'drizzle');

/** Serialises start-up work (migrate + seed) between processes sharing one PostgreSQL. */
const STARTUP_LOCK_KEY = 727_001;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies pending migrations, then runs `afterMigrate` (the seed), as one start-up step. */
  prepare(afterMigrate?: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** PGlite over a given client (tests hand in a clone of a dumped template). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db: Db = drizzlePglite({ client });
  return {
    kind: 'pglite',
    db,
    async prepare(afterMigrate) {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
      await afterMigrate?.(db);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** node-postgres over a connection string. */
export function postgresHandle(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db: Db = drizzlePg({ client: pool });
  return {
    kind: 'postgres',
    db,
    async prepare(afterMigrate) {
      // One connection holds an advisory lock while it migrates and seeds, so several processes
      // starting together on one database do this one at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          const lockedDb = drizzlePg({ client });
          await migratePg(lockedDb, { migrationsFolder: MIGRATIONS_DIR });
          await afterMigrate?.(lockedDb);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR/pglite. */
export async function openDatabase(opts: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return postgresHandle(opts.databaseUrl);
  const dir = join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers would live in this process's own heap; 16 MB holds
  // the hot rows (wallets, sessions, open rounds) and keeps the process near its memory budget.
  const client = new PGlite(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  await client.waitReady;
  return pgliteHandle(client);
}

/** The Postgres error code of a failed query (Drizzle wraps driver errors in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** Rows of a raw query, whichever driver ran it (node-postgres answers {rows}, PGlite too, some arrays). */
export const rowsOf = <T>(r: unknown): T[] =>
  Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []);
