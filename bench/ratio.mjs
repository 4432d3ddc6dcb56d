// `npm run bench -- ratio` (issue 35): the money calls as a share of what this machine's PostgreSQL does
// on its own. pgbench's TPC-B (10 clients, 20 s, scale 10) runs before and after; between them, 10
// clients in a closed loop make transfers (central → venue, 1.00), then lottery bets (1.00 on 大 in an
// open round), each client as 100 members in turn, through one server process on a fresh database.
// A share compares like with like on the same cores in the same minutes, where a bare "per second"
// moves with the machine and whatever else it runs. Bars: transfers ≥ 50 %, bets ≥ 35 % of TPC-B.
import { spawnSync } from 'node:child_process';
import { closedLoop, firstVenue, lotteryPeriod, openRound, bet, stats, transfer } from './capacity-load.mjs';
import { fmt, freshPostgres, line, SETTLE_MS, sleep, startServer } from './common.mjs';

const CLIENTS = 10;
/** Members the clients take turns with: a member may place 200 lines per round (the seed's cap). */
const MEMBERS = 1000;
const SECONDS = Number(process.env.BENCH_RATIO_S ?? 20);
/** 加拿大28 新手房: a type 2 room, where play 201 (大) is offered (as bench/capacity.mjs). */
const ROOM = 1;

/** TPC-B by pgbench on a fresh database: transactions per second (without connection time). */
async function tpcb() {
  const db = await freshPostgres();
  try {
    const init = spawnSync('pgbench', ['-i', '-s', '10', '-q', db.url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i: ${init.stderr || init.error?.message}`);
    const run = spawnSync(
      'pgbench',
      ['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), db.url],
      {
        encoding: 'utf8',
      },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
    if (run.status !== 0 || !tps) throw new Error(`pgbench: ${run.stderr || run.stdout}`);
    return Number(tps);
  } finally {
    await db.drop();
  }
}

/** `fire(member)` by CLIENTS members in a closed loop for SECONDS on a fresh server and database. */
async function calls(prepare) {
  const db = await freshPostgres();
  // Long enough rounds that the one open now stays open through the warm-up and the measurement.
  const env = { LOTTERY_PERIOD_SECONDS: String(lotteryPeriod(SETTLE_MS / 1000 + SECONDS + 60)) };
  const server = await startServer({ members: MEMBERS, cents: 1_000_000_00, databaseUrl: db.url, env });
  try {
    await sleep(SETTLE_MS);
    const fire = await prepare(server);
    for (const m of server.members.slice(0, CLIENTS)) await fire(m); // warm-up: JIT, pool connections
    const s = stats();
    const turns = Array.from({ length: CLIENTS }, (_, w) => w);
    const start = performance.now();
    // Client w calls as members w, w + CLIENTS, w + 2 × CLIENTS, … in turn.
    await closedLoop(CLIENTS, SECONDS, async (w) => {
      const m = server.members[turns[w] % MEMBERS];
      turns[w] += CLIENTS;
      s.add(await fire(m));
    });
    const seconds = (performance.now() - start) / 1000;
    return {
      perSecond: s.ms.length / seconds,
      p99: s.p(99),
      errors: s.errors,
      refused: s.refused,
      sample: s.sample,
    };
  } finally {
    await server.stop();
    await db.drop();
  }
}

export async function benchRatio() {
  const before = await tpcb();
  const transfers = await calls(async (server) => {
    const venue = await firstVenue(server.base, server.members[0]);
    return (m) => transfer(server.base, m, venue);
  });
  const bets = await calls(async (server) => {
    const round = await openRound(server.base, server.members[0], ROOM);
    return (m) => bet(server.base, m, ROOM, round);
  });
  const after = await tpcb();
  const tps = (before + after) / 2;
  console.log(
    `\nMoney calls against PostgreSQL's own TPC-B (pgbench, ${CLIENTS} clients, ${SECONDS} s each)`,
  );
  line('TPC-B before / after', `${fmt(before, 0)} / ${fmt(after, 0)} tps`);
  for (const [name, r, bar] of [
    ['transfers', transfers, 50],
    ['bets', bets, 35],
  ]) {
    const share = (100 * r.perSecond) / tps;
    line(`${name}/s (p99)`, `${fmt(r.perSecond, 0)} (${fmt(r.p99, 1)} ms)`);
    line(`${name}: share of TPC-B`, `${fmt(share, 0)} %`, `bar ≥ ${bar} %`, share >= bar);
    line(
      `${name}: errors / refused`,
      `${r.errors} / ${r.refused}`,
      '',
      r.errors + r.refused === 0 ? null : false,
    );
    for (const s of r.sample) console.log(`       e.g. ${s}`);
  }
  return { tps: { before, after }, transfers, bets };
}
