// Helpers shared by bench/bench.mjs and bench/capacity.mjs: the figures, a fresh server with seeded
// members, /proc readings, a fresh PostgreSQL database and the HTTP client.
//
// Environment (see bench.mjs for the rest):
//   BENCH_PORT_FROM   first port tried for a server (default 8381; the next free one is taken)
//   BENCH_SKIP_BUILD  1: run apps/server/dist as it is, without rebuilding stale builds first
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildIfStale, SERVER_ENTRY } from '../scripts/build-if-stale.mjs';
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
export const PG_BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Idle time after a start before measuring: the server's start-up jobs run meanwhile. */
export const SETTLE_MS = Number(process.env.BENCH_SETTLE_S ?? 10) * 1000;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

/* Figures ------------------------------------------------------------------------------------------ */

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const median = (values) => percentile(values, 50);

/** Prints one figure next to its bar: `ok` true / false, or null where there is no bar. */
export function line(label, value, bar = '', ok = null) {
  const mark = ok === null ? '    ' : ok ? ' ok ' : 'MISS';
  console.log(`  ${mark} ${label.padEnd(38)} ${String(value).padStart(14)}   ${bar}`);
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    date: new Date().toISOString(),
  };
}

/* The server --------------------------------------------------------------------------------------- */

const PORT_FROM = Number(process.env.BENCH_PORT_FROM ?? 8381);

export function freePort(from = PORT_FROM) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(freePort(from + 1)));
    s.listen(from, '127.0.0.1', () => s.close(() => resolve(from)));
  });
}

/** The web app and the server, built when missing or older than their sources (as `npm start`). */
export function ensureBuilt() {
  // BENCH_SKIP_BUILD=1: measure the build as it stands (others may be editing its sources meanwhile).
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  if (!buildIfStale()) throw new Error('the build failed');
}

/** Seeds `count` members (opening balance `cents` each) into the server's database; returns them. */
export function seedMembers(env, count, cents) {
  const out = join(env.DATA_DIR, 'bench-members.json');
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/seed-members.ts'), String(count), String(cents), out],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0) throw new Error('seeding the bench members failed');
  return JSON.parse(readFileSync(out, 'utf8'));
}

/**
 * A fresh server on a free port with `count` seeded members. `databaseUrl` null: the embedded
 * database under a temporary DATA_DIR. `seeded`: members already in the database (another server
 * of the same PostgreSQL seeded them); `env`: more environment for the server.
 */
export async function startServer({
  members = 0,
  cents = 0,
  databaseUrl = null,
  seeded = null,
  env: extraEnv = {},
  portFrom = undefined,
} = {}) {
  ensureBuilt();
  const port = await freePort(portFrom);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-data-'));
  const env = {
    PORT: String(port),
    CONSOLE_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_REGISTER_PER_HOUR: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_15MIN: '100000',
    // A bench measures what a process carries, not the per-member flood limit of orders (1000: the
    // most the configuration takes).
    RATE_LIMIT_ORDERS_PER_SECOND: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  };
  const memberList = seeded ?? (members > 0 ? seedMembers(env, members, cents) : []);
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The built server, as `npm start` runs it.
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', SERVER_ENTRY], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!out.includes('Server ready')) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s:\n${out}`);
    await sleep(100);
  }
  return {
    base,
    port,
    pid: child.pid,
    members: memberList,
    memory: () => procMemory(child.pid),
    cpuSeconds: () => procCpuSeconds(child.pid),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function procMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** User + system CPU time of a process so far, in seconds (clock ticks of 1/100 s). */
export function procCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of the PostgreSQL backends serving `database` (by their process title), pid → s. */
export function pgBackendsCpu(database) {
  const out = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres: ') && cmd.includes(` ${database} `)) out.set(pid, procCpuSeconds(pid));
    } catch {
      /* gone */
    }
  }
  return out;
}
export const cpuDelta = (before, after) =>
  [...after].reduce((t, [pid, s]) => t + s - (before.get(pid) ?? 0), 0);

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's; returns its URL and a drop(). */
export async function freshPostgres() {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_BASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_BASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const EMBEDDED = 'embedded (PGlite)';
export const POSTGRES = 'PostgreSQL';

/**
 * Runs `fn(label, databaseUrl)` on the embedded database and on a fresh PostgreSQL database
 * (BENCH_DB=pglite or BENCH_DB=postgres: only that one). Returns { label: result }.
 */
export async function onDatabases(name, fn) {
  const which = process.env.BENCH_DB ?? 'both';
  const out = {};
  if (which !== 'postgres') out[EMBEDDED] = await fn(EMBEDDED, null);
  if (which === 'pglite') return out;
  let pgdb;
  try {
    pgdb = await freshPostgres();
  } catch (err) {
    console.log(`\n(${name}: PostgreSQL at ${PG_BASE_URL} not reachable: ${err.message}; skipped)`);
    return out;
  }
  try {
    out[POSTGRES] = await fn(POSTGRES, pgdb.url);
  } finally {
    await pgdb.drop();
  }
  return out;
}

/* HTTP client -------------------------------------------------------------------------------------- */

export const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

/** POST a JSON body; resolves { status, code, ms } (code: the envelope's, or null). Never throws. */
export function post(base, path, token, body, headers = {}) {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const t0 = performance.now();
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let code = null;
          try {
            code = JSON.parse(text).code ?? null;
          } catch {
            /* not JSON: counted as an error below */
          }
          resolve({ status: res.statusCode, code, ms: performance.now() - t0, text });
        });
      },
    );
    req.on('error', (err) =>
      resolve({ status: 0, code: null, ms: performance.now() - t0, text: err.message }),
    );
    req.end(payload);
  });
}
export const isOk = (r) => r.status === 200 && r.code === 200;
