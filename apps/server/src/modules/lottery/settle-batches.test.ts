/**
 * Settlement in bounded batches (issue 27; hostile review 2026-11-27 §8): one member's 20,000 lines
 * must not hold another member's payout, the run limit holds whoever has the lines, a member's valid
 * bet is recorded once whatever number of batches its lines took, and a run stopped between batches
 * (as by a crash) loses and doubles nothing when the next one picks up.
 */
import { performance } from 'node:perf_hooks';
import { deriveBalls } from '@app/contract/lottery-draw';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setClock } from '../../core/clock';
import { lotteries, lotteryOrders } from '../../db/schema/lottery';
import { validBets } from '../../db/schema/money';
import type { RoomMessage } from '../../http/realtime/room-bus';
import { rowsOf } from '../../db/client';
import { placeOrder } from './orders';
import { SETTLE_BATCH } from './settle';
import {
  balanceOf,
  bettable,
  drive,
  lotteryTestApp,
  order,
  roomId,
  t,
  toNextRound,
  winsPaidOnce,
} from './test-support';

lotteryTestApp();

const BIG = 201;
const SMALL = 202;
const ODD = 203;
const EVEN = 204;
const rows = async <T>(query: Parameters<typeof t.db.execute>[0]): Promise<T[]> =>
  rowsOf<T>(await t.db.execute(query));
const validBetsOf = (ids: number[]) =>
  t.db.select().from(validBets).where(inArray(validBets.userId, ids)).orderBy(asc(validBets.id));
async function openLines(userId: number) {
  const [n] = await t.db
    .select({ n: count() })
    .from(lotteryOrders)
    .where(and(eq(lotteryOrders.userId, userId), eq(lotteryOrders.state, 'open')));
  return n?.n ?? 0;
}

describe('settlement in bounded batches', () => {
  it("20,000 lines of one member: the others are paid within a second of the draw's settlement, the big one over later runs, its valid bet once", async () => {
    const LINES = 20_000;
    await t.db.update(lotteries).set({ maxLinesPerMember: LINES }).where(eq(lotteries.code, 'xy28'));
    try {
      // The big member has the lowest user id: first in line, as the hostile review's attacker was.
      const big = await t.newMember();
      await t.fund(big.id, '20000.00');
      const others = [await t.newMember(), await t.newMember(), await t.newMember(), await t.newMember()];
      for (const m of others) await t.fund(m.id, '100.00');
      const [r] = await bettable('xy28');
      if (!r) throw new Error('no round');
      const rooms = [await roomId('xy28', 0), await roomId('xy28', 1)];

      // 200 orders of 100 one-yuan lines, 大 and 小 alternately (each pair surely pays 1.96 back).
      const placing = performance.now();
      for (let i = 0; i < LINES / 100; i++) {
        await placeOrder(t.app, {
          userId: big.id,
          roomId: rooms[i % 2] ?? 0,
          expect: r.expect,
          lines: Array.from({ length: 100 }, (_, k) => ({
            playId: k % 2 ? SMALL : BIG,
            amountCents: 100,
            pick: null,
          })),
        });
      }
      const placedMs = performance.now() - placing;
      // Each of the others: 大 and 小 at 10 (one of them wins whatever the draw) in the room it chose.
      for (const [i, m] of others.entries()) {
        const body = {
          room_id: rooms[i % 2],
          expect: r.expect,
          order: [
            { id: BIG, total: 10, data: [] },
            { id: SMALL, total: 10, data: [] },
          ],
        };
        expect((await order(body, { as: m.token })).body?.code).toBe(200);
      }

      const wins = new Map<number, number>();
      const heard = (m: RoomMessage) => {
        if (m.type === 'win' && !wins.has(m.id)) wins.set(m.id, performance.now());
      };
      const offs = rooms.map((id) => t.app.roomBus.subscribe(id, heard));
      let first;
      let started = 0;
      try {
        setClock(r.drawsAt.getTime() + 1000);
        started = performance.now();
        first = await drive();
      } finally {
        for (const off of offs) off();
      }
      const firstRunMs = performance.now() - started;
      expect(first.drawn.some((d) => d.code === 'xy28' && d.expect === r.expect)).toBe(true);
      // The run's limit holds (5,000), the big member's lines or not.
      expect(first.settledLines).toBe(5000);
      for (const m of others) {
        expect(await openLines(m.id)).toBe(0);
        expect(await balanceOf(m.id)).toBe(10_000n - 2000n + 1960n);
        const at = wins.get(m.id);
        expect(at, `member ${m.id} heard of the win`).toBeDefined();
        expect((at ?? Infinity) - started).toBeLessThanOrEqual(1000);
      }
      expect(await validBetsOf(others.map((m) => m.id))).toHaveLength(others.length);
      expect(await openLines(big.id)).toBe(LINES - (5000 - others.length * 2));
      expect(await validBetsOf([big.id])).toEqual([]);
      const othersPaidMs = Math.max(...others.map((m) => (wins.get(m.id) ?? Infinity) - started));

      let runs = 1;
      const rest = performance.now();
      for (;;) {
        const next = await drive();
        if (next.settledLines === 0) break;
        expect(next.settledLines).toBeLessThanOrEqual(5000);
        runs += 1;
      }
      const restMs = performance.now() - rest;
      expect(runs).toBe(Math.ceil((LINES + others.length * 2) / 5000));
      expect(await openLines(big.id)).toBe(0);
      const bets = await validBetsOf([big.id]);
      // 10,000 pairs of 大 and 小 at 1.00: 19,600.00 back whatever the draw, all of it hedged.
      expect(bets.map((b) => [b.stakeCents, b.payoutCents])).toEqual([[2_000_000n, 1_960_000n]]);
      expect(await balanceOf(big.id)).toBe(2_000_000n - 2_000_000n + 1_960_000n);
      expect(await winsPaidOnce(rows)).toEqual({ wrong: [], unpaid: [] });
      // Wins of the big member: one movement per batch that had any, so at most LINES / SETTLE_BATCH + a few.
      const [movements] = await rows<{ n: number }>(sql`
        select count(*)::int as n from ledger_entries e join wallets w on w.id = e.wallet_id
         where e.reason = 'lottery_win' and w.user_id = ${big.id}`);
      expect(movements?.n).toBeLessThanOrEqual(Math.ceil(LINES / SETTLE_BATCH) + 1);
      console.log(
        `settle batches: ${LINES} lines placed in ${placedMs.toFixed(0)} ms; the others paid ${othersPaidMs.toFixed(0)} ms ` +
          `after the settling run started (first run ${firstRunMs.toFixed(0)} ms, 5000 lines); the rest in ${runs - 1} ` +
          `runs, ${restMs.toFixed(0)} ms`,
      );
    } finally {
      await t.db.update(lotteries).set({ maxLinesPerMember: 200 }).where(eq(lotteries.code, 'xy28'));
    }
  }, 180_000);

  it('a run stopped between batches loses and doubles nothing: the next runs (two at once) finish it', async () => {
    await toNextRound('jnd28');
    const [r] = await bettable('jnd28');
    if (!r) throw new Error('no round');
    const id = await roomId('jnd28', 0);
    const members = [await t.newMember(), await t.newMember(), await t.newMember()];
    const plays = [BIG, SMALL, ODD, EVEN];
    for (const m of members) {
      await t.fund(m.id, '500.00');
      // 120 lines: 大 小 单 双 at 1 to 3 yuan.
      for (let o = 0; o < 2; o++) {
        const lines = Array.from({ length: 60 }, (_, k) => ({
          id: plays[k % 4],
          total: 1 + (k % 3),
          data: [],
        }));
        expect(
          (await order({ room_id: id, expect: r.expect, order: lines }, { as: m.token })).body?.code,
        ).toBe(200);
      }
    }
    const stake = 2n * (20n * (100n + 200n + 300n));
    setClock(r.drawsAt.getTime() + 1000);
    // Stops after 130 lines (50 of the first, 50 of the second, 30 of the third: a pass each), as if
    // the process died there; then after 70 more.
    expect((await drive({ settleLimit: 130 })).settledLines).toBe(130);
    expect(await validBetsOf(members.map((m) => m.id))).toEqual([]);
    expect((await drive({ settleLimit: 70 })).settledLines).toBe(70);
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
    const [a, b] = await Promise.all([drive(), drive()]);
    expect(a.settledLines + b.settledLines).toBe(360 - 200);
    expect((await drive()).settledLines).toBe(0);

    const balls = deriveBalls(2, r.seed, r.expect);
    const sum = balls.reduce((s, x) => s + x, 0);
    const wins = (play: number) =>
      (play === BIG && sum >= 14) ||
      (play === SMALL && sum < 14) ||
      (play === ODD && sum % 2 === 1) ||
      (play === EVEN && sum % 2 === 0);
    for (const m of members) {
      const lines = await t.db
        .select()
        .from(lotteryOrders)
        .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.roundId, r.id)));
      expect(lines).toHaveLength(120);
      let paid = 0n;
      for (const l of lines) {
        const due = wins(l.playId) ? (l.stakeCents * 196n) / 100n : 0n;
        expect([l.state, l.payoutCents]).toEqual([due > 0n ? 'won' : 'lost', due]);
        paid += due;
      }
      expect(await balanceOf(m.id)).toBe(50_000n - stake + paid);
      const bets = await validBetsOf([m.id]);
      expect(bets.map((v) => [v.stakeCents, v.payoutCents])).toEqual([[stake, paid]]);
    }
    expect(await winsPaidOnce(rows)).toEqual({ wrong: [], unpaid: [] });
    const [stillOpen] = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(
        and(eq(lotteryOrders.roundId, r.id), ne(lotteryOrders.state, 'won'), ne(lotteryOrders.state, 'lost')),
      );
    expect(stillOpen?.n).toBe(0);
  });
});
