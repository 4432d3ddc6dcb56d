// `npm run cluster`: several server processes on one PostgreSQL behind the front (scripts/front.mjs),
// on one address. Ctrl-C (or SIGTERM) stops them all.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/betting npm run cluster
//
// CLUSTER_PROCESSES  how many server processes (2)
// FRONT_PORT         the front's port, the one address members use (8080); FRONT_HOST (127.0.0.1)
// BACKEND_PORTS      the processes' own ports (FRONT_PORT+1, FRONT_PORT+2, …), on 127.0.0.1
// DATA_DIR           shared by every process: the operator token and uploads (./data)
// TRUST_PROXY        given to the processes (127.0.0.1: they believe the front's X-Forwarded-For)
// PUBLIC_URL         given to the processes (the front's address)
// FRONT_PIN=1        tests only: a front_backend=<n> cookie picks the process (scripts/front.mjs)
// CLUSTER_SKIP_BUILD=1 run apps/web/dist and apps/server/dist as they are (no freshness check, no build)
// Any other variable (LOTTERY_PERIOD_SECONDS, LOG_LEVEL, …) goes to every process as with `npm start`.
//
// The web app and the server are built first when missing or older than their sources (as `npm
// start` does, once for all). The first process starts alone (it migrates and seeds), the others once it listens. Exactly one of them runs draws and settlement (a PostgreSQL advisory lock).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { buildIfStale, root, SERVER_ENTRY } from './build-if-stale.mjs';
import { frontOptionsFrom, startFront } from './front.mjs';

const env = process.env;
const BACKEND_HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 180_000;

function fail(message, code = 2) {
  console.error(`cluster: ${message}`);
  process.exit(code);
}

if (!env.DATABASE_URL) {
  fail(
    'DATABASE_URL is not set. Several processes share one PostgreSQL, e.g.\n' +
      '  createdb betting\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/betting npm run cluster',
  );
}
const count = Number(env.CLUSTER_PROCESSES ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 32) fail('CLUSTER_PROCESSES must be 1–32');
let front;
try {
  front = frontOptionsFrom([], { ...env, BACKENDS: `${BACKEND_HOST}:1` });
} catch (err) {
  fail(err.message);
}
const ports = env.BACKEND_PORTS
  ? env.BACKEND_PORTS.split(',').map((s) => Number(s.trim()))
  : Array.from({ length: count }, (_, i) => front.port + 1 + i);
if (ports.length !== count || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
  fail(`BACKEND_PORTS must list ${count} port numbers`);
}
const frontHost = front.host === '0.0.0.0' || front.host === '::' ? '127.0.0.1' : front.host;
const frontUrl = `http://${frontHost.includes(':') ? `[${frontHost}]` : frontHost}:${front.port}`;

/** @type {{ n: number, port: number, child: import('node:child_process').ChildProcess, exited: boolean }[]} */
const procs = [];
let stopping = false;
let frontHandle = null;

function prefixLines(stream, out, tag) {
  createInterface({ input: stream }).on('line', (line) => out.write(`${tag} ${line}\n`));
}

function startProcess(n, port) {
  // The built server itself (not scripts/start.mjs, which would rebuild under a running process).
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: BACKEND_HOST,
      // One console is enough: the first process serves it (CONSOLE_PORT, 8090); the others pick a
      // free port nobody is told about, so they do not collide.
      CONSOLE_PORT: n === 1 ? (env.CONSOLE_PORT ?? '8090') : '0',
      TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1',
      PUBLIC_URL: env.PUBLIC_URL ?? frontUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p = { n, port, child, exited: false };
  prefixLines(child.stdout, process.stdout, `[${n}]`);
  prefixLines(child.stderr, process.stderr, `[${n}]`);
  child.on('exit', (code, signal) => {
    p.exited = true;
    if (stopping) return;
    console.error(`cluster: process ${n} (port ${port}) exited (${signal ?? code})`);
    if (procs.every((q) => q.exited)) void stop(1);
  });
  procs.push(p);
  return p;
}

/** Resolves once the port accepts a connection; rejects when the process exits first or on timeout. */
function listening(p) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const tryOnce = () => {
      if (p.exited) return reject(new Error(`process ${p.n} exited before listening on ${p.port}`));
      if (Date.now() > deadline)
        return reject(new Error(`process ${p.n} did not listen on ${p.port} in time`));
      const s = net.connect({ host: BACKEND_HOST, port: p.port });
      s.once('connect', () => {
        s.destroy();
        resolve();
      });
      s.once('error', () => {
        s.destroy();
        setTimeout(tryOnce, 250);
      });
    };
    tryOnce();
  });
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  await frontHandle?.close();
  const alive = procs.filter((p) => !p.exited);
  for (const p of alive) p.child.kill('SIGTERM');
  await Promise.race([
    Promise.all(
      alive.map((p) => new Promise((resolve) => (p.exited ? resolve() : p.child.once('exit', resolve)))),
    ),
    new Promise((resolve) => setTimeout(resolve, 12_000)),
  ]);
  for (const p of procs) if (!p.exited) p.child.kill('SIGKILL');
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

const started = Date.now();
if (env.CLUSTER_SKIP_BUILD !== '1' && !buildIfStale()) fail('the build failed', 1);
try {
  // One first: it migrates and seeds; then the others together.
  await listening(startProcess(1, ports[0]));
  await Promise.all(ports.slice(1).map((port, i) => listening(startProcess(i + 2, port))));
  frontHandle = await startFront({ ...front, backends: ports.map((port) => `${BACKEND_HOST}:${port}`) });
} catch (err) {
  console.error(`cluster: ${err.message}`);
  await stop(1);
}

console.log(
  [
    '',
    `  Cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${frontUrl}`,
    `  Front → ${procs.map((p) => `${BACKEND_HOST}:${p.port}`).join(', ')} (round-robin per connection)`,
    `  Operator: OPS_URL=http://${BACKEND_HOST}:${ports[0]} npm run ops -- help   (ask a process, not the front)`,
    '  Ctrl-C stops them all.',
    '',
  ].join('\n'),
);
