// `npm run bench -- capacity`: what one server process costs and carries, measured, on PostgreSQL
// (TEST_DATABASE_URL, a fresh database per part), then four processes on one PostgreSQL under a fixed
// mixed load, then the arithmetic for 100,000 members online (bench/capacity-model.mjs).
//
// 1. One process, each kind of load alone: members polling (balance every BALANCE_POLL_MS and the
//    site info every SITE_POLL_MS, as the app does), room sockets (pings, chat fan-out, other
//    processes' notifications), transfers and lottery bets (closed loops: the process's ceiling),
//    with Node CPU (/proc), PostgreSQL backend CPU (/proc, this database's backends only), transactions
//    (pg_stat_database) and memory. Before it, the same server behind a counting proxy gives the
//    statements and round trips of each call.
// 2. Four processes on one PostgreSQL, each under the same mixed load; the totals are compared with
//    the sums the one-process costs predict.
//
// Environment: BENCH_DURATION_S (default 30: each part's measured load), BENCH_SETTLE_S,
// BENCH_PORT_FROM, BENCH_SKIP_BUILD (bench.mjs), and CAP_* for the arithmetic (capacity-model.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  DURATION_S,
  fmt,
  freshPostgres,
  percentile,
  seedMembers,
  SETTLE_MS,
  sleep,
  startServer,
} from './common.mjs';
import {
  BALANCE_POLL_MS,
  bet,
  closedLoop,
  dbWatch,
  firstVenue,
  lotteryPeriod,
  meter,
  notifyCeiling,
  openLoop,
  openRoom,
  openRound,
  PING_MS,
  pollApp,
  pollBalance,
  progress,
  SITE_POLL_MS,
  statementProxy,
  stats,
  transfer,
} from './capacity-load.mjs';
import { arithmetic, fourProcesses, mixedLoad } from './capacity-model.mjs';
import { latencies, predict, printOne } from './capacity-report.mjs';

const PORT_FROM = Number(process.env.BENCH_PORT_FROM ?? 8381);
const CENTS = 1_000_000_00;
const BIG_ROOM = 1; // 加拿大28 新手房: a type 2 room, where play 201 (大) is offered
const SMALL_ROOM = 2;
/** One process: pollers and sockets of the big room; the small room's speakers; the closed loops. */
const ONE = { pollers: 1000, small: 40, loops: 10, chatRate: 20, remoteRate: 5000 };
/**
 * Four processes: each one's share, small enough that four servers, PostgreSQL and this generator
 * fit on two shared cores with room to spare (about a tenth of a core per server at the costs of
 * 2026-11), so that the sums compare loads, not a saturated machine.
 */
export const SHARE = {
  pollers: 250,
  sockets: 100,
  chatRate: 2,
  transferRate: 10,
  betRate: 5,
  loopMembers: 5,
};

/** Subtracts the idle rate of a meter reading: what the load itself cost, per second. */
const net = (r, idle) => ({
  cpu: r.cpu[0] / r.seconds - idle.cpu,
  pg: r.pgCpu / r.seconds - idle.pg,
});

/* Statements per call ------------------------------------------------------------------------------ */

async function countStatements(dbUrl, env) {
  // Seeded straight into the database: seeding runs synchronously (spawnSync), and the proxy lives
  // in this process.
  const dir = mkdtempSync(join(os.tmpdir(), 'capacity-seed-'));
  const n = ONE.pollers + ONE.small + 2 * ONE.loops;
  const members = seedMembers({ DATA_DIR: dir, DATABASE_URL: dbUrl }, n, CENTS);
  rmSync(dir, { recursive: true, force: true });
  const proxy = await statementProxy(dbUrl, PORT_FROM + 40);
  const server = await startServer({ databaseUrl: proxy.url, seeded: members, env, portFrom: PORT_FROM });
  const out = {};
  try {
    await sleep(3000);
    const venue = await firstVenue(server.base, members[0]);
    const expect = await openRound(server.base, members[0], BIG_ROOM);
    const c = proxy.counts;
    const t0 = performance.now();
    const s0 = { ...c };
    await sleep(5000);
    const idleSeconds = (performance.now() - t0) / 1000;
    const KEYS = ['statements', 'roundTrips', 'xacts'];
    const idle = Object.fromEntries(KEYS.map((k) => [k, (c[k] - s0[k]) / idleSeconds]));
    out.idle = idle;
    const N = 40;
    const measure = async (name, run) => {
      const a = { ...c };
      const start = performance.now();
      await run();
      await sleep(300);
      const seconds = (performance.now() - start) / 1000;
      out[name] = Object.fromEntries(
        KEYS.map((k) => [k, Math.max(0, (c[k] - a[k] - idle[k] * seconds) / N)]),
      );
    };
    progress('counting');
    await measure('balance', async () => {
      for (let i = 0; i < N; i++) await pollBalance(server.base, members[i]);
    });
    await measure('app', async () => {
      for (let i = 0; i < N; i++) await pollApp(server.base, members[i]);
    });
    await measure('transfer', async () => {
      for (let i = 0; i < N; i++) await transfer(server.base, members[i], venue);
    });
    await measure('bet', async () => {
      for (let i = 0; i < N; i++) await bet(server.base, members[i], BIG_ROOM, expect);
    });
    const room = await openRoom(server.port, SMALL_ROOM, members.slice(0, N));
    await sleep(500);
    await measure('chat', async () => {
      for (let i = 0; i < N; i++) {
        room.send(i, i);
        await sleep(20);
      }
    });
    room.close();
  } finally {
    await server.stop();
    await proxy.close();
  }
  return { out, members };
}

/* One process -------------------------------------------------------------------------------------- */

async function polling(server, db, idle) {
  const members = server.members.slice(0, ONE.pollers);
  const bal = stats();
  const app = stats();
  const stop = await meter([server], db);
  const rateB = (ONE.pollers * 1000) / BALANCE_POLL_MS;
  const rateA = (ONE.pollers * 1000) / SITE_POLL_MS;
  await Promise.all([
    openLoop(rateB, DURATION_S, async (i) =>
      bal.add(await pollBalance(server.base, members[i % members.length])),
    ),
    openLoop(rateA, DURATION_S, async (i) =>
      app.add(await pollApp(server.base, members[(i * 7) % members.length])),
    ),
  ]);
  const r = await stop();
  const d = net(r, idle);
  const memberS = ONE.pollers;
  return {
    members: ONE.pollers,
    requestsPerS: (bal.ms.length + bal.errors + app.ms.length + app.errors) / r.seconds,
    balanceP50: bal.p(50),
    balanceP99: bal.p(99),
    appP99: app.p(99),
    errors: bal.errors + app.errors,
    sample: [...bal.sample, ...app.sample],
    cpuShare: r.cpu[0] / r.seconds,
    cpuPerMemberS: d.cpu / memberS,
    pgPerMemberS: d.pg / memberS,
    rss: r.rss[0],
  };
}

async function room(server, db, idle) {
  const sentAt = new Map();
  const lat = [];
  const onChat = (seq, at) => sentAt.has(seq) && lat.push(at - sentAt.get(seq));
  const big = server.members.slice(0, ONE.pollers);
  const small = server.members.slice(ONE.pollers, ONE.pollers + ONE.small);
  const rssBefore = server.memory().rss;
  const bigRoom = await openRoom(server.port, BIG_ROOM, big, onChat);
  const smallRoom = await openRoom(server.port, SMALL_ROOM, small, onChat);
  await sleep(1500);
  const sockets = big.length + small.length;
  const rssPerSocketKb = ((server.memory().rss - rssBefore) * 1024) / sockets;
  const third = DURATION_S / 3;
  let seq = 0;
  const chat = (r, rate) =>
    openLoop(rate, third, async (i) => {
      sentAt.set(seq, performance.now());
      r.send(i, seq++);
    });
  let stop = await meter([server], db);
  await sleep(third * 1000);
  const a = await stop(); // pings only
  stop = await meter([server], db);
  const sentBig0 = seq;
  await chat(bigRoom, ONE.chatRate);
  const b = await stop();
  const sentBig = seq - sentBig0;
  await sleep(1000);
  const deliveredBig = lat.length;
  stop = await meter([server], db);
  await chat(smallRoom, ONE.chatRate);
  const c = await stop();
  // Other processes' messages: notifications for a room with no socket here (parsed, then dropped).
  const payload = JSON.stringify({
    o: 'bench-elsewhere',
    r: 9999,
    m: {
      sysmsg: false,
      id: 7,
      author: 'bench',
      avatar: '/assets-seed/avatar.svg',
      content: '第20261125001期 大 10.00元 SEQ',
      type: 'order',
      expect: '20261125001',
    },
  });
  // 100 distinct notifications per statement (PostgreSQL folds identical ones of one transaction),
  // sent by this process's own connection; against a pings-only stretch just before.
  const remoteSeconds = Math.min(5, third);
  stop = await meter([server], db);
  await sleep(remoteSeconds * 1000);
  const quiet = await stop();
  stop = await meter([server], db);
  await openLoop(ONE.remoteRate / 100, remoteSeconds, () =>
    db.client.query(
      `select pg_notify('room_messages', replace($1, 'SEQ', g::text)) from generate_series(1, 100) g`,
      [payload],
    ),
  );
  const d = await stop();
  bigRoom.close();
  smallRoom.close();
  const perS = (x) => x.cpu[0] / x.seconds;
  const pings = sockets / (PING_MS / 1000);
  // Pings only: the mean of the two quiet stretches (before the chat, before the notifications).
  const base = (perS(a) * a.seconds + perS(quiet) * quiet.seconds) / (a.seconds + quiet.seconds);
  const msgs = (x) => (ONE.chatRate * third) / x.seconds;
  const delBig = (msgs(b) * big.length) / 1;
  const delSmall = msgs(c) * small.length;
  const cDel = (perS(b) - perS(c)) / (delBig - delSmall);
  const cPub = (perS(b) - base - delBig * cDel) / msgs(b);
  return {
    sockets,
    rssPerSocketKb,
    rssWithSockets: a.rss[0],
    pingCpuMs: ((base - idle.cpu) / pings) * 1000,
    publishCpuMs: cPub * 1000,
    deliveryCpuUs: cDel * 1e6,
    remoteCpuUs: ((perS(d) - base) / ONE.remoteRate) * 1e6,
    publishPgMs: ((b.pgCpu / b.seconds - a.pgCpu / a.seconds) / msgs(b)) * 1000,
    notifiesPerMessage: (b.notifies + c.notifies) / (2 * ONE.chatRate * third),
    delivered: deliveredBig,
    expected: sentBig * big.length,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    cpuShareBig: perS(b),
    errorFrames: bigRoom.state.errorFrames + smallRoom.state.errorFrames,
    peak: d.peak[0],
  };
}

/** A closed loop of `ONE.loops` members calling `call(member)`; the process's ceiling for it. */
async function ceiling(server, db, idle, members, call) {
  const s = stats();
  const stop = await meter([server], db);
  await closedLoop(members.length, DURATION_S, async (w) => s.add(await call(members[w])));
  const r = await stop();
  const ops = s.ms.length + s.errors + s.refused;
  const d = net(r, idle);
  return {
    perS: s.ms.length / r.seconds,
    p50: s.p(50),
    p99: s.p(99),
    errors: s.errors,
    refused: s.refused,
    sample: s.sample,
    cpuShare: r.cpu[0] / r.seconds,
    cpuMs: ((d.cpu * r.seconds) / ops) * 1000,
    pgMs: ((d.pg * r.seconds) / ops) * 1000,
    rss: r.rss[0],
    peak: r.peak[0],
  };
}

async function oneProcess() {
  const need = DURATION_S * 6 + 200; // the parts below, with their settles, on one round
  const period = lotteryPeriod(need);
  const env = { LOTTERY_PERIOD_SECONDS: String(period) };
  const pgdb = await freshPostgres();
  try {
    progress('statements per call (the server behind a counting proxy)');
    const counted = await countStatements(pgdb.url, env);
    const server = await startServer({
      databaseUrl: pgdb.url,
      seeded: counted.members,
      env,
      portFrom: PORT_FROM,
    });
    const db = await dbWatch(pgdb.url);
    try {
      await sleep(SETTLE_MS);
      const stop = await meter([server], db);
      await sleep(5000);
      const i = await stop();
      const idle = {
        cpu: i.cpu[0] / i.seconds,
        pg: i.pgCpu / i.seconds,
        rss: i.rss[0],
      };
      const st = counted.out;
      const out = { period, idle, statements: st };
      progress('polling');
      out.polling = await polling(server, db, idle);
      progress('room sockets');
      out.room = await room(server, db, idle);
      progress('transfers, then bets');
      const loopers = server.members.slice(ONE.pollers + ONE.small);
      const venue = await firstVenue(server.base, loopers[0]);
      out.transfers = await ceiling(server, db, idle, loopers.slice(0, ONE.loops), (m) =>
        transfer(server.base, m, venue),
      );
      const expect = await openRound(server.base, loopers[0], BIG_ROOM);
      out.bets = await ceiling(server, db, idle, loopers.slice(ONE.loops), (m) =>
        bet(server.base, m, BIG_ROOM, expect),
      );
      progress('NOTIFY ceiling');
      progress('the four-process share on this one process');
      const lists = [server.members.slice(0, SHARE.pollers + SHARE.sockets + 2 * SHARE.loopMembers)];
      const mixed = await mixedLoad([server], lists, SHARE, db);
      out.mixed = { ...mixed.r, latency: latencies(mixed) };
      // Transactions per call from the proxy's exact counts: pg_stat_database lags by up to 10 s.
      out.idle.xacts = st.idle.xacts;
      out.polling.xactsPerMemberS =
        (st.balance.xacts * 1000) / BALANCE_POLL_MS + (st.app.xacts * 1000) / SITE_POLL_MS;
      out.room.xactsPerMessage = st.chat.xacts;
      out.transfers.xacts = st.transfer.xacts;
      out.bets.xacts = st.bet.xacts;
      out.notifyCeiling = await notifyCeiling(pgdb.url);
      const settings = await db.client.query(
        `select name, setting from pg_settings where name in ('max_connections', 'superuser_reserved_connections')`,
      );
      out.pgSettings = Object.fromEntries(settings.rows.map((r) => [r.name, Number(r.setting)]));
      const rooms = await db.client.query(
        `select count(*)::int as rooms, avg(l.period_seconds)::float as period
           from lottery_rooms r join lotteries l on l.id = r.lottery_id where r.enabled = 1 and l.enabled = 1`,
      );
      out.rooms = rooms.rows[0];
      return out;
    } finally {
      await db.close();
      await server.stop();
    }
  } finally {
    await pgdb.drop();
  }
}

export async function benchCapacity() {
  const t0 = Date.now();
  let one;
  try {
    one = await oneProcess();
  } catch (err) {
    if (/ECONNREFUSED|not reachable|connect/.test(String(err.message))) {
      console.log(`\n(capacity: PostgreSQL not reachable: ${err.message}; skipped)`);
      return null;
    }
    throw err;
  }
  printOne(one, ONE);
  const four = await fourProcesses({ one, share: SHARE, portFrom: PORT_FROM, lotteryPeriod });
  const model = arithmetic(one, four);
  console.log(
    `\n(capacity: ${fmt((Date.now() - t0) / 1000, 0)} s; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  return { one, four, model, predictShare: predict(one, SHARE) };
}
