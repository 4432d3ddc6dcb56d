/* eslint-disable max-lines -- longer than 400 lines because it is one crash scenario, one test: the traffic, the kill, the
 * restart, the retries and the checks that follow all read the same requests and the same database, so
 * the checks cannot run without the traffic before them, and a split would only cut one test in two
 * files (moving out only the process helpers, startServer and until, would still leave it over 400). */
/**
 * A server killed (SIGKILL) in the middle of money traffic and restarted (quality.md 'Money and
 * data'; issue 7, issue 13 item 5). PostgreSQL only (server-pg project): a fresh database, a real
 * server process as `npm start` runs it with rounds of 5 s; four members send transfers, withdrawals
 * and lottery orders concurrently, each with its own Idempotency-Key and an amount no other request
 * of that member uses (so each effect names its request). The process is killed mid-traffic and
 * started again; every request is retried with its key and body; a draw settles the orders. Then:
 * - the ledger check holds (no wallet negative, every wallet = its entries, entries sum to 0);
 * - no key is left claimed without a reply (the claim commits with the money, idempotency.ts);
 * - every retry answers without 409 or 5xx: an answered request replays its reply byte for byte; one
 *   in flight at the kill either replays (its transaction had committed) or runs now;
 * - every request whose final answer is a success has its effect exactly once, every refused one
 *   none; a second retry replays the first retry;
 * - 20 identical requests with one key at once, on the restarted server: one effect, 20 identical replies;
 * - every lottery line is settled exactly once: one valid bet per member and settled round, payout 0 or
 *   stake × odds, each winning line paid by exactly one lottery_win movement (its member's wins of
 *   one settlement batch, of the payouts of the lines it names).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { payoutCents } from '@app/contract/lottery-rules';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_ROOT } from '../../src/core/config';
import { postgresHandle, type DatabaseHandle } from '../../src/db/client';
import { CENTRAL_VENUE } from '../../src/db/schema/wallets';
import { winsPaidOnce } from '../../src/modules/lottery/test-support';
import { credit, ledgerCheck } from '../../src/modules/wallet/ledger';
import { withDatabase } from '../provided';
import { sleep } from './support';

const info = inject('serverTestDb');
const adminUrl = info.kind === 'postgres' ? info.adminUrl : undefined;

const PERIOD_SECONDS = 5;
const MEMBERS = 4;
const PAY = 'pay135790';
/** Traffic before the kill. */
const TRAFFIC_MS = 2500;

interface Server {
  child: ChildProcess;
  out: { text: string };
  base: string;
  exited: Promise<void>;
}

async function until<T>(what: string, get: () => Promise<T | null | undefined | false>, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      CONSOLE_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOTTERY_PERIOD_SECONDS: String(PERIOD_SECONDS),
      // The traffic is money traffic, not a flood: each member's orders come back to back.
      RATE_LIMIT_ORDERS_PER_SECOND: '1000',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { text: '' };
  child.stdout?.on('data', (d: Buffer) => (out.text += d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => (out.text += d.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await until(
    'the server to listen',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${out.text}`);
      return /Server ready: (http:\/\/\S+)/.exec(out.text)?.[1];
    },
    30_000,
  );
  return { child, out, base, exited };
}

interface Sent {
  member: number;
  kind: 'transfer' | 'withdraw' | 'order';
  cents: bigint;
  key: string;
  body: unknown;
  /** 'ok' / 'refused' with the reply, or 'lost' (no reply: the process died). */
  outcome: 'ok' | 'refused' | 'lost';
  status?: number;
  text?: string;
  retry?: { status: number; text: string };
}

const yuan = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

describe.runIf(adminUrl)('a server killed in the middle of money traffic', () => {
  const dbName = `kill_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sigkill-'));
  let url = '';
  let server: Server | null = null;
  let database: DatabaseHandle | null = null;

  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  const dbOf = () => {
    if (!database) throw new Error('no database');
    return database.db;
  };
  const rows = async <T>(query: SQL): Promise<T[]> => {
    if (!database) throw new Error('no database');
    return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  };
  const call = async (path: string, body: unknown, token?: string, key?: string, method = 'POST') => {
    if (!server) throw new Error('no server');
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, text: await res.text() };
  };
  const data = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const r = await call(path, body, token);
    const json = JSON.parse(r.text) as { code: number; message: string; data: T };
    if (json.code !== 200) throw new Error(`${path}: ${r.text}`);
    return json.data;
  };

  beforeAll(async () => {
    await admin(`create database "${dbName}"`);
    url = withDatabase(adminUrl ?? '', dbName);
    server = await startServer(url, dataDir);
    database = postgresHandle(url, 3);
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, sleep(10_000)]);
    }
    await database?.close();
    await admin(`drop database if exists "${dbName}" with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('keeps the ledger, every acknowledged effect once and every order settled once', async () => {
    const started = Date.now();
    // Members with money, a bank card, a mobile and a pay password.
    const members: { id: number; token: string; card: number }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const name = `k${i}${randomBytes(4).toString('hex')}`;
      const reg = await data<{ api_token: string }>('/api/register', {
        name,
        password: 'secret123',
        confirmPass: 'secret123',
        paypassword: PAY,
        code: 'abcd',
      });
      const token = reg.api_token;
      const id = (await data<{ id: number }>('/api/user', {}, token)).id;
      await data(
        '/api/bindcard',
        {
          bank: '招商银行',
          bank_owner: '张三',
          bank_no: `62220000${1000 + i}1111`,
          bank_address: '深圳',
          pay_pass: PAY,
        },
        token,
      );
      await data('/api/auth/updateuserinfo', { mobile: '13812345678' }, token);
      const card = (await data<{ id: number }[]>('/api/getcard', { type: 1 }, token))[0]?.id ?? 0;
      await credit(dbOf(), id, 2_000_000n);
      members.push({ id, token, card });
    }
    const [room] = await rows<{ id: number }>(sql`
      select r.id from lottery_rooms r join lotteries l on l.id = r.lottery_id
       where l.code = 'jnd28' and r.enabled = 1 order by r.id limit 1`);
    const roomId = room?.id ?? 0;

    // Traffic: per member, transfers, withdrawals and orders in three concurrent loops.
    const sent: Sent[] = [];
    let dead = false;
    const seq = members.map(() => 0n);
    const one = async (m: number, kind: Sent['kind'], body: (cents: bigint) => unknown) => {
      seq[m] = (seq[m] ?? 0n) + 1n;
      // Distinct per member: transfers 1.xx, orders 2.xx–, withdrawals 100.xx+ (xx = the sequence).
      const base = kind === 'withdraw' ? 10_000n : kind === 'order' ? 20_000n : 100n;
      const cents = base + (seq[m] ?? 0n) * 7n;
      const s: Sent = {
        member: m,
        kind,
        cents,
        key: randomBytes(12).toString('hex'),
        body: body(cents),
        outcome: 'lost',
      };
      sent.push(s);
      const path = { transfer: '/api/transfer', withdraw: '/api/withdraw', order: '/api/lotteryOrder' }[kind];
      try {
        const r = await call(path, s.body, members[m]?.token, s.key);
        s.status = r.status;
        s.text = r.text;
        const json = JSON.parse(r.text) as { code: number };
        s.outcome = json.code === 200 ? 'ok' : 'refused';
        expect(r.status).toBeLessThan(500);
      } catch (err) {
        if (!dead) throw err;
        s.outcome = 'lost';
      }
    };
    let expectNow = '';
    const refreshExpect = async (token: string) => {
      try {
        const r = await call(`/api/lotteryRoom?room_id=${roomId}`, undefined, token, undefined, 'GET');
        const d = JSON.parse(r.text) as { data: { lottery: { nowdata: { nextexpect: string } } } };
        expectNow = d.data.lottery.nowdata.nextexpect;
      } catch {
        /* the process died */
      }
    };
    // Start the traffic at the opening of a round (timeout = seconds to its draw; the last 2 are
    // closed), so orders have time to land before the kill.
    await until(
      'a round just opened',
      async () => {
        const r = await call(
          `/api/lotteryRoom?room_id=${roomId}`,
          undefined,
          members[0]?.token,
          undefined,
          'GET',
        );
        const d = JSON.parse(r.text) as {
          data: { lottery: { nowdata: { nextexpect: string; timeout: number } } };
        };
        expectNow = d.data.lottery.nowdata.nextexpect;
        return d.data.lottery.nowdata.timeout >= PERIOD_SECONDS - 1;
      },
      3 * PERIOD_SECONDS * 1000,
    );
    const loops: Promise<void>[] = [];
    for (let m = 0; m < MEMBERS; m++) {
      const me = members[m];
      if (!me) continue;
      loops.push(
        (async () => {
          while (!dead)
            await one(m, 'transfer', (c) => ({
              amount: yuan(c),
              sourcetype: 'userbalance',
              targettype: 'AG',
            }));
        })(),
        (async () => {
          while (!dead)
            await one(m, 'withdraw', (c) => ({
              type: 'bank',
              amount: yuan(c),
              bank: me.card,
              password: PAY,
            }));
        })(),
        (async () => {
          while (!dead) {
            await one(m, 'order', (c) => ({
              room_id: roomId,
              expect: expectNow,
              order: [{ id: 201, total: yuan(c), data: [] }],
            }));
            if (m === 0) await refreshExpect(me.token);
          }
        })(),
      );
    }
    await sleep(TRAFFIC_MS);
    dead = true;
    server?.child.kill('SIGKILL');
    await Promise.all(loops);
    await server?.exited;
    const beforeRestart = {
      ok: sent.filter((s) => s.outcome === 'ok').length,
      refused: sent.filter((s) => s.outcome === 'refused').length,
      lost: sent.filter((s) => s.outcome === 'lost').length,
    };
    const refusals = new Map<string, number>();
    for (const s of sent.filter((x) => x.outcome === 'refused')) {
      const k = `${s.kind} ${(JSON.parse(s.text ?? '{}') as { message?: string }).message ?? ''}`;
      refusals.set(k, (refusals.get(k) ?? 0) + 1);
    }
    const refusedText = [...refusals].map(([k, n]) => `${n}× ${k}`).join(', ') || 'none';
    expect(beforeRestart.ok, refusedText).toBeGreaterThan(10);
    expect(beforeRestart.lost).toBeGreaterThan(0);

    // Restart. The kill left no claim without its reply: each was in the killed transaction.
    server = await startServer(url, dataDir);
    const stuck = await rows<{ key: string }>(sql`select key from idempotency_keys where status is null`);
    expect(stuck, 'keys claimed without a reply').toEqual([]);
    // Of the requests in flight, those whose transaction had committed (their reply is stored).
    const stored = new Set(
      (await rows<{ key: string }>(sql`select key from idempotency_keys`)).map((r) => r.key),
    );
    const lostCommitted = sent.filter((s) => s.outcome === 'lost' && stored.has(s.key)).length;
    // Retry every request with its key and body, all at once; then once more, which must replay.
    const pathOf = (s: Sent) =>
      ({ transfer: '/api/transfer', withdraw: '/api/withdraw', order: '/api/lotteryOrder' })[s.kind];
    await Promise.all(
      sent.map(async (s) => {
        s.retry = await call(pathOf(s), s.body, members[s.member]?.token, s.key);
      }),
    );
    const second = await Promise.all(
      sent.map((s) => call(pathOf(s), s.body, members[s.member]?.token, s.key)),
    );
    let ranOrReplayed = 0;
    sent.forEach((s, i) => {
      const retry = s.retry;
      if (!retry) throw new Error('no retry');
      expect(retry.status, retry.text).toBeLessThan(500);
      expect(retry.status, retry.text).not.toBe(409);
      expect([second[i]?.status, second[i]?.text]).toEqual([retry.status, retry.text]);
      if (s.outcome !== 'lost') {
        expect([retry.status, retry.text]).toEqual([s.status, s.text]);
        return;
      }
      const json = JSON.parse(retry.text) as { code: number; message: string };
      ranOrReplayed += 1;
      s.outcome = json.code === 200 ? 'ok' : 'refused';
    });

    // 20 identical transfers with one key at once: one effect, 20 identical replies.
    const dupCents = 99_901n;
    const dupKey = randomBytes(12).toString('hex');
    const dupBody = { amount: yuan(dupCents), sourcetype: 'userbalance', targettype: 'AG' };
    const dup = await Promise.all(
      Array.from({ length: 20 }, () => call('/api/transfer', dupBody, members[0]?.token, dupKey)),
    );
    expect(new Set(dup.map((r) => `${r.status} ${r.text}`)).size).toBe(1);
    expect(dup[0]?.status).toBe(200);
    sent.push({ member: 0, kind: 'transfer', cents: dupCents, key: dupKey, body: dupBody, outcome: 'ok' });

    // A draw settles every order.
    await until(
      'every order to be settled',
      async () => {
        const [r] = await rows<{ open: number }>(
          sql`select count(*)::int as open from lottery_orders where state = 'open'`,
        );
        return r?.open === 0;
      },
      3 * PERIOD_SECONDS * 1000,
    );

    // The ledger holds.
    const report = await ledgerCheck(dbOf());
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true, total: '0' });

    // Each request's effect, found by its amount: once when its final answer is a success, else none.
    for (let m = 0; m < MEMBERS; m++) {
      const id = members[m]?.id ?? 0;
      const effects = new Map<string, number>();
      const add = (kind: string, cents: string) =>
        effects.set(`${kind}:${cents}`, (effects.get(`${kind}:${cents}`) ?? 0) + 1);
      for (const r of await rows<{ c: string }>(sql`
        select (-e.amount_cents)::text as c from ledger_entries e join wallets w on w.id = e.wallet_id
         where w.user_id = ${id} and w.venue = ${CENTRAL_VENUE} and e.reason = 'transfer'`))
        add('transfer', r.c);
      for (const r of await rows<{ c: string }>(
        sql`select amount_cents::text as c from withdrawals where user_id = ${id}`,
      ))
        add('withdraw', r.c);
      for (const r of await rows<{ c: string }>(
        sql`select stake_cents::text as c from lottery_orders where user_id = ${id}`,
      ))
        add('order', r.c);
      const mine = sent.filter((s) => s.member === m);
      for (const s of mine) {
        const n = effects.get(`${s.kind}:${s.cents}`) ?? 0;
        const label = `${s.kind} ${yuan(s.cents)} (${s.outcome}): ${s.text ?? ''} / ${s.retry?.text ?? ''}`;
        expect(n, label).toBe(s.outcome === 'ok' ? 1 : 0);
      }
      const known = new Set(mine.map((s) => `${s.kind}:${s.cents}`));
      expect(
        [...effects.keys()].filter((k) => !known.has(k)),
        'effects of no request',
      ).toEqual([]);
    }

    // Every line settled once: one valid bet per member and round, payout 0 or stake × odds, one win entry per win.
    const lines = await rows<{
      id: string;
      user_id: number;
      stake: string;
      odds: number;
      state: string;
      payout: string;
    }>(sql`
      select id::text, user_id, stake_cents::text as stake, odds_hundredths as odds, state, payout_cents::text as payout
        from lottery_orders`);
    expect(lines.length, refusedText).toBeGreaterThan(0);
    for (const l of lines) {
      expect(['won', 'lost']).toContain(l.state);
      const win = String(payoutCents(Number(l.stake), l.odds / 100));
      expect([l.state === 'won' ? win : '0']).toContain(l.payout);
    }
    // Wins are paid per member and settlement batch, one movement naming the lines it pays.
    expect(await winsPaidOnce(rows)).toEqual({ wrong: [], unpaid: [] });
    const bets = await rows<{ user_id: number; n: number }>(sql`
      select user_id, count(*)::int as n from valid_bets where category = 'lottery' group by user_id order by user_id`);
    const settled = await rows<{ user_id: number; n: number }>(sql`
      select user_id, count(distinct round_id)::int as n from lottery_orders where state <> 'open' group by user_id order by user_id`);
    expect(bets).toEqual(settled);

    console.log(
      `sigkill: ${beforeRestart.ok + beforeRestart.refused + beforeRestart.lost} requests before the kill (${beforeRestart.ok} ok, ${beforeRestart.refused} refused, ` +
        `${beforeRestart.lost} lost; refused: ${refusedText}); after the restart no key was left claimed, every retry answered without 409 ` +
        `(of ${ranOrReplayed} lost ones, ${lostCommitted} had committed and replayed, the others ran now; ` +
        `each with its effect once or not at all); ` +
        `20 duplicates: one effect; ${lines.length} lottery lines settled once; ${Date.now() - started} ms`,
    );
  }, 90_000);
});
