// Load primitives and meters of bench/capacity.mjs: open and closed loops, room sockets, the
// member calls it makes, a meter of CPU / transactions / notifications, and a proxy that counts the
// statements a server sends to PostgreSQL.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { cpuDelta, isOk, percentile, pgBackendsCpu, post, root, sleep } from './common.mjs';

/** A constant of the app's source (`NAME = 2500`), so the figures follow the code. */
export function sourceConstant(file, name) {
  const text = readFileSync(join(root, file), 'utf8');
  const m = new RegExp(`\\b${name}\\s*=\\s*([\\d_]+)`).exec(text);
  if (!m) throw new Error(`${name} not found in ${file}`);
  return Number(m[1].replaceAll('_', ''));
}
export const BALANCE_POLL_MS = sourceConstant('apps/web/src/shared/session/api.ts', 'BALANCE_POLL_MS');
export const SITE_POLL_MS = sourceConstant('apps/web/src/app/App.tsx', 'SITE_POLL_MS');
export const PING_MS = sourceConstant('packages/contract/src/chat.ts', 'CHAT_PING_INTERVAL_MS');
export const POOL_SIZE = sourceConstant('apps/server/src/db/client.ts', 'poolSize');

const T0 = performance.now();
/** Where the run is, on stderr (a run takes minutes). */
export const progress = (what) =>
  process.stderr.write(`  [capacity ${((performance.now() - T0) / 1000).toFixed(0)} s] ${what}\n`);

/* Latencies ---------------------------------------------------------------------------------------- */

export function stats() {
  // `at`: when each answer came (performance.now()), to tell a stall of everything from slow calls.
  const s = { ms: [], at: [], errors: 0, refused: 0, sample: [] };
  s.add = (r) => {
    if (isOk(r)) {
      s.ms.push(r.ms);
      s.at.push(performance.now());
    } else if (r.refused) s.refused++;
    else {
      s.errors++;
      if (s.sample.length < 3) s.sample.push(`${r.status} ${String(r.text).slice(0, 140)}`);
    }
  };
  s.p = (q) => percentile(s.ms, q);
  return s;
}

/** Calls `fire(i)` `rate` times a second, evenly, for `seconds`, whatever the replies; waits for all. */
export async function openLoop(rate, seconds, fire) {
  if (rate <= 0) return sleep(seconds * 1000);
  const inflight = new Set();
  const t0 = performance.now();
  const total = Math.floor(rate * seconds);
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const p = fire(i).finally(() => inflight.delete(p));
    inflight.add(p);
  }
  const rest = t0 + seconds * 1000 - performance.now();
  if (rest > 0) await sleep(rest);
  await Promise.all(inflight);
}

/** `workers` callers, each calling `fire(worker)` again as soon as it answered, for `seconds`. */
export async function closedLoop(workers, seconds, fire) {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < end) await fire(w);
    }),
  );
}

/**
 * LOTTERY_PERIOD_SECONDS such that the round open now stays open for `needS` seconds: rounds are
 * slots of the Beijing day, each closing 30/210 of its period before its draw (加拿大28, scaled).
 */
export function lotteryPeriod(needS) {
  const DAY = 86_400_000;
  const now = Date.now();
  const dayStart = Math.floor((now + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
  for (const p of [3600, 1800, 7200, 900, 10_800, 14_400, 21_600, 43_200, 600]) {
    const close = Math.min(p - 1, Math.max(2, Math.round((p * 30) / 210))) * 1000;
    const n = Math.max(1, Math.floor(86_400 / p));
    const k = Math.min(Math.floor((now - dayStart) / (p * 1000)), n - 1);
    const drawsAt = k === n - 1 ? dayStart + DAY : dayStart + (k + 1) * p * 1000;
    if (drawsAt - close - now > needS * 1000) return p;
  }
  return 3600;
}

/* Member calls ------------------------------------------------------------------------------------- */

export const pollBalance = (base, m) => post(base, '/api/balance', m.token, {});
export const pollApp = (base, m) => post(base, '/api/app', m.token, {});

export async function firstVenue(base, m) {
  const r = await post(base, '/api/balancelist', m.token, {});
  const venue = JSON.parse(r.text).data?.[0]?.platname;
  if (!venue) throw new Error(`no venue to transfer to: ${r.text.slice(0, 200)}`);
  return venue;
}

export const transfer = (base, m, venue) =>
  post(
    base,
    '/api/transfer',
    m.token,
    { amount: 1, sourcetype: 'userbalance', targettype: venue },
    { 'idempotency-key': randomUUID() },
  );

/** The round open for bets in a room (nowdata.nextexpect). */
export async function openRound(base, m, roomId) {
  const r = await fetch(`${base}/api/lotteryRoom?room_id=${roomId}`, {
    headers: { authorization: `Bearer ${m.token}` },
  }).then((res) => res.json());
  const expect = r.data?.lottery?.nowdata?.nextexpect;
  if (!expect) throw new Error(`no open round in room ${roomId}: ${JSON.stringify(r).slice(0, 200)}`);
  return String(expect);
}

/** One bet of 1.00 on 大 (play 201 of a type 2 room); a round closed meanwhile is "refused". */
export async function bet(base, m, roomId, expect) {
  const r = await post(
    base,
    '/api/lotteryOrder',
    m.token,
    { room_id: roomId, expect, order: [{ id: 201, total: 1, data: [] }] },
    { 'idempotency-key': randomUUID() },
  );
  if (!isOk(r) && /封盘|期号/.test(r.text)) r.refused = true;
  return r;
}

/* Room sockets ------------------------------------------------------------------------------------- */

/**
 * Opens one socket per member in a room, pinging every PING_MS as the app does. `onChat(seq, at)`
 * hears every bench chat line (`bench:<seq>`). Returns { sockets, send(i, seq), close() }.
 */
export async function openRoom(port, roomId, members, onChat = () => undefined) {
  const state = { closedByServer: 0, errorFrames: 0 };
  const open = (m) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(
        `ws://127.0.0.1:${port}/wss?roomid=${roomId}&_token=${encodeURIComponent(m.token)}`,
      );
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
      ws.once('close', () => state.closedByServer++);
      ws.on('message', (data) => {
        const text = data.toString();
        if (text === 'pong') return;
        const hit = /"content":"bench:(\d+)"/.exec(text);
        if (hit) onChat(Number(hit[1]), performance.now());
        else if (text.includes('"sysmsg":"')) state.errorFrames++;
      });
    });
  const sockets = [];
  for (let i = 0; i < members.length; i += 50)
    sockets.push(...(await Promise.all(members.slice(i, i + 50).map(open))));
  // Staggered pings, one per socket every PING_MS, as the open app sends them.
  const timers = sockets.map((ws, i) =>
    setTimeout(
      () => {
        timers[i] = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS);
      },
      (i * PING_MS) / sockets.length,
    ),
  );
  return {
    sockets,
    state,
    send: (i, seq) =>
      sockets[i % sockets.length].send(JSON.stringify({ content: `bench:${seq}`, order: false })),
    close() {
      for (const t of timers) clearInterval(t);
      for (const ws of sockets) {
        ws.removeAllListeners('close');
        ws.terminate();
      }
    },
  };
}

/* Meters ------------------------------------------------------------------------------------------- */

/**
 * Watches a bench database: its transactions (pg_stat_database), its backends' CPU (/proc) and the
 * room notifications (a LISTEN of its own on the room channel).
 */
export async function dbWatch(url) {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url, application_name: 'capacity-bench' });
  await client.connect();
  const own = String((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
  let notifies = 0;
  client.on('notification', (n) => n.channel === 'room_messages' && notifies++);
  await client.query('listen room_messages');
  const xacts = async () =>
    Number(
      (
        await client.query(
          'select xact_commit + xact_rollback as x from pg_stat_database where datname = current_database()',
        )
      ).rows[0].x,
    );
  const backends = () => {
    const m = pgBackendsCpu(name);
    m.delete(own); // the bench's own connection
    return m;
  };
  return {
    name,
    client,
    backends,
    xacts,
    notifies: () => notifies,
    /** Stats of a backend reach pg_stat_database up to 1 s after its transactions (PostgreSQL 15). */
    settleStats: () => sleep(1200),
    close: () => client.end(),
  };
}

/** Busy and total clock ticks of the whole machine, all cores (/proc/stat). */
function machineTicks() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * Starts a measurement over `servers` and the database; `stop()` gives the deltas, and what the
 * machine and this generator did meanwhile (a generator short of CPU reports its own delays).
 */
export async function meter(servers, db, { settle = true } = {}) {
  if (settle) await db.settleStats();
  const t0 = performance.now();
  const ticks0 = machineTicks();
  const gen0 = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu0 = servers.map((s) => s.cpuSeconds());
  const mem0 = servers.map((s) => s.memory().rss);
  const pg0 = db.backends();
  const x0 = await db.xacts();
  const n0 = db.notifies();
  // statsWaitMs: 11 s lets every backend's pending counts reach pg_stat_database (idle ones report
  // after 10 s); the idle transactions meanwhile are the caller's to subtract.
  return async ({ statsWaitMs = 0 } = {}) => {
    const seconds = (performance.now() - t0) / 1000;
    loop.disable();
    const ticks = machineTicks();
    const gen = process.cpuUsage(gen0);
    const cpu = servers.map((s, i) => s.cpuSeconds() - cpu0[i]);
    const pgCpu = cpuDelta(pg0, db.backends());
    const notifies = db.notifies() - n0;
    await (statsWaitMs > 0 ? sleep(statsWaitMs) : db.settleStats());
    const xacts = (await db.xacts()) - x0;
    const mem = servers.map((s) => s.memory());
    return {
      t0,
      seconds,
      machineBusy: (ticks.busy - ticks0.busy) / (ticks.total - ticks0.total), // of all cores
      generatorCpu: (gen.user + gen.system) / 1e6 / seconds, // cores
      generatorDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 }, // ms
      cpu,
      pgCpu,
      xacts,
      notifies,
      rss0: mem0,
      rss: mem.map((m) => m.rss),
      peak: mem.map((m) => m.peak),
    };
  };
}

/* Statements per call ------------------------------------------------------------------------------ */

/**
 * Reads a stream of PostgreSQL protocol messages (type byte, then a length including itself) and
 * calls `on(type, body)` for each; `startup`: the client side, whose first message has no type.
 */
function messages(stream, startup, on) {
  let buf = Buffer.alloc(0);
  let started = !startup;
  stream.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (!started) {
        if (buf.length < 8) return;
        const len = buf.readInt32BE(0);
        if (buf.length < len) return;
        started = buf.readInt32BE(4) !== 80877103; // an SSLRequest comes before the startup message
        buf = buf.subarray(len);
        continue;
      }
      if (buf.length < 5) return;
      const len = buf.readInt32BE(1) + 1;
      if (buf.length < len) return;
      on(String.fromCharCode(buf[0]), buf.subarray(5, len));
      buf = buf.subarray(len);
    }
  });
}

/**
 * A TCP proxy in front of PostgreSQL counting, over every connection through it: statements (the
 * client's Execute 'E' and simple Query 'Q', BEGIN and COMMIT included), round trips (Sync 'S' and
 * Query) and transactions (the server's ReadyForQuery 'Z' back to idle: an implicit transaction per
 * statement outside BEGIN, one per BEGIN…COMMIT, as pg_stat_database counts them).
 */
export async function statementProxy(targetUrl, port) {
  const target = new URL(targetUrl);
  const counts = { statements: 0, roundTrips: 0, xacts: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).on('error', () => undefined);
    upstream.pipe(client).on('error', () => undefined);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    messages(client, true, (type) => {
      if (type === 'E' || type === 'Q') counts.statements++;
      if (type === 'S' || type === 'Q') counts.roundTrips++;
    });
    let first = true; // the ReadyForQuery that ends the start-up is no transaction
    messages(upstream, false, (type, body) => {
      if (type !== 'Z') return;
      if (body[0] === 0x49 && !first) counts.xacts++;
      first = false;
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    counts,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * PostgreSQL's NOTIFY ceiling on this machine: `connections` clients sending pg_notify as fast as
 * they are answered for `seconds`, on a channel of its own with one listener; returns NOTIFY/s.
 */
export async function notifyCeiling(url, seconds = 5, connections = 8) {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  let heard = 0;
  listener.on('notification', () => heard++);
  await listener.query('listen capacity_probe');
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const payload = JSON.stringify({ o: 'probe', r: 0, m: { content: 'x'.repeat(120), type: 'chat', id: 1 } });
  let sent = 0;
  const t0 = performance.now();
  await closedLoop(connections, seconds, async (w) => {
    await clients[w].query('select pg_notify($1, $2)', ['capacity_probe', payload]);
    sent++;
  });
  const rate = sent / ((performance.now() - t0) / 1000);
  await sleep(300);
  await Promise.all([...clients, listener].map((c) => c.end()));
  return { rate, sent, heard };
}
