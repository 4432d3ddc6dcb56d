/**
 * Issue 13 item 9: money calls of the same members at once — transfers both ways, 一键回收, lottery
 * orders and withdrawals, with keys, duplicate keys and no key — take their locks in one order
 * (claim, round, the member's wallets by id, the member's row), so on PostgreSQL none deadlocks:
 * no 5xx, no retried deadlock, the ledger clean, no key left without its reply, and every duplicate
 * answered with its first reply. Runs on both databases; only PostgreSQL runs the calls in parallel.
 */
import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now, resetClock, setClock } from '../src/core/clock';
import { idempotencyKeys } from '../src/db/schema/money';
import { lotteries, lotteryRooms, lotteryRounds } from '../src/db/schema/lottery';
import { conflictRetries } from '../src/http/idempotency';
import { runDue } from '../src/modules/lottery/draw';
import { buildTestApp, dataOf, type Reply, type TestApp } from './helpers';
import { readyMember, type ReadyMember } from './proof/support';

/** Beijing 2030-03-10 12:00: mid-day, far from the midnight switch of rounds. */
const T0 = Date.UTC(2030, 2, 10, 12, 0, 0) - BEIJING_OFFSET_MS;
const MEMBERS = 4;
const CALLS = 200;

let t: TestApp;
const members: ReadyMember[] = [];
let roomId = 0;
let expectNow = '';

/** Moves the clock until jnd28's next round takes bets for a while; returns its expect. */
async function openRound(): Promise<string> {
  const [lottery] = await t.db.select().from(lotteries).where(eq(lotteries.code, 'jnd28'));
  if (!lottery) throw new Error('no jnd28');
  for (let i = 0; i < 20; i++) {
    await runDue(t.db, t.app.roomBus, now());
    const [round] = await t.db
      .select()
      .from(lotteryRounds)
      .where(
        and(
          eq(lotteryRounds.lotteryId, lottery.id),
          sql`${lotteryRounds.opensAt} <= ${new Date(now())}`,
          sql`${lotteryRounds.drawsAt} > ${new Date(now())}`,
        ),
      );
    if (round && round.closesAt.getTime() - now() > 60_000) return round.expect;
    setClock((round?.drawsAt.getTime() ?? now()) + 1000);
  }
  throw new Error('no open round');
}

beforeAll(async () => {
  setClock(T0);
  t = await buildTestApp();
  for (let i = 0; i < MEMBERS; i++) {
    // Card numbers are digits, unique per database run; USDT addresses are the fuzzer's, with a distinct tail.
    const card = `6222${String(Date.now()).slice(-8)}${String(1000 + i)}`;
    members.push(
      await readyMember(t, '50000.00', card, `TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbL${'abcd'[i] ?? 'x'}E`),
    );
  }
  const [room] = await t.db
    .select({ id: lotteryRooms.id })
    .from(lotteryRooms)
    .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
    .where(and(eq(lotteries.code, 'jnd28'), eq(lotteryRooms.enabled, 1)))
    .orderBy(lotteryRooms.id)
    .limit(1);
  roomId = room?.id ?? 0;
  expectNow = await openRound();
}, 120_000);

afterAll(async () => {
  await t.close();
  resetClock();
});

interface Call {
  member: ReadyMember;
  path: string;
  body: unknown;
  key: string | null;
  /** Index of the call whose key and body this one repeats. */
  duplicateOf?: number;
}

/** The i-th call of the mix: six kinds in turn, every 10th a duplicate of the one before, every 7th without a key. */
function mix(): Call[] {
  const calls: Call[] = [];
  for (let i = 0; i < CALLS; i++) {
    const member = members[i % MEMBERS] as ReadyMember;
    const previous = calls[i - 1];
    if (i % 10 === 9 && previous && previous.key !== null) {
      calls.push({ ...previous, duplicateOf: i - 1 });
      continue;
    }
    const key = i % 7 === 3 ? null : randomBytes(12).toString('hex');
    const venue = i % 2 === 0 ? 'AG' : 'KY';
    const cents = 100 + i;
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    switch (i % 6) {
      case 0:
      case 3:
        calls.push({
          member,
          key,
          path: '/api/transfer',
          body: { amount, sourcetype: 'userbalance', targettype: venue },
        });
        break;
      case 1:
        calls.push({
          member,
          key,
          path: '/api/transfer',
          body: { amount, sourcetype: venue, targettype: 'userbalance' },
        });
        break;
      case 2:
        calls.push({ member, key, path: '/api/transall', body: {} });
        break;
      case 4:
        calls.push({
          member,
          key,
          path: '/api/withdraw',
          body: { type: 'bank', amount: '100.00', bank: member.bankCardId, password: 'pay246810' },
        });
        break;
      default:
        calls.push({
          member,
          key,
          path: '/api/lotteryOrder',
          body: { room_id: roomId, expect: expectNow, order: [{ id: 201, total: amount, data: [] }] },
        });
    }
  }
  return calls;
}

describe('200 mixed money calls of 4 members at once', () => {
  it('answer no 5xx, retry no deadlock, and leave the ledger and the keys clean', async () => {
    const calls = mix();
    const retriesBefore = conflictRetries();
    const started = Date.now();
    const replies: Reply[] = await Promise.all(
      calls.map((c) =>
        t.post(c.path, c.body, {
          token: c.member.token,
          headers: c.key === null ? {} : { 'idempotency-key': c.key },
        }),
      ),
    );
    const ms = Date.now() - started;
    const byStatus = new Map<string, number>();
    replies.forEach((r, i) => {
      const k = `${calls[i]?.path} ${r.status} ${r.body?.message ?? r.text}`;
      byStatus.set(k, (byStatus.get(k) ?? 0) + 1);
    });
    const tally = [...byStatus.entries()].map(([k, n]) => `${n}× ${k}`).join('\n');
    expect(
      replies.filter((r) => r.status >= 500),
      tally,
    ).toEqual([]);
    expect(conflictRetries() - retriesBefore, 'deadlocks retried').toBe(0);
    // Each kind did work (the mix is not all refusals).
    for (const path of ['/api/transfer', '/api/transall', '/api/withdraw', '/api/lotteryOrder']) {
      expect(
        replies.some((r, i) => calls[i]?.path === path && r.status === 200),
        `${path}\n${tally}`,
      ).toBe(true);
    }
    // A duplicate answers exactly what its first answered.
    calls.forEach((c, i) => {
      if (c.duplicateOf === undefined) return;
      const first = replies[c.duplicateOf];
      expect(`${replies[i]?.status} ${replies[i]?.text}`).toBe(`${first?.status} ${first?.text}`);
    });
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
    expect(await t.db.select().from(idempotencyKeys).where(isNull(idempotencyKeys.status))).toEqual([]);
    console.log(`money mix: ${CALLS} calls in ${ms} ms\n${tally}`);
  }, 120_000);

  it('25 concurrent 一键回收 and transfers both ways for one member: none 5xx, no deadlock', async () => {
    const m = members[0] as ReadyMember;
    dataOf(
      await t.post(
        '/api/transfer',
        { amount: '500.00', sourcetype: 'userbalance', targettype: 'AG' },
        { token: m.token },
      ),
    );
    const retriesBefore = conflictRetries();
    const replies = await Promise.all(
      Array.from({ length: 25 }, (_, i) => {
        const body =
          i % 3 === 0
            ? {}
            : i % 3 === 1
              ? { amount: '3.00', sourcetype: 'userbalance', targettype: 'AG' }
              : { amount: '2.00', sourcetype: 'AG', targettype: 'userbalance' };
        return t.post(i % 3 === 0 ? '/api/transall' : '/api/transfer', body, {
          token: m.token,
          headers: { 'idempotency-key': randomBytes(8).toString('hex') },
        });
      }),
    );
    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    expect(replies.filter((r, i) => i % 3 === 0 && r.status === 200)).toHaveLength(9);
    expect(conflictRetries() - retriesBefore, 'deadlocks retried').toBe(0);
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  });
});
