// `npm run cluster`: several server processes on one machine, one PostgreSQL and ONE address, with
// Node's own node:cluster: this primary forks the built server (apps/server/dist/main.mjs) N times and
// the workers share its listening socket (the primary accepts and hands each connection to the next
// worker in turn, WebSockets included). No proxy of ours: no X-Forwarded-For is added, so TRUST_PROXY
// is left as you set it (set it only when a proxy such as deploy/nginx fronts the machine).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/betting npm run cluster
//
// CLUSTER_PROCESSES     how many server processes (2)
// PORT, HOST            the one address of every worker (8080, 127.0.0.1), as with `npm start`
// CONSOLE_PORT          the operators' console (8090), served by worker 1 only
// CLUSTER_SKIP_BUILD=1  run apps/web/dist and apps/server/dist as they are (no freshness check, no build)
// Any other variable (DATA_DIR, TRUST_PROXY, LOTTERY_PERIOD_SECONDS, LOG_LEVEL, …) goes to every worker.
//
// Worker 1 starts alone (it migrates and seeds), the others once it listens. Exactly one process runs
// draws and settlement (a PostgreSQL advisory lock). A worker that dies after start-up is restarted
// after 1 s, doubling up to 30 s while it keeps dying within a minute. Ctrl-C / SIGTERM stops them all.
import cluster from 'node:cluster';
import { createInterface } from 'node:readline';
import { buildIfStale, root, SERVER_ENTRY } from './build-if-stale.mjs';

const env = process.env;
const READY_TIMEOUT_MS = 180_000;
/** What a worker gets after its own 9 s forced exit (apps/server/src/shutdown.ts) before SIGKILL. */
const STOP_TIMEOUT_MS = 12_000;
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** A worker that lived this long counts as healthy: its next restart waits RESTART_FIRST_MS again. */
const HEALTHY_AFTER_MS = 60_000;

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

/**
 * One slot per worker (1…N): its number, restarts and the current worker in it.
 * @type {{ n: number, worker: import('node:cluster').Worker | null, startedAt: number, delay: number, ready: boolean }[]}
 */
const slots = Array.from({ length: count }, (_, i) => ({
  n: i + 1,
  worker: null,
  startedAt: 0,
  delay: RESTART_FIRST_MS,
  ready: false,
}));
let stopping = false;
let clusterReady = false;

function prefixLines(stream, out, tag) {
  if (stream) createInterface({ input: stream }).on('line', (line) => out.write(`${tag} ${line}\n`));
}

/** Forks the worker of `slot`; resolves once it listens, rejects when it exits first or on timeout. */
function fork(slot) {
  const worker = cluster.fork({
    // One console listener: worker 1's. The others' CONSOLE_PORT=0 is a port nobody is told about
    // (in a cluster every worker asking for port 0 shares one such listener).
    CONSOLE_PORT: slot.n === 1 ? (env.CONSOLE_PORT ?? '8090') : '0',
    CLUSTER_WORKER: String(slot.n),
  });
  slot.worker = worker;
  slot.startedAt = Date.now();
  slot.ready = false;
  prefixLines(worker.process.stdout, process.stdout, `[${slot.n}]`);
  prefixLines(worker.process.stderr, process.stderr, `[${slot.n}]`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`worker ${slot.n} did not listen in time`)),
      READY_TIMEOUT_MS,
    );
    // The server listens for members first, then for the console: the first address is the shared one.
    worker.once('listening', () => {
      clearTimeout(timer);
      slot.ready = true;
      resolve();
    });
    worker.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!slot.ready) reject(new Error(`worker ${slot.n} exited before listening (${signal ?? code})`));
      onExit(slot, worker, code, signal);
    });
  });
}

function onExit(slot, worker, code, signal) {
  if (slot.worker === worker) slot.worker = null;
  if (stopping || !clusterReady) return; // start-up failures are handled by the start itself
  slot.delay = Date.now() - slot.startedAt >= HEALTHY_AFTER_MS ? RESTART_FIRST_MS : slot.delay;
  const wait = slot.delay;
  slot.delay = Math.min(slot.delay * 2, RESTART_MAX_MS);
  console.error(
    `cluster: worker ${slot.n} (pid ${worker.process.pid}) exited (${signal ?? code}); restarting it in ${wait / 1000} s`,
  );
  setTimeout(() => {
    if (stopping) return;
    fork(slot).then(
      () => console.error(`cluster: worker ${slot.n} is back (pid ${slot.worker?.process.pid})`),
      (err) => console.error(`cluster: ${err.message}`),
    );
  }, wait).unref();
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  const alive = slots.map((s) => s.worker).filter((w) => w && !w.isDead());
  // SIGTERM, not worker.kill(): the server's own shutdown closes its sockets, jobs and database.
  for (const w of alive) w.process.kill('SIGTERM');
  await Promise.race([
    Promise.all(
      alive.map((w) => new Promise((resolve) => (w.isDead() ? resolve() : w.once('exit', resolve)))),
    ),
    new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS)),
  ]);
  for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL');
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

const started = Date.now();
if (env.CLUSTER_SKIP_BUILD !== '1' && !buildIfStale()) fail('the build failed', 1);
// Workers run the built server itself (not scripts/start.mjs, which would rebuild under a running
// process); silent: their output comes here, one prefix per worker.
cluster.setupPrimary({ exec: SERVER_ENTRY, execArgv: ['--enable-source-maps'], cwd: root, silent: true });
try {
  // One first: it migrates and seeds; then the others together.
  await fork(slots[0]);
  await Promise.all(slots.slice(1).map(fork));
  clusterReady = true;
} catch (err) {
  console.error(`cluster: ${err.message}`);
  await stop(1);
}

const host = env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::' ? env.HOST : '127.0.0.1';
const url = `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || 8080}`;
console.log(
  [
    '',
    `  Cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${url}`,
    `  Workers (node:cluster, one shared socket): ${slots.map((s) => `[${s.n}] pid ${s.worker?.process.pid}`).join(', ')}`,
    `  Console: worker 1 on CONSOLE_PORT (${env.CONSOLE_PORT ?? '8090'})`,
    '  Ctrl-C stops them all.',
    '',
  ].join('\n'),
);
