// The four-process run of bench/capacity.mjs and the arithmetic for a large audience. Every figure
// of the arithmetic comes from the measurement (the `one` object of capacity.mjs) and the assumptions
// below (CAP_* environment), never typed in.
import os from 'node:os';
import { report } from './capacity-report.mjs';
import { DURATION_S, fmt, freshPostgres, line, SETTLE_MS, sleep, startServer } from './common.mjs';
import {
  BALANCE_POLL_MS,
  bet,
  dbWatch,
  firstVenue,
  meter,
  openLoop,
  openRoom,
  openRound,
  PING_MS,
  pollApp,
  pollBalance,
  POOL_SIZE,
  progress,
  SITE_POLL_MS,
  stats,
  transfer,
} from './capacity-load.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
/** The audience of issue 18 and how it behaves (assumptions; override with the environment). */
export const AUDIENCE = {
  online: env('CAP_ONLINE', 100_000),
  inRooms: env('CAP_IN_ROOMS', 20_000),
  betsPerRound: env('CAP_BETS_PER_ROUND', 1), // per member in a room, per round of its lottery
  chatPerMinute: env('CAP_CHAT_PER_MIN', 1), // chat lines per member in a room, per minute
  transfersPerHour: env('CAP_TRANSFERS_PER_HOUR', 2), // per member online
  targetShare: env('CAP_TARGET_SHARE', 0.6), // of one core per process: the rest is headroom
  pgCores: env('CAP_PG_CORES', os.cpus().length), // cores PostgreSQL has to itself
};
const pollsPerMemberS = 1000 / BALANCE_POLL_MS + 1000 / SITE_POLL_MS;

/* Four processes on one PostgreSQL ----------------------------------------------------------------- */

/** Seconds of load before a mixed load is metered. */
const WARM_UP_S = Number(process.env.CAP_WARM_UP_S ?? 5);

/** Opens one process's sockets and reads what its calls need; `run()` then puts its share of the load on it. */
async function prepareOne(server, members, share, clock) {
  const pollers = members.slice(0, share.pollers);
  const sockets = members.slice(share.pollers, share.pollers + share.sockets);
  const tm = members.slice(share.pollers + share.sockets, share.pollers + share.sockets + share.loopMembers);
  const bm = members.slice(share.pollers + share.sockets + share.loopMembers);
  const room = await openRoom(server.port, 1, sockets, clock.onChat);
  const venue = await firstVenue(server.base, tm[0]);
  const expect = await openRound(server.base, bm[0], 1);
  const pick = (list, i) => list[i % list.length];
  const run = async (seconds) => {
    const s = { bal: stats(), app: stats(), transfer: stats(), bet: stats() };
    await Promise.all([
      openLoop((share.pollers * 1000) / BALANCE_POLL_MS, seconds, async (i) =>
        s.bal.add(await pollBalance(server.base, pick(pollers, i))),
      ),
      openLoop((share.pollers * 1000) / SITE_POLL_MS, seconds, async (i) =>
        s.app.add(await pollApp(server.base, pick(pollers, i * 7))),
      ),
      openLoop(share.transferRate, seconds, async (i) =>
        s.transfer.add(await transfer(server.base, pick(tm, i), venue)),
      ),
      openLoop(share.betRate, seconds, async (i) =>
        s.bet.add(await bet(server.base, pick(bm, i), 1, expect)),
      ),
      openLoop(share.chatRate, seconds, async (i) => clock.send(room, i)),
    ]);
    return s;
  };
  return { run, close: () => room.close() };
}

export async function fourProcesses({ one, share, portFrom, lotteryPeriod }) {
  const P = 4;
  const env = { LOTTERY_PERIOD_SECONDS: String(lotteryPeriod(DURATION_S + 120)) };
  const per = share.pollers + share.sockets + 2 * share.loopMembers;
  const pgdb = await freshPostgres();
  const servers = [];
  progress('four processes: seeding and starting');
  try {
    // The first migrates and seeds alone; the others start together on the seeded database.
    const first = await startServer({
      members: per * P,
      cents: 1_000_000_00,
      databaseUrl: pgdb.url,
      env,
      portFrom,
    });
    servers.push(first);
    const more = [1, 2, 3].map((k) =>
      startServer({ databaseUrl: pgdb.url, seeded: first.members, env, portFrom: portFrom + 10 * k }),
    );
    servers.push(...(await Promise.all(more)));
    const db = await dbWatch(pgdb.url);
    try {
      progress('four processes started; settling');
      await sleep(SETTLE_MS);
      const lists = servers.map((_, k) => first.members.slice(k * per, (k + 1) * per));
      const m = await mixedLoad(servers, lists, share, db, 11_000);
      m.r.xacts -= P * one.idle.xacts * 11; // the idle servers' own while waiting for the counts
      return report(one, share, P, m);
    } finally {
      await db.close();
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await pgdb.drop();
  }
}

/**
 * `share` of the mixed load on each of `servers` at once (members `lists[k]` on server k), metered.
 * `statsWaitMs` > 0: waits that long before and after for exact pg_stat_database counts.
 */
export async function mixedLoad(servers, lists, share, db, statsWaitMs = 0) {
  let sentAt = new Map();
  let lat = [];
  let latAt = [];
  let seq = 0;
  const clock = {
    onChat: (n, at) => {
      if (!sentAt.has(n)) return;
      lat.push(at - sentAt.get(n));
      latAt.push(at);
    },
    send: async (room, i) => {
      sentAt.set(seq, performance.now());
      room.send(i, seq++);
    },
  };
  const loads = await Promise.all(servers.map((s, k) => prepareOne(s, lists[k], share, clock)));
  // The sockets' handshakes reach pg_stat_database before the count starts.
  await sleep(Math.max(1000, statsWaitMs));
  // Unmetered first seconds of the same load, and the metered run straight after it: the pools open
  // their connections and the code warms up. (Four fresh processes held nearly every call of the first
  // second over 100 ms; after a pause, the pools' idle connections are gone again.) Under load a
  // backend reports its transactions within a second: the count may include ≤ 1 s of the warm-up.
  await Promise.all(loads.map((l) => l.run(WARM_UP_S)));
  [sentAt, lat, latAt] = [new Map(), [], []];
  const first = seq;
  const stop = await meter(servers, db, { settle: false });
  const results = await Promise.all(loads.map((l) => l.run(DURATION_S)));
  await sleep(1000); // the last messages reach every socket
  const r = await stop({ statsWaitMs });
  for (const l of loads) l.close();
  return {
    r,
    results,
    room: { delivered: lat.length, expected: (seq - first) * share.sockets * servers.length, lat, at: latAt },
  };
}

/* The arithmetic ------------------------------------------------------------------------------------ */

/** Node cores needed on `P` processes: every process parses every other process's room notification. */
function nodeCores(load, one, P) {
  const { polling: p, room: r, transfers: t, bets: b, idle } = one;
  return (
    P * idle.cpu +
    load.online * p.cpuPerMemberS +
    load.pings * (r.pingCpuMs / 1000) +
    load.chats * (r.publishCpuMs / 1000) +
    load.deliveries * (r.deliveryCpuUs / 1e6) +
    (P - 1) * load.messages * (r.remoteCpuUs / 1e6) +
    load.transfers * (t.cpuMs / 1000) +
    load.bets * (b.cpuMs / 1000)
  );
}

export function arithmetic(one, four) {
  const a = AUDIENCE;
  const { polling: p, room: r, transfers: t, bets: b, idle, statements: st } = one;
  const rooms = one.rooms.rooms;
  const period = one.rooms.period;
  const perRoom = a.inRooms / rooms;
  const load = {
    online: a.online,
    polls: a.online * pollsPerMemberS,
    pings: a.inRooms / (PING_MS / 1000),
    chats: (a.inRooms * a.chatPerMinute) / 60,
    bets: (a.inRooms * a.betsPerRound) / period,
    transfers: (a.online * a.transfersPerHour) / 3600,
  };
  load.messages = load.chats + load.bets + (2 * rooms) / period; // + each round's opening and draw notices
  load.deliveries = load.messages * perRoom;
  // The fewest processes that carry it at targetShare each (a process also hears every other's messages).
  let P = 1;
  while (nodeCores(load, one, P) > P * a.targetShare && P < 10_000) P++;
  const cores = nodeCores(load, one, P);
  const pollKb = ((p.rss - idle.rss) * 1024) / p.members;
  // A socket's RSS is within the collector's noise (−6 to +13 KB a socket over runs): never below 0.
  const socketKb = Math.max(0, r.rssPerSocketKb);
  const rssPerProcess = idle.rss + ((a.online / P) * pollKb + (a.inRooms / P) * socketKb) / 1024;
  const connections = P * (POOL_SIZE + 1);
  const connLimit = one.pgSettings.max_connections - one.pgSettings.superuser_reserved_connections;
  const xacts =
    P * idle.xacts +
    a.online * p.xactsPerMemberS +
    load.chats * r.xactsPerMessage +
    load.transfers * t.xacts +
    load.bets * b.xacts;
  const perMemberStatements = (k) =>
    st.balance[k] * (1000 / BALANCE_POLL_MS) + st.app[k] * (1000 / SITE_POLL_MS);
  const sql = (k) =>
    P * st.idle[k] +
    a.online * perMemberStatements(k) +
    load.chats * st.chat[k] +
    load.transfers * st.transfer[k] +
    load.bets * st.bet[k];
  const notifies = load.messages * r.notifiesPerMessage;
  const pgCores =
    P * idle.pg +
    a.online * p.pgPerMemberS +
    load.chats * (r.publishPgMs / 1000) +
    load.transfers * (t.pgMs / 1000) +
    load.bets * (b.pgMs / 1000);
  const fanIn = load.messages * (r.remoteCpuUs / 1e6);
  const limits = [
    { name: 'PostgreSQL connections', need: connections, limit: connLimit, unit: '' },
    { name: 'NOTIFY/s (ceiling measured here)', need: notifies, limit: one.notifyCeiling.rate, unit: '/s' },
    { name: `PostgreSQL CPU (cores, of ${a.pgCores})`, need: pgCores, limit: a.pgCores, unit: '' },
    { name: 'notifications each process parses', need: fanIn, limit: a.targetShare, unit: ' core' },
  ].map((l) => ({ ...l, use: l.need / l.limit }));
  const first = limits.reduce((x, y) => (y.use > x.use ? y : x));

  console.log(
    `\nArithmetic: ${a.online.toLocaleString('en')} members online, ${a.inRooms.toLocaleString('en')} of them in ${rooms} lottery rooms ` +
      `(${fmt(perRoom, 0)} each; rounds of ${fmt(period, 0)} s on average); assumptions: ${a.betsPerRound} bet per member per round, ` +
      `${a.chatPerMinute} chat line per member per minute, ${a.transfersPerHour} transfers per member per hour, processes at ≤ ${fmt(a.targetShare * 100, 0)}% of a core`,
  );
  line(
    'polls/s (balance + site info)',
    fmt(load.polls, 0),
    `${a.online} × (1000/${BALANCE_POLL_MS} + 1000/${SITE_POLL_MS})`,
  );
  line(
    'room messages/s (chat + bets + notices)',
    fmt(load.messages, 0),
    `${fmt(load.messages / rooms, 1)} per room`,
  );
  line('deliveries/s (message × sockets)', fmt(load.deliveries, 0), `pings ${fmt(load.pings, 0)}/s`);
  line('transfers/s, bets/s', `${fmt(load.transfers, 0)}, ${fmt(load.bets, 0)}`);
  line('per process at target: members polling', fmt(a.targetShare / p.cpuPerMemberS, 0), 'or each of:');
  line('— room deliveries/s', fmt(a.targetShare / (r.deliveryCpuUs / 1e6), 0));
  line(
    '— transfers/s, bets/s',
    `${fmt(a.targetShare / (t.cpuMs / 1000), 0)}, ${fmt(a.targetShare / (b.cpuMs / 1000), 0)}`,
  );
  line('processes (Node cores in use)', `${P} (${fmt(cores, 1)})`, `RSS ≈ ${fmt(rssPerProcess, 0)} MB each`);
  line(
    'PostgreSQL connections',
    `${connections}`,
    `${P} × (pool ${POOL_SIZE} + 1 LISTEN); limit ${connLimit}`,
  );
  line('PostgreSQL transactions/s', fmt(xacts, 0));
  line(
    'PostgreSQL statements/s (round trips)',
    `${fmt(sql('statements'), 0)} (${fmt(sql('roundTrips'), 0)})`,
  );
  line(
    'NOTIFY/s; notifications delivered/s',
    `${fmt(notifies, 0)}; ${fmt(notifies * P, 0)}`,
    `each NOTIFY goes to all ${P} listeners`,
  );
  line('PostgreSQL CPU', `${fmt(pgCores, 1)} cores`, 'backends only (no WAL writer, checkpointer)');
  for (const l of limits)
    line(
      `limit: ${l.name}`,
      `${fmt(l.use * 100, 0)}%`,
      `${fmt(l.need, 1)} of ${fmt(l.limit, 1)}${l.unit}`,
      l.use <= 1,
    );
  console.log(`  first limit: ${first.name} (${fmt(first.use * 100, 0)}% of it)`);
  return {
    audience: a,
    load,
    processes: P,
    nodeCores: cores,
    rssPerProcess,
    connections,
    connLimit,
    xacts,
    statements: sql('statements'),
    roundTrips: sql('roundTrips'),
    notifies,
    pgCores,
    limits,
    first: first.name,
    four: Boolean(four),
  };
}
