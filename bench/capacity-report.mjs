// What bench/capacity.mjs prints of its measurements, and the four-process run's predictions.
import os from 'node:os';
import { DURATION_S, fmt, line, percentile } from './common.mjs';
import { BALANCE_POLL_MS, PING_MS, SITE_POLL_MS } from './capacity-load.mjs';

const pollsPerMemberS = 1000 / BALANCE_POLL_MS + 1000 / SITE_POLL_MS;

/** One process's predicted Node CPU (cores), PostgreSQL CPU and transactions/s under `share`, on `P` processes. */
export function predict(one, share, P = 4) {
  const { polling: p, room: r, transfers: t, bets: b, idle } = one;
  const msgsPerProcess = share.chatRate + share.betRate;
  const deliveries = P * msgsPerProcess * share.sockets; // every message of the room reaches this process's sockets
  const cpu =
    idle.cpu +
    share.pollers * p.cpuPerMemberS +
    (share.sockets / (PING_MS / 1000)) * (r.pingCpuMs / 1000) +
    share.chatRate * (r.publishCpuMs / 1000) +
    deliveries * (r.deliveryCpuUs / 1e6) +
    (P - 1) * msgsPerProcess * (r.remoteCpuUs / 1e6) +
    share.transferRate * (t.cpuMs / 1000) +
    share.betRate * (b.cpuMs / 1000);
  const pg =
    idle.pg +
    share.pollers * p.pgPerMemberS +
    share.chatRate * (r.publishPgMs / 1000) +
    share.transferRate * (t.pgMs / 1000) +
    share.betRate * (b.pgMs / 1000);
  const xacts =
    idle.xacts +
    share.pollers * p.xactsPerMemberS +
    share.chatRate * r.xactsPerMessage +
    share.transferRate * t.xacts +
    share.betRate * b.xacts;
  return { cpu, pg, xacts };
}

const SLOW_MS = 100;
/** The calls of a mixed load's `stats()`, by their keys. */
const CALLS = ['bal', 'app', 'transfer', 'bet'];

/**
 * p99 of each kind of call in a mixed load, and when the calls over SLOW_MS answered (by second of the
 * run): slow calls bunched in a few seconds point to a stall of everything, spread ones to queueing.
 */
export function latencies({ r, results, room }) {
  const all = (k) => results.flatMap((x) => x[k].ms);
  const slowAt = [
    ...results.flatMap((x) => CALLS.flatMap((k) => x[k].at.filter((_, i) => x[k].ms[i] > SLOW_MS))),
    ...room.at.filter((_, i) => room.lat[i] > SLOW_MS),
  ];
  const perSecond = new Map();
  for (const at of slowAt) {
    const second = Math.floor((at - r.t0) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  const worst = [...perSecond].sort((a, b) => b[1] - a[1]).slice(0, 3);
  const calls = CALLS.reduce((t, k) => t + all(k).length, 0) + room.lat.length;
  return {
    balance: percentile(all('bal'), 99),
    transfer: percentile(all('transfer'), 99),
    bet: percentile(all('bet'), 99),
    room: percentile(room.lat, 99),
    calls,
    slow: slowAt.length,
    secondsWithSlow: perSecond.size,
    worst: worst.map(([second, n]) => ({ second, n })),
    machineBusy: r.machineBusy,
    generatorCpu: r.generatorCpu,
    generatorDelay: r.generatorDelay,
  };
}

/** Prints what `latencies` found. */
function printLatencies(label, l) {
  line(
    `${label}: balance / transfer / bet / room p99`,
    [l.balance, l.transfer, l.bet, l.room].map((v) => fmt(v, 1)).join(' / ') + ' ms',
  );
  line(
    `— calls over ${SLOW_MS} ms`,
    `${l.slow} of ${l.calls}`,
    l.slow
      ? `in ${l.secondsWithSlow} s of the run; worst ${l.worst.map((w) => `s${w.second}: ${w.n}`).join(', ')}`
      : '',
  );
  line(
    '— machine busy / generator CPU',
    `${fmt(l.machineBusy * 100, 0)}% of ${os.cpus().length} cores / ${fmt(l.generatorCpu * 100, 0)}% of a core`,
    `generator's event-loop delay p99 ${fmt(l.generatorDelay.p99, 1)} ms, max ${fmt(l.generatorDelay.max, 0)} ms`,
  );
}

/** The four-process figures next to what the one-process figures predict. */
export function report(one, share, P, { r, results, room }) {
  const pred = predict(one, share, P);
  const single = one.mixed;
  // The same share on one process, plus what the other processes' room messages add here.
  const fromSingle =
    single.cpu[0] / single.seconds +
    (P - 1) *
      (share.chatRate + share.betRate) *
      (share.sockets * (one.room.deliveryCpuUs / 1e6) + one.room.remoteCpuUs / 1e6);
  const sum = (f) => results.reduce((t, x) => t + f(x), 0);
  const rate = (k) => sum((x) => x[k].ms.length) / r.seconds;
  const lat = latencies({ r, results, room });
  const errors = sum((x) => CALLS.reduce((t, k) => t + x[k].errors, 0));
  const measuredCpu = r.cpu.map((c) => c / r.seconds);
  const out = {
    processes: P,
    share,
    seconds: r.seconds,
    pollsPerS: rate('bal') + rate('app'),
    expectedPollsPerS: P * share.pollers * pollsPerMemberS,
    transfersPerS: rate('transfer'),
    betsPerS: rate('bet'),
    balanceP99: lat.balance,
    transferP99: lat.transfer,
    betP99: lat.bet,
    roomP99: lat.room,
    latency: lat,
    singleLatency: single.latency,
    delivered: room.delivered,
    expected: room.expected,
    errors,
    refused: sum((x) => x.bet.refused),
    cpu: measuredCpu,
    predictedCpu: pred.cpu,
    fromSingleCpu: fromSingle,
    singlePgCpu: single.pgCpu / single.seconds,
    pgCpu: r.pgCpu / r.seconds,
    predictedPgCpu: P * pred.pg,
    xactsPerS: r.xacts / r.seconds,
    predictedXactsPerS: P * pred.xacts,
    notifiesPerS: r.notifies / r.seconds,
    rss: r.rss,
  };
  console.log(
    `\nFour processes on one PostgreSQL, ${fmt(r.seconds, 0)} s; each: ${share.pollers} members polling, ${share.sockets} sockets in room 1, ` +
      `${share.chatRate} chat/s, ${share.transferRate} transfers/s, ${share.betRate} bets/s (open loops). ` +
      `Kept small: four servers, PostgreSQL and this generator share ${os.cpus().length} cores.`,
  );
  line('polls/s (sum) / offered', `${fmt(out.pollsPerS, 0)} / ${fmt(out.expectedPollsPerS, 0)}`);
  line(
    'transfers/s, bets/s (sum)',
    `${fmt(out.transfersPerS, 1)}, ${fmt(out.betsPerS, 1)}`,
    `offered ${P * share.transferRate}, ${P * share.betRate}`,
  );
  line('balance p99', `${fmt(out.balanceP99, 1)} ms`, 'bar ≤ 20 ms', out.balanceP99 <= 20);
  line(
    'transfer p99 / bet p99',
    `${fmt(out.transferP99, 1)} / ${fmt(out.betP99, 1)} ms`,
    'bar (transfers) ≤ 50 ms',
    out.transferP99 <= 50,
  );
  line(
    'room: delivered / expected (chat)',
    `${room.delivered} / ${room.expected}`,
    'bar: all',
    room.delivered === room.expected,
  );
  line(
    'room p99 send → receive (any process)',
    `${fmt(out.roomP99, 1)} ms`,
    'bar ≤ 100 ms',
    out.roomP99 <= 100,
  );
  line('errors / bets refused', `${errors} / ${out.refused}`, '', errors === 0 ? null : false);
  printLatencies('four processes', lat);
  printLatencies('the same share on one process', single.latency);
  line(
    'Node CPU per process, measured',
    measuredCpu.map((c) => `${fmt(c * 100, 1)}%`).join(' '),
    `model ${fmt(pred.cpu * 100, 1)}%; 1 process + others' messages ${fmt(fromSingle * 100, 1)}%`,
  );
  line(
    'PostgreSQL backends CPU',
    `${fmt(out.pgCpu * 100, 1)}%`,
    `model ${fmt(out.predictedPgCpu * 100, 1)}%; 4 × 1 process ${fmt(P * out.singlePgCpu * 100, 1)}%`,
  );
  line(
    'PostgreSQL transactions/s',
    fmt(out.xactsPerS, 0),
    `predicted ${fmt(out.predictedXactsPerS, 0)} (sum of 4)`,
  );
  line(
    'NOTIFY heard/s (one listener)',
    fmt(out.notifiesPerS, 1),
    `room messages offered ${P * (share.chatRate + share.betRate)}/s`,
  );
  line('RSS per process', r.rss.map((m) => `${fmt(m, 0)}`).join(' ') + ' MB');
  return out;
}

/** The one-process figures; `o` is what capacity.mjs measured, `ONE` its loads. */
export function printOne(o, ONE) {
  const p = o.polling;
  const r = o.room;
  console.log(
    `\nCapacity, one process on PostgreSQL (${DURATION_S} s per load; LOTTERY_PERIOD_SECONDS=${o.period}, no draw meanwhile)`,
  );
  line(
    'idle: Node CPU / PG CPU / xacts',
    `${fmt(o.idle.cpu * 100, 1)}% / ${fmt(o.idle.pg * 100, 1)}% / ${fmt(o.idle.xacts, 1)}/s`,
    `RSS ${fmt(o.idle.rss, 0)} MB`,
  );
  line(
    `polling: ${p.members} members`,
    `${fmt(p.requestsPerS, 0)} req/s`,
    `balance every ${BALANCE_POLL_MS} ms, app every ${SITE_POLL_MS} ms`,
  );
  line(
    '— balance p50 / p99',
    `${fmt(p.balanceP50, 2)} / ${fmt(p.balanceP99, 1)} ms`,
    'bar p99 ≤ 20 ms',
    p.balanceP99 <= 20,
  );
  line('— errors', p.errors, '', p.errors === 0 ? null : false);
  line(
    '— Node / PG CPU per member online',
    `${fmt(p.cpuPerMemberS * 1e6, 0)} / ${fmt(p.pgPerMemberS * 1e6, 0)} µs/s`,
    `process at ${fmt(p.cpuShare * 100, 0)}% of a core`,
  );
  line('— transactions per member online', `${fmt(p.xactsPerMemberS, 2)}/s`, `RSS ${fmt(p.rss, 0)} MB`);
  line(
    `room: ${r.sockets} sockets`,
    `${fmt(r.rssPerSocketKb, 0)} KB RSS each`,
    `RSS with them ${fmt(r.rssWithSockets, 0)} MB${r.rssPerSocketKb < 0 ? ' (collector noise; counted as 0)' : ''}`,
  );
  line('— CPU per ping', `${fmt(r.pingCpuMs * 1000, 1)} µs`, `a ping every ${PING_MS} ms per socket`);
  line(
    '— CPU per chat message published',
    `${fmt(r.publishCpuMs, 2)} ms`,
    `PG ${fmt(r.publishPgMs, 2)} ms, ${fmt(r.xactsPerMessage, 1)} xacts`,
  );
  line('— CPU per delivery (per socket)', `${fmt(r.deliveryCpuUs, 1)} µs`);
  line(
    '— CPU per notification from elsewhere',
    `${fmt(r.remoteCpuUs, 1)} µs`,
    'another process’s message, no socket here',
  );
  line('— NOTIFY per room message', fmt(r.notifiesPerMessage, 2));
  line(
    '— delivered / expected (big room)',
    `${r.delivered} / ${r.expected}`,
    'bar: all',
    r.delivered === r.expected,
  );
  line(
    '— p50 / p99 send → receive',
    `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)} ms`,
    'bar p99 ≤ 100 ms',
    r.p99 <= 100,
  );
  for (const [name, t] of [
    ['transfers', o.transfers],
    ['bets', o.bets],
  ]) {
    line(
      `${name}: ${ONE.loops} members, closed loop`,
      `${fmt(t.perS, 0)}/s`,
      `process at ${fmt(t.cpuShare * 100, 0)}% of a core`,
    );
    line('— p50 / p99', `${fmt(t.p50, 1)} / ${fmt(t.p99, 1)} ms`);
    line('— Node / PG CPU per call', `${fmt(t.cpuMs, 2)} / ${fmt(t.pgMs, 2)} ms`, `${fmt(t.xacts, 1)} xacts`);
    line('— errors / refused', `${t.errors} / ${t.refused}`, '', t.errors === 0 ? null : false);
    for (const s of t.sample) console.log(`       e.g. ${s}`);
  }
  const st = o.statements;
  line(
    'statements / round trips / xacts per call',
    ['balance', 'app', 'transfer', 'bet', 'chat']
      .map((k) => `${k} ${fmt(st[k].statements, 1)}/${fmt(st[k].roundTrips, 1)}/${fmt(st[k].xacts, 1)}`)
      .join(', '),
  );
  line('— idle statements', `${fmt(st.idle.statements, 1)}/s`);
  line('NOTIFY ceiling (8 senders, 1 listener)', `${fmt(o.notifyCeiling.rate, 0)}/s`, 'this machine, shared');
  const mx = o.mixed;
  line(
    'the four-process share on this process',
    `Node ${fmt((mx.cpu[0] / mx.seconds) * 100, 1)}%, PG ${fmt((mx.pgCpu / mx.seconds) * 100, 1)}%`,
    'see below',
  );
  line('RSS peak', `${fmt(Math.max(o.room.peak, o.bets.peak), 0)} MB`);
}
