import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../src/core/config';
import { postgresHandle, type DatabaseHandle } from '../src/db/client';
import { auditLog } from '../src/db/schema/operators';
import { seed } from '../src/seed/seed';
import { buildTestConsole, OPERATOR_TEST_PASSWORD } from './console-helpers';
import { buildTestApp, dataOf } from './helpers';
import { TEST_PUBLIC_URL, withDatabase } from './provided';

const SCRIPT = resolve(REPO_ROOT, 'deploy/postgres/protect-audit.sql');
const info = inject('serverTestDb');
const adminUrl = info.kind === 'postgres' ? info.adminUrl : undefined;

/** The database and roles of this file alone: the shared test database's audit_log is never touched. */
const tag = randomBytes(4).toString('hex');
const dbName = `audit_protect_${tag}`;
const appRole = `audit_app_${tag}`;
const ownerRole = `audit_owner_${tag}`;
// A password, so the app's connection works whatever the server's auth method for 127.0.0.1 is.
const appPassword = randomBytes(12).toString('hex');

function appUrl(): string {
  const u = new URL(withDatabase(adminUrl ?? '', dbName));
  u.username = appRole;
  u.password = appPassword;
  return u.toString();
}

/** What a DBA runs: the real script through psql, as the superuser of TEST_DATABASE_URL. */
function runScript(): string {
  const r = spawnSync(
    'psql',
    [
      '-X',
      '-v',
      `app_role=${appRole}`,
      '-v',
      `owner_role=${ownerRole}`,
      '-f',
      SCRIPT,
      '-d',
      withDatabase(adminUrl ?? '', dbName),
    ],
    { encoding: 'utf8' },
  );
  if (r.error) throw new Error(`psql could not run (apt-get install postgresql-client): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`protect-audit.sql failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

async function asAdmin<T>(database: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: withDatabase(adminUrl ?? '', database) });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Runs in the server-pg project only (TEST_DATABASE_URL): PGlite has one role and no owners. */
describe.runIf(adminUrl)('the audit log on PostgreSQL, after deploy/postgres/protect-audit.sql', () => {
  let app: pg.Client;
  let database: DatabaseHandle;

  beforeAll(async () => {
    // As on a real site: the app's role owns its database and migrates and seeds it on first start.
    await asAdmin('postgres', async (c) => {
      await c.query(`create role "${appRole}" login password '${appPassword}'`);
      await c.query(`create database "${dbName}" owner "${appRole}"`);
    });
    const first = postgresHandle(appUrl(), 2);
    await first.prepare((db) => seed(db, { publicUrl: TEST_PUBLIC_URL, demo: false }));
    await first.close();
    runScript();
    // The next start, as the restricted role: migrations already run are skipped, the seed is a no-op.
    database = postgresHandle(appUrl(), 3);
    await database.prepare((db) => seed(db, { publicUrl: TEST_PUBLIC_URL, demo: false }));
    app = new pg.Client({ connectionString: appUrl() });
    await app.connect();
  });

  afterAll(async () => {
    await app?.end();
    await database?.close();
    await asAdmin('postgres', async (c) => {
      await c.query(`drop database if exists "${dbName}" with (force)`);
      await c.query(`drop role if exists "${appRole}"`);
      await c.query(`drop role if exists "${ownerRole}"`);
    });
  });

  /** The error a statement on the app's own connection fails with (null when it succeeds). */
  const failureOf = (text: string) =>
    app.query(text).then(
      () => null,
      (e: unknown) => e as pg.DatabaseError,
    );

  it('lets the app insert and read rows', async () => {
    const ins = await app.query<{ id: string }>(
      `insert into audit_log (operator_name, action, at) values ('test', 'audit.protect', now()) returning id`,
    );
    expect(Number(ins.rows[0]?.id)).toBeGreaterThan(0);
    const read = await app.query('select * from audit_log where action = $1', ['audit.protect']);
    expect(read.rows).toHaveLength(1);
  });

  it.each(['update audit_log set action = $$x$$', 'delete from audit_log', 'truncate audit_log'])(
    'refuses %s to the app',
    async (text) => {
      expect(await failureOf(text)).toMatchObject({
        code: '42501',
        message: expect.stringMatching(/permission denied/),
      });
    },
  );

  it.each([
    'alter table audit_log disable trigger all',
    'alter table audit_log disable trigger audit_log_no_update_delete',
    'drop trigger audit_log_no_truncate on audit_log',
    'drop table audit_log',
    'drop table audit_log cascade',
    'alter table audit_log rename to audit_log_old',
    `alter table audit_log owner to current_user`,
    'drop function audit_log_refuse_change() cascade',
    'create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$begin return null; end$$',
    'create trigger audit_log_x before insert on audit_log for each statement execute function audit_log_refuse_change()',
    'create rule audit_log_keep as on delete to audit_log do instead nothing',
    'alter sequence audit_log_id_seq restart',
    'drop schema public cascade',
    `grant "${ownerRole}" to current_user`,
    'set session_replication_role = replica',
  ])('refuses %s to the app', async (text) => {
    const err = await failureOf(text);
    expect(err?.code, String(err?.message)).toBe('42501');
    expect(err?.message).toMatch(/must be owner|permission denied|must have admin option/);
  });

  it('leaves the app no way to drop the database that holds it', async () => {
    const other = new pg.Client({ connectionString: appUrl().replace(`/${dbName}`, '/postgres') });
    await other.connect();
    try {
      const err = await other.query(`drop database "${dbName}"`).then(
        () => null,
        (e: unknown) => e as pg.DatabaseError,
      );
      expect(err?.message).toMatch(/must be owner of database/);
    } finally {
      await other.end();
    }
  });

  it('keeps the append-only triggers on, and refusing even the owner role', async () => {
    await asAdmin(dbName, async (c) => {
      const { rows } = await c.query<{ tgname: string; tgenabled: string }>(
        `select tgname, tgenabled from pg_trigger where tgrelid = 'audit_log'::regclass and not tgisinternal order by 1`,
      );
      expect(rows).toEqual([
        { tgname: 'audit_log_no_truncate', tgenabled: 'O' },
        { tgname: 'audit_log_no_update_delete', tgenabled: 'O' },
      ]);
      await c.query('begin');
      await c.query(`set local role "${ownerRole}"`);
      await expect(c.query(`update audit_log set action = 'x'`)).rejects.toThrow(/append-only/);
      await c.query('rollback');
    });
  });

  it('is idempotent: a second run changes nothing and passes its own checks', async () => {
    expect(runScript()).toMatch(new RegExp(`${appRole}=ar/${ownerRole}`));
    expect(await failureOf('alter table audit_log disable trigger all')).toMatchObject({ code: '42501' });
  });

  it('takes back the owner role the DBA lends for a migration that alters audit_log', async () => {
    const migration = `create index audit_log_action_idx on audit_log (action)`;
    expect(await failureOf(migration)).toMatchObject({ message: expect.stringMatching(/must be owner/) });
    await asAdmin(dbName, (c) => c.query(`grant "${ownerRole}" to "${appRole}"`));
    expect(await failureOf(migration)).toBeNull();
    runScript();
    expect(await failureOf('drop index audit_log_action_idx')).toMatchObject({ code: '42501' });
    expect(await failureOf('drop trigger audit_log_no_truncate on audit_log')).toMatchObject({
      code: '42501',
    });
  });

  it('lets the server, started as that role, record a console write', async () => {
    const t = await buildTestApp({ database });
    const c = await buildTestConsole(t);
    try {
      const op = await c.signIn('admin');
      const before = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      dataOf(
        await op.post('/api/password', { old_password: OPERATOR_TEST_PASSWORD, password: 'another-pass-2' }),
      );
      const after = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(after[0]?.id).toBeGreaterThan(before[0]?.id ?? 0);
      expect(after[0]?.operatorName).toBe(op.name);
    } finally {
      await c.close();
      await t.close();
    }
  });
});
