// The member search's worker (bench/member-search.mjs runs it): fills `count` members into the database
// of DATABASE_URL in one INSERT … SELECT generate_series (each with a real name, a mobile and a central
// wallet), then times the console's search call (GET /api/members?q=…) through the console's app
// (buildConsoleApp, signed in as a 财务 with password and TOTP, called by inject) for each kind of query.
//
//   node --import tsx bench/member-search.ts <count> <requests per kind> <out.json>
import { writeFileSync } from 'node:fs';
import { CONSOLE_SESSION_COOKIE, CSRF_HEADER } from '@app/contract/console-define';
import { sql } from 'drizzle-orm';
import { buildConsoleApp } from '../apps/server/src/console/app';
import { loadConfig } from '../apps/server/src/core/config';
import { openDatabase } from '../apps/server/src/db/client';
import { memoryRoomBus } from '../apps/server/src/http/realtime/room-bus';
import { createOperator, currentTotp } from '../apps/server/src/identity/operators';
import { seedPictures } from '../apps/server/src/seed/assets';
import { seed } from '../apps/server/src/seed/seed';

const [countArg, perKindArg, out] = process.argv.slice(2);
const count = Number(countArg);
const perKind = Number(perKindArg);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(perKind) || !out) {
  console.error('usage: member-search.ts <count> <requests per kind> <out.json>');
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase(config);
await handle.prepare((db) => seed(db, { publicUrl: config.publicUrl, demo: config.demo }));
const db = handle.db;

// 20 family names × 30 × 30 given characters: 18,000 full names, ~17 members each at 300,000.
const FAMILY = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰涛明超秀霞平刚桂英华玉兰飞鹏辉斌宇浩';
const fillStart = performance.now();
await db.execute(sql`
  insert into users (username, realname, password_hash, mobile, created_at)
  select 'm' || i || 'x' || substr(md5(i::text), 1, 4),
         substr(${FAMILY}, 1 + i % 20, 1) || substr(${GIVEN}, 1 + (i / 20) % 30, 1)
           || substr(${GIVEN}, 1 + (i / 600) % 30, 1),
         'bench-no-login',
         '13' || lpad(((i::bigint * 7919) % 1000000000)::text, 9, '0'),
         now() - make_interval(secs => ${count} - i)
  from generate_series(1, ${count}) i`);
await db.execute(sql`
  insert into wallets (user_id, venue, balance_cents)
  select id, 'central', (id % 1000) * 100 from users
  on conflict do nothing`);
// What autovacuum does to a table that grew: statistics, and the visibility map index-only scans need.
await db.execute(sql`vacuum analyze users`);
await db.execute(sql`vacuum analyze wallets`);
const fillSeconds = (performance.now() - fillStart) / 1000;

const app = await buildConsoleApp({ config, db, roomBus: memoryRoomBus(), pictures: seedPictures() });
await app.ready();

/** One call to the console app: status, parsed body, and the session cookie it set. */
async function call(method: 'GET' | 'POST', url: string, body?: object, cookie = '', csrf = '') {
  const res = await app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie: `${CONSOLE_SESSION_COOKIE}=${cookie}` } : {}), [CSRF_HEADER]: csrf },
    ...(body ? { payload: body } : {}),
  });
  const set = [res.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith(`${CONSOLE_SESSION_COOKIE}=`));
  return { status: res.statusCode, body: JSON.parse(res.body), cookie: set?.split(';')[0]?.split('=')[1] };
}

/** A 财务 signed in as a person does: one-time password, own password, TOTP enrolment, code. */
async function signIn() {
  const { password } = await createOperator(db, 'bench_finance', 'finance');
  const login = await call('POST', '/api/login', { name: 'bench_finance', password });
  const cookie = login.cookie ?? '';
  let csrf = login.body.data.csrf as string;
  await call('POST', '/api/login/password', { password: 'bench-password-123' }, cookie, csrf);
  const enroll = await call('GET', '/api/login/enroll', undefined, cookie);
  const totp = await call(
    'POST',
    '/api/login/totp',
    { code: currentTotp(enroll.body.data.secret) },
    cookie,
    csrf,
  );
  if (totp.body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(totp.body)}`);
  csrf = totp.body.data.csrf;
  return cookie;
}
const cookie = await signIn();

/** Members picked at random, for the queries to name. */
async function samples(n: number) {
  const r = await db.execute(
    sql`select username, realname, mobile from users where username like 'm%x%' order by random() limit ${n}`,
  );
  return (r as unknown as { rows: { username: string; realname: string; mobile: string }[] }).rows;
}

async function timed(q: string) {
  const t0 = performance.now();
  const r = await call(
    'GET',
    `/api/members?${new URLSearchParams({ q, page: '1', pageSize: '20' })}`,
    undefined,
    cookie,
  );
  const ms = performance.now() - t0;
  if (r.status !== 200 || r.body.code !== 200)
    throw new Error(`search ${q}: ${r.status} ${JSON.stringify(r.body)}`);
  return { ms, total: r.body.data.total as number };
}

const picked = await samples(perKind);
const kinds: Record<string, string[]> = {
  'name (full)': picked.map((m) => m.username),
  'name (prefix, 4 characters)': picked.map((m) => m.username.slice(0, 4)),
  'real name (full)': picked.map((m) => m.realname),
  'real name (family name only)': picked.map((m) => m.realname.slice(0, 1)),
  mobile: picked.map((m) => m.mobile),
  id: picked.map((_, i) => String(10_001 + ((i * 7919) % count))),
  '(empty: every member)': picked.map(() => ''),
};
for (const q of kinds['name (full)'].slice(0, 20)) await timed(q); // warm-up, not counted

const results: Record<string, { ms: number[]; totals: number[] }> = {};
for (const [kind, queries] of Object.entries(kinds)) {
  const ms: number[] = [];
  const totals: number[] = [];
  for (const q of queries) {
    const r = await timed(q);
    ms.push(r.ms);
    totals.push(r.total);
  }
  results[kind] = { ms, totals };
}
const [{ n }] = (
  (await db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] }
).rows;
writeFileSync(out, JSON.stringify({ members: n, fillSeconds, results }));
await app.close();
await handle.close();
