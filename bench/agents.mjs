// `npm run bench -- agents`: the agent back office and settlement at 10,000 downline members and
// 1,000,000 bet records on PostgreSQL (TEST_DATABASE_URL, a fresh database bench_<time>, dropped at the
// end). bench/agent-downline.ts fills the data, times the downline page (bar p95 ≤ 200 ms) and builds
// one statement over a period holding every bet (bar ≤ 10 s); it prints its own figures.
//
// Environment: BENCH_AGENT_MEMBERS (default 10000), BENCH_AGENT_BETS (default 1000000),
// BENCH_AGENT_REQUESTS (per kind of downline page, default 100).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { freshPostgres, PG_BASE_URL, root } from './common.mjs';

export async function benchAgents() {
  let pgdb;
  try {
    pgdb = await freshPostgres();
  } catch (err) {
    console.log(`\n(agents: PostgreSQL at ${PG_BASE_URL} not reachable: ${err.message}; skipped)`);
    return null;
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-agents-'));
  try {
    const args = [
      process.env.BENCH_AGENT_MEMBERS ?? '10000',
      process.env.BENCH_AGENT_BETS ?? '1000000',
      process.env.BENCH_AGENT_REQUESTS ?? '100',
    ];
    console.log('');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench/agent-downline.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: pgdb.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: '0' },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (r.status !== 0) throw new Error('the agents worker failed');
    return { ok: true };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgdb.drop();
  }
}
