import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
/** Requests of the node:cluster check: a path nothing serves, found again in the workers' logs. */
const PROBE_PATH = '/api/__cluster_probe';

/** TEST_DATABASE_URL with the journey's own database instead of its database. */
export function multiDatabaseUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${process.env.E2E_MULTI_DB}`;
  return url.toString();
}

/** nginx's access log: one line per request, `upstream=-` when nginx served a file itself. */
export function nginxAccessLog(): string {
  return join(process.env.E2E_MULTI_NGINX_DIR ?? '', 'betting.access.log');
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function stopChild(c: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((resolve) => c.once('exit', resolve));
  c.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/**
 * Starts one "machine": `scripts/cluster.mjs` with `processes` node:cluster workers on `port`. Resolves
 * once it is ready (and adds it to `started` at once). Its workers' info and debug lines are swallowed (warnings and errors are shown);
 * the pids that answered a probe request are added to `probePids`.
 */
function startMachine(
  n: number,
  port: number,
  processes: number,
  env: NodeJS.ProcessEnv,
  probePids: Set<number>,
  started: ChildProcess[],
): Promise<void> {
  const child = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), CLUSTER_PROCESSES: String(processes) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child); // stopped by the teardown, even when it never gets ready
  const show = (line: string) => {
    const json = /^\[\d+\] (\{.*\})$/.exec(line)?.[1];
    if (json) {
      const entry = JSON.parse(json) as { level: number; pid: number; url?: string };
      if (entry.url?.startsWith(PROBE_PATH)) probePids.add(entry.pid);
      if (entry.level >= 40) process.stdout.write(`  machine ${n} ${line}\n`);
    } else if (/^(cluster:|\s+(Cluster ready|Workers))/.test(line)) {
      process.stdout.write(`  machine ${n}: ${line.trim()}\n`);
    }
  };
  createInterface({ input: child.stdout as Readable }).on('line', show);
  createInterface({ input: child.stderr as Readable }).on('line', show);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`machine ${n} did not start within 150 s`)), 150_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`machine ${n} exited while starting (${code})`));
    });
    createInterface({ input: child.stdout as Readable }).on('line', (line) => {
      if (!line.includes('Cluster ready')) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** GET on a connection of its own (node:cluster hands out connections, not requests). */
function getOnNewConnection(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
}

/** Machine 1's two node:cluster workers share its one port: fresh connections reach both. */
async function checkWorkersShareThePort(port: number, probePids: Set<number>): Promise<void> {
  for (let i = 0; i < 6; i++) await getOnNewConnection(port, `${PROBE_PATH}/${i}`);
  const deadline = Date.now() + 5_000;
  while (probePids.size < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (probePids.size < 2) {
    throw new Error(`machine 1: six connections were all answered by pid ${[...probePids].join(', ')}`);
  }
  console.log(`  machine 1: six connections to :${port} answered by pids ${[...probePids].join(' and ')}`);
}

function waitForPort(port: number, isUp: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  return new Promise((resolve, reject) => {
    const tryOnce = () => {
      if (!isUp()) return reject(new Error('nginx exited while starting'));
      const s = net.connect({ host: '127.0.0.1', port });
      s.once('connect', () => {
        s.destroy();
        resolve();
      });
      s.once('error', () => {
        s.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}`));
        else setTimeout(tryOnce, 100);
      });
    };
    tryOnce();
  });
}

/**
 * nginx with deploy/nginx/betting.conf rendered by deploy/render.mjs for the two machines, inside a
 * minimal main configuration whose temporary files live under `dir` (as root or not). Not a daemon:
 * the teardown stops it.
 */
async function startNginx(dir: string, port: number, upstreams: string[]): Promise<ChildProcess> {
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const site = join(dir, 'betting.conf');
  execFileSync(process.execPath, [
    join(root, 'deploy/render.mjs'),
    ...upstreams.flatMap((u) => ['--upstream', u]),
    ...['--web-dist', join(root, 'apps/web/dist'), '--listen', `127.0.0.1:${port}`],
    ...['--log-dir', dir, '--out', site],
  ]);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      // As root, nginx's workers would otherwise run as nobody, who may not read the checkout.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${join(dir, 'tmp', t)};`,
      ),
      `  include ${site};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-e', 'stderr', '-p', dir, '-c', conf, '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`];
  execFileSync(NGINX, ['-t', '-q', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  const nginx = spawn(NGINX, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForPort(port, () => nginx.exitCode === null && nginx.signalCode === null);
  return nginx;
}

/**
 * Global setup of playwright.multi.config.ts: a fresh database; machine 1 (`scripts/cluster.mjs`, two
 * node:cluster workers; it migrates and seeds, and builds if stale), then machine 2 (one worker);
 * then nginx in front of both on E2E_MULTI_PORT. Returns the teardown: nginx, the machines, then
 * the database (in this order, so that no process sees its database go). Not a `webServer`:
 * Playwright runs the global teardown before it stops a webServer.
 */
export default async function clusterSetup(): Promise<(() => Promise<void>) | undefined> {
  const nginxDir = process.env.E2E_MULTI_NGINX_DIR ?? '';
  const removeDirs = () => {
    rmSync(process.env.E2E_MULTI_DATA_DIR ?? '', { recursive: true, force: true });
    rmSync(nginxDir, { recursive: true, force: true });
  };
  if (!process.env.TEST_DATABASE_URL) {
    removeDirs();
    return undefined;
  }
  const db = process.env.E2E_MULTI_DB ?? '';
  if (!/^[a-z0-9_]+$/.test(db)) throw new Error(`unexpected database name ${db}`);
  const started = Date.now();
  await admin(`create database ${db}`);

  const port = Number(process.env.E2E_MULTI_PORT);
  const machines: ChildProcess[] = [];
  let nginx: ChildProcess | null = null;
  const teardown = async () => {
    await stopChild(nginx, 'SIGQUIT');
    await Promise.all(machines.map((m) => stopChild(m)));
    await admin(`drop database if exists ${db} with (force)`);
    removeDirs();
  };

  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: multiDatabaseUrl(),
    DATA_DIR: process.env.E2E_MULTI_DATA_DIR,
    CONSOLE_PORT: '0',
    // nginx reaches the machines from 127.0.0.1: its X-Forwarded-For is believed, nobody else's.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
    // 10 s rounds (betting closes 2 s before the draw): the journey sees a whole round quickly.
    LOTTERY_PERIOD_SECONDS: '10',
    CLOCK_OFFSET_SECONDS: process.env.E2E_CLOCK_OFFSET_SECONDS,
  };
  try {
    const probePids = new Set<number>();
    // Debug level on machine 1: its request lines name the worker's pid (swallowed, see startMachine).
    // Machine 1's worker 1 also serves the console (the support desk's journey: 客服 there, the member
    // on machine 2).
    const machine1 = {
      ...env,
      LOG_LEVEL: 'debug',
      CONSOLE_HOST: '127.0.0.1',
      CONSOLE_PORT: String(port + 3),
    };
    await startMachine(1, port + 1, 2, machine1, probePids, machines);
    const machine2 = { ...env, LOG_LEVEL: 'warn', CLUSTER_SKIP_BUILD: '1' };
    await startMachine(2, port + 2, 1, machine2, new Set(), machines);
    await checkWorkersShareThePort(port + 1, probePids);
    nginx = await startNginx(nginxDir, port, [`127.0.0.1:${port + 1}`, `127.0.0.1:${port + 2}`]);
    console.log(
      `  nginx on :${port} → :${port + 1}, :${port + 2} (database ${db}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
