// The agent back office's downline page at scale (issue 33: ≤ 200 ms with 10,000 downline members):
// fills one agent with `members` downline members (a tenth of them under one sub-agent, so level 2 is
// measured too), `bets` valid-bet records spread over the members and the last 30 days, two approved
// deposits, one withdrawal and three sign-ins per member, all in INSERT … SELECT generate_series; then
// times POST /api/agent/downline through the member app (buildApp, inject, a session of the agent), one
// call at a time; and, for comparison, the team report and the overview (a monthly plan's estimate).
// Then the settlement (issue 33: a statement builds in ≤ 10 s at that size): one statement's figures
// over a period that holds every one of the bets, on a net-loss and on a turnover plan, and the job's
// own pass (buildDueStatements) over the months since the agent was settled from.
//
//   DATABASE_URL=postgres://…/bench_x node --import tsx bench/agent-downline.ts [members] [bets] [requests]
//
// Without DATABASE_URL it runs on PGlite under DATA_DIR (default: a fresh temporary directory).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/core/config';
import { openDatabase, rowsOf } from '../apps/server/src/db/client';
import { agentStatements, agents, commissionPlans } from '../apps/server/src/db/schema/agents';
import { createSession } from '../apps/server/src/identity/sessions';
import { buildDueStatements, figuresOf } from '../apps/server/src/modules/agents/statements';
import { seed } from '../apps/server/src/seed/seed';

const [membersArg = '10000', betsArg = '1000000', requestsArg = '100'] = process.argv.slice(2);
const MEMBERS = Number(membersArg);
const BETS = Number(betsArg);
const REQUESTS = Number(requestsArg);
const BAR_MS = 200;

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(join(os.tmpdir(), 'bench-agent-')),
  LOG_LEVEL: 'warn',
  DEMO: '0',
});
const handle = await openDatabase(config);
await handle.prepare((db) => seed(db, { publicUrl: config.publicUrl, demo: false }));
const db = handle.db;
const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0] as T;

const fillStart = performance.now();
const tag = Date.now().toString(36);
const { id: agentId } = await one<{ id: number }>(sql`
  insert into users (username, password_hash, isagent, created_at)
  values (${`ba${tag}`}, 'bench-no-login', 1, now() - interval '90 days') returning id`);
await db.execute(sql`insert into agents (user_id, path, depth, created_at)
  values (${agentId}, ${`/${agentId}/`}, 1, now())`);
const { id: subId } = await one<{ id: number }>(sql`
  insert into users (username, password_hash, isagent, agent_id, pid, created_at)
  values (${`bs${tag}`}, 'bench-no-login', 1, ${agentId}, ${agentId}, now() - interval '89 days') returning id`);
await db.execute(sql`insert into agents (user_id, parent_id, path, depth, created_at)
  values (${subId}, ${agentId}, ${`/${agentId}/${subId}/`}, 2, now())`);
// A monthly net-loss plan: the overview's estimate then reads the month so far (the worst case).
const share = { realperson: 2000, sport: 2000, e_sport: 2000, joker: 2000, electron: 2000, lottery: 2000 };
const tiers = [{ min_profit: 0, min_active: 1, rates: share, cost_share: 2000 }];
const { id: planId } = await one<{ id: number }>(sql`
  insert into commission_plans (name, kind, period, active_min_deposit_cents, active_min_valid_cents, tiers,
    turnover_rates, created_at, updated_at)
  values (${`bench ${tag}`}, 'net_loss', 'monthly', 10000, 5000, ${JSON.stringify(tiers)}::jsonb,
    ${JSON.stringify(Object.fromEntries(Object.keys(share).map((k) => [k, 0])))}::jsonb,
    now(), now()) returning id`);
await db.execute(sql`update agents set plan_id = ${planId}, settled_from = now() - interval '90 days'
  where user_id = ${agentId}`);
// Members: every tenth under the sub-agent (level 2), the rest the agent's own (level 1).
await db.execute(sql`
  insert into users (username, realname, password_hash, agent_id, pid, created_at)
  select ${`m${tag}x`} || i, '张' || (i % 97), 'bench-no-login',
         case when i % 10 = 0 then ${subId}::int else ${agentId}::int end,
         case when i % 10 = 0 then ${subId}::int else ${agentId}::int end,
         now() - make_interval(secs => (${MEMBERS} - i) * 300)
  from generate_series(1, ${MEMBERS}) i`);
const ids = sql`(select id, row_number() over (order by id) - 1 as n from users
  where username like ${`m${tag}x%`}) u`;
const perMember = Math.max(1, Math.round(BETS / MEMBERS));
await db.execute(sql`
  insert into valid_bets (user_id, platform, category, stake_cents, valid_cents, payout_cents, created_at,
    recorded_at)
  select u.id, 'bench', (array['realbet','sport','lottery','joker','gaming','concise'])[1 + (g + u.n) % 6],
         1000 + (g * 37 + u.n) % 9000, 1000 + (g * 37 + u.n) % 9000, ((g * 53 + u.n) % 3) * 1500,
         now() - make_interval(secs => ((g * 7919 + u.n * 104729) % (30 * 86400))),
         now() - make_interval(secs => ((g * 7919 + u.n * 104729) % (30 * 86400)))
  from ${ids}, generate_series(1, ${perMember}) g`);
await db.execute(sql`
  insert into deposits (deposit_no, user_id, pay_type, amount_cents, state, created_at, reviewed_at)
  select 'BD' || u.id || '-' || g, u.id, 'bank', 10000 * g, 2,
         now() - make_interval(secs => (u.n * 7 + g * 86400) % (30 * 86400)),
         now() - make_interval(secs => (u.n * 7 + g * 86400) % (30 * 86400))
  from ${ids}, generate_series(1, 2) g`);
await db.execute(sql`
  insert into withdrawals (order_no, user_id, kind, amount_cents, state, created_at, reviewed_at)
  select 'BW' || u.id, u.id, 'bank', 5000, 2, now() - interval '3 days', now() - interval '3 days' from ${ids}`);
await db.execute(sql`
  insert into member_logins (user_id, ip, kind, at)
  select u.id, '10.0.0.1', 'login', now() - make_interval(secs => (u.n * 13 + g * 3600) % (30 * 86400))
  from ${ids}, generate_series(1, 3) g`);
// What autovacuum does to tables that grew: statistics, and the visibility maps index scans use.
for (const table of ['users', 'agents', 'valid_bets', 'deposits', 'withdrawals', 'member_logins'])
  await db.execute(sql.raw(`vacuum analyze ${table}`));
const fillSeconds = (performance.now() - fillStart) / 1000;
const counts = await one<{ bets: number; members: number }>(sql`
  select (select count(*)::int from valid_bets) as bets,
         (select count(*)::int from users where agent_id in (${agentId}::int, ${subId}::int)) as members`);

const app = await buildApp({ config, db, operatorToken: null, logger: false });
await app.ready();
const token = await createSession(db, agentId);
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() + 8 * 3600_000 - 29 * 86_400_000).toISOString().slice(0, 10);
const range = { start_date: monthAgo, end_date: today };

async function timed(path: string, body: object) {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });
  const ms = performance.now() - t0;
  const reply = JSON.parse(res.body) as { code: number; data: { total?: number } };
  if (reply.code !== 200) throw new Error(`${path}: ${res.body.slice(0, 300)}`);
  return { ms, total: reply.data.total ?? 0 };
}

const lastPage = Math.ceil((MEMBERS * 0.9) / 20);
const kinds: Record<string, (i: number) => [string, object]> = {
  'level 1, page 1, 30 days': () => ['/api/agent/downline', { level: 1, ...range, page: 1 }],
  'level 1, pages spread over all': (i) => [
    '/api/agent/downline',
    { level: 1, ...range, page: 1 + ((i * 37) % lastPage) },
  ],
  'level 1, name prefix': (i) => ['/api/agent/downline', { level: 1, q: `m${tag}x${1 + (i % 9)}`, ...range }],
  'level 2, page 1, 30 days': () => ['/api/agent/downline', { level: 2, ...range, page: 1 }],
  'team report, 30 days (comparison)': () => ['/api/agent/report', range],
  'overview, monthly estimate (comparison)': () => ['/api/agent/overview', {}],
};
for (let i = 0; i < 10; i += 1) await timed('/api/agent/downline', { level: 1, ...range, page: 1 }); // warm-up

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
console.log(
  `Agent downline on ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${counts.members.toLocaleString('en')} downline members, ` +
    `${counts.bets.toLocaleString('en')} valid bets (filled in ${fillSeconds.toFixed(1)} s); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
for (const [kind, make] of Object.entries(kinds)) {
  const n = kind.includes('comparison') ? Math.min(REQUESTS, 10) : REQUESTS;
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    const r = await timed(...make(i));
    ms.push(r.ms);
    total = r.total;
  }
  const p95 = pct(ms, 95);
  const bar = kind.includes('comparison')
    ? ''
    : p95 <= BAR_MS
      ? `ok (p95 ≤ ${BAR_MS} ms)`
      : `OVER ${BAR_MS} ms`;
  console.log(
    `${kind.padEnd(36)} n=${String(n).padStart(3)}  p50 ${pct(ms, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  max ${Math.max(
      ...ms,
    )
      .toFixed(1)
      .padStart(7)} ms  total ${total}  ${bar}`,
  );
}

// Settlement: the figures of one statement whose period holds all the bets (the last 30 days).
const STATEMENT_BAR_MS = 10_000;
const [agentRow] = await db.select().from(agents).where(eq(agents.userId, agentId));
const [planRow] = await db.select().from(commissionPlans).where(eq(commissionPlans.id, planId));
if (!agentRow || !planRow) throw new Error('the bench agent or its plan is missing');
const whole = { start: Date.now() - 31 * 86_400_000, end: Date.now() + 60_000 };
for (const kind of ['net_loss', 'turnover'] as const) {
  const ms: number[] = [];
  let figures: Awaited<ReturnType<typeof figuresOf>> | undefined;
  for (let i = 0; i < 3; i += 1) {
    const t0 = performance.now();
    figures = await figuresOf(db, agentRow, { ...planRow, kind }, whole);
    ms.push(performance.now() - t0);
  }
  const worst = Math.max(...ms);
  console.log(
    `statement (${kind}, all ${counts.bets.toLocaleString('en')} bets)`.padEnd(44) +
      `runs ${ms.map((m) => `${(m / 1000).toFixed(2)} s`).join(', ')}  members ${figures?.members}, ` +
      `active ${figures?.active}  ${worst <= STATEMENT_BAR_MS ? `ok (≤ ${STATEMENT_BAR_MS / 1000} s)` : `OVER ${STATEMENT_BAR_MS / 1000} s`}`,
  );
}
// The job's own pass: every month since settled_from (90 days ago), written as statements.
const t0 = performance.now();
const written = await buildDueStatements(db);
const jobMs = performance.now() - t0;
const mine = await db.select().from(agentStatements).where(eq(agentStatements.agentId, agentId));
console.log(
  `settlement job: ${written} statements written in ${(jobMs / 1000).toFixed(2)} s ` +
    `(this agent's periods from ${mine.map((m) => m.periodStart.toISOString().slice(0, 16)).join(', ')})`,
);
await app.close();
await handle.close();
