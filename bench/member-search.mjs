// `npm run bench -- member-search`: the console's member search at 300,000 members on PostgreSQL
// (TEST_DATABASE_URL, a fresh database bench_<time>, dropped at the end). bench/member-search.ts fills
// the members (one INSERT … SELECT generate_series) and times GET /api/members through the console's
// app for each kind of query, one after another; the bar is p95 ≤ 50 ms for name, real name and mobile.
//
// Environment: BENCH_SEARCH_MEMBERS (default 300000), BENCH_SEARCH_REQUESTS (per kind, default 200).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fmt, freshPostgres, line, median, percentile, PG_BASE_URL, root } from './common.mjs';

const MEMBERS = Number(process.env.BENCH_SEARCH_MEMBERS ?? 300_000);
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);
const BAR_MS = 50;
/** The kinds the bar applies to (the others are shown for comparison). */
const BARRED = ['name (full)', 'name (prefix, 4 characters)', 'real name (full)', 'mobile'];

export async function benchMemberSearch() {
  let pgdb;
  try {
    pgdb = await freshPostgres();
  } catch (err) {
    console.log(`\n(member-search: PostgreSQL at ${PG_BASE_URL} not reachable: ${err.message}; skipped)`);
    return null;
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-search-'));
  const out = join(dataDir, 'member-search.json');
  try {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench/member-search.ts'), String(MEMBERS), String(REQUESTS), out],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: pgdb.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: '0' },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (r.status !== 0) throw new Error('the member search worker failed');
    const { members, fillSeconds, results } = JSON.parse(readFileSync(out, 'utf8'));
    console.log(
      `\nMember search on PostgreSQL: ${members.toLocaleString('en')} members (filled in ${fmt(fillSeconds, 1)} s), ` +
        `${REQUESTS} GET /api/members per kind through the console's app, one at a time`,
    );
    const summary = {};
    for (const [kind, { ms, totals }] of Object.entries(results)) {
      const s = {
        p50: median(ms),
        p95: percentile(ms, 95),
        max: Math.max(...ms),
        matches: median(totals),
      };
      summary[kind] = s;
      const barred = BARRED.includes(kind);
      line(
        `${kind}`,
        `${fmt(s.p50, 1)} / ${fmt(s.p95, 1)} / ${fmt(s.max, 1)} ms`,
        `p50 / p95 / max; median ${s.matches} found${barred ? `; bar p95 ≤ ${BAR_MS} ms` : ''}`,
        barred ? s.p95 <= BAR_MS : null,
      );
    }
    return summary;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgdb.drop();
  }
}
