/**
 * Valid bets of the lottery are the money truly at risk (server-rules 'Lottery'): per member and
 * round, the spread of what the lines pay back, scaled so a straight bet counts in full, at most the
 * stake (contract lottery-risk.ts), recorded once; turnover, VIP flow and rebates read it. And odds
 * above the house edge are never paid.
 */
import { BEIJING_OFFSET_MS, formatDateTime } from '@app/contract/codecs';
import { deriveBalls } from '@app/contract/lottery-draw';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { now, resetClock, setClock } from '../../core/clock';
import { lotteries, lotteryOrders, lotteryRooms } from '../../db/schema/lottery';
import { validBets } from '../../db/schema/money';
import { rebates } from '../../db/schema/promo';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { computeRebates, rateOf } from '../promo/rebates';
import { centralBalance } from '../wallet/service';
import { addRequirement, turnover } from '../wallet/turnover';
import { runDue, type RunDueOptions } from './draw';
import { currentRound } from './service';
import { vipLevels } from '../../db/schema/promo';

/** Beijing 2030-02-20 10:00: far from midnight. */
const T0 = Date.UTC(2030, 1, 20, 10, 0, 0) - BEIJING_OFFSET_MS;

let t: TestApp;
let room2 = 0;
let room1 = 0;
beforeAll(async () => {
  setClock(T0);
  t = await buildTestApp();
  room2 = await roomOf('jnd28');
  room1 = await roomOf('xglhc');
});
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
  resetClock();
});

async function roomOf(code: string): Promise<number> {
  const [r] = await t.db
    .select({ id: lotteryRooms.id })
    .from(lotteryRooms)
    .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
    .where(eq(lotteries.code, code))
    .orderBy(asc(lotteryRooms.id))
    .limit(1);
  if (!r) throw new Error(`no room of ${code}`);
  return r.id;
}
const drive = (opts: RunDueOptions = {}) => runDue(t.db, t.app.roomBus, now(), opts);
/** The round of the room open for bets (the clock moved past a closed one's draw). */
async function openRound(roomId: number) {
  let { round } = await currentRound(t.db, roomId);
  if (now() >= round.closesAt.getTime()) {
    setClock(round.drawsAt.getTime() + 1000);
    await drive();
    ({ round } = await currentRound(t.db, roomId));
  }
  return round;
}
type Line = [play: number, yuan: number, pick?: number];
async function bet(token: string, roomId: number, lines: Line[]) {
  const round = await openRound(roomId);
  const order = lines.map(([id, total, pick]) => ({ id, total, data: pick === undefined ? [] : [pick] }));
  const r = await t.post(
    '/api/lotteryOrder',
    { room_id: roomId, expect: round.expect, order },
    { token, headers: idem() },
  );
  expect(r.body?.code, r.text).toBe(200);
  return round;
}
async function settle(round: { drawsAt: Date }, opts: RunDueOptions = {}) {
  setClock(Math.max(now(), round.drawsAt.getTime() + 1000));
  return drive(opts);
}
const betsOf = (userId: number) =>
  t.db.select().from(validBets).where(eq(validBets.userId, userId)).orderBy(asc(validBets.id));
async function member(yuan = '1000.00') {
  const m = await t.newMember();
  await t.fund(m.id, yuan);
  return m;
}
const BIG = 201;
const SMALL = 202;
const ODD = 203;
const EVEN = 204;

describe('valid bets are the money at risk', () => {
  it("the issue's attack: 大+小+单+双 at 100 each for two rounds counts 0.00, not 800.00: no turnover, no rebate", async () => {
    const m = await member();
    await addRequirement(t.db, m.id, { source: 'adjustment', cents: 100_000n });
    const hedge: Line[] = [
      [BIG, 100],
      [SMALL, 100],
      [ODD, 100],
      [EVEN, 100],
    ];
    // A control member bets 大 100 straight in the first round: that counts whole, with a rebate.
    const c = await member();
    for (let i = 0; i < 2; i++) {
      const round = await bet(m.token, room2, hedge);
      if (i === 0) await bet(c.token, room2, [[BIG, 100]]);
      await settle(round);
    }
    // Whatever the totals, exactly two lines win 196.00 each: 8.00 lost per round.
    expect(await centralBalance(t.db, m.id)).toBe(100_000n - 2n * 800n);
    const bets = await betsOf(m.id);
    expect(bets.map((b) => [b.platform, b.stakeCents, b.validCents, b.payoutCents])).toEqual([
      ['jnd28', 40_000n, 0n, 39_200n],
      ['jnd28', 40_000n, 0n, 39_200n],
    ]);
    // Turnover: nothing of the 1000.00 required paid down (it was 800.00).
    expect(await turnover(t.db, m.id)).toEqual({ bet: 0n, required: 100_000n });
    // The day's rebates: none for 0.00 of valid bets, though the member's level pays on lottery.
    const day = formatDateTime(now()).slice(0, 10);
    await computeRebates(t.db, day);
    const [level] = await t.db.select().from(vipLevels).where(eq(vipLevels.level, 1));
    const rate = level ? rateOf(level, 'lottery') : 0;
    const rebateOf = async (userId: number) =>
      (
        await t.db
          .select()
          .from(rebates)
          .where(and(eq(rebates.userId, userId), eq(rebates.category, 'lottery')))
      ).map((r) => [r.validCents, r.amountCents]);
    expect(rate).toBeGreaterThan(0);
    expect(await rebateOf(m.id)).toEqual([]);
    expect(await rebateOf(c.id)).toEqual([[10_000n, (10_000n * BigInt(rate)) / 10_000n]]);
  });

  it('大+小 at 100 each counts 0: the 4.00 the member surely loses is the house edge, not a risk', async () => {
    const m = await member();
    await addRequirement(t.db, m.id, { source: 'adjustment', cents: 100_000n });
    await settle(
      await bet(m.token, room2, [
        [BIG, 100],
        [SMALL, 100],
      ]),
    );
    expect(await centralBalance(t.db, m.id)).toBe(100_000n - 400n);
    expect((await betsOf(m.id)).map((b) => [b.stakeCents, b.validCents, b.payoutCents])).toEqual([
      [20_000n, 0n, 19_600n],
    ]);
    expect(await turnover(t.db, m.id)).toEqual({ bet: 0n, required: 100_000n });
  });

  it("a wholly hedged round does not make an agent's downline member active; a straight bet does", async () => {
    const boss = await t.newMember();
    const d = await t.newMember({ pid: boss.id });
    await t.fund(d.id, '1000.00');
    const active = async () => {
      const info = dataOf<Record<string, unknown>>(
        await t.post('/api/inviteInfo', {}, { token: boss.token }),
      );
      return [info.team_count, info.month_active, info.today_active];
    };
    await settle(
      await bet(d.token, room2, [
        [BIG, 100],
        [SMALL, 100],
      ]),
    );
    expect((await betsOf(d.id)).map((b) => b.validCents)).toEqual([0n]);
    expect(await active()).toEqual([1, 0, 0]);
    await settle(await bet(d.token, room2, [[BIG, 10]]));
    expect(await active()).toEqual([1, 1, 1]);
  });

  it('an unhedged line counts its whole stake; hedges spread over orders of one round count once', async () => {
    const a = await member();
    await settle(await bet(a.token, room2, [[BIG, 100]]));
    expect((await betsOf(a.id)).map((b) => [b.stakeCents, b.validCents])).toEqual([[10_000n, 10_000n]]);
    // 大 in one order, 小 in another, same round: one valid bet for the round, the hedge seen whole.
    const b = await member();
    const round = await bet(b.token, room2, [[BIG, 300]]);
    await bet(b.token, room2, [[SMALL, 100]]);
    await settle(round);
    // 588.00 or 196.00 back: a spread of 196.00, what a straight 200.00 has: 200.00 of 400.00.
    expect((await betsOf(b.id)).map((x) => [x.stakeCents, x.validCents])).toEqual([[40_000n, 20_000n]]);
  });

  it('type 1: 特码 on all 49 numbers at 100 counts 0 (4700.00 back whatever the draw); 大+小 of the special ball counts its spread (49 ties)', async () => {
    const m = await member('5000.00');
    const lines: Line[] = Array.from({ length: 49 }, (_, i) => [101, 100, i + 1]);
    const round = await bet(m.token, room1, lines.slice(0, 40));
    await bet(m.token, room1, lines.slice(40));
    await bet(m.token, room1, [
      [111, 10],
      [112, 10],
    ]);
    await settle(round);
    const special = deriveBalls(1, round.seed, round.expect)[6] ?? 0;
    const sizeBack = special === 49 ? 0n : 1_950n;
    // The grid pays 4700.00 on every draw: no spread. 大 10 + 小 10 pay 19.50 unless 49 comes (1 in
    // 49), a spread of 2.76: over 大's own 9.75 per 10.00, 2.82 of the 20.00 is at risk.
    expect((await betsOf(m.id)).map((b) => [b.platform, b.stakeCents, b.validCents, b.payoutCents])).toEqual([
      ['xglhc', 490_000n + 2_000n, 282n, 470_000n + sizeBack],
    ]);
  });

  it('a member with more lines than a transaction or the run limit is settled over runs, its valid bet once', async () => {
    const m = await member();
    const many: Line[] = Array.from({ length: 100 }, () => [BIG, 1]);
    const round = await bet(m.token, room2, many);
    await bet(m.token, room2, [...Array.from({ length: 50 }, (): Line => [SMALL, 1])]);
    // A run settles at most its limit, whoever holds the lines; the valid bet waits for the last one.
    expect((await settle(round, { settleLimit: 10 })).settledLines).toBe(10);
    expect(await betsOf(m.id)).toHaveLength(0);
    for (let run = 0; run < 14; run++) expect((await drive({ settleLimit: 10 })).settledLines).toBe(10);
    const open = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryOrders)
      .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.state, 'open')));
    expect(open[0]?.n).toBe(0);
    // 大 100 × 1 and 小 50 × 1: 196.00 or 98.00 back, the spread of a straight 50.00 ⇒ 50.00.
    expect((await betsOf(m.id)).map((b) => [b.stakeCents, b.validCents])).toEqual([[15_000n, 5_000n]]);
    expect((await drive()).settledLines).toBe(0);
    expect(await betsOf(m.id)).toHaveLength(1);
  });

  it('a settlement that fails half-way for a member leaves nothing of it; the next run records it once', async () => {
    const [a, b] = [await member(), await member()];
    const round = await bet(a.token, room2, [
      [BIG, 10],
      [SMALL, 10],
    ]);
    await bet(b.token, room2, [
      [ODD, 10],
      [EVEN, 10],
    ]);
    // The valid bet of `b` fails once: its transaction (claims, wins, valid bet) must vanish whole.
    const run = async (statements: string[]) => {
      for (const s of statements) await t.db.execute(sql.raw(s));
    };
    await run([
      'create table fail_once (user_id int primary key)',
      `insert into fail_once values (${b.id})`,
      `create function fail_valid_bet() returns trigger language plpgsql as $$
       begin
         if exists (select 1 from fail_once where user_id = new.user_id) then
           delete from fail_once where user_id = new.user_id;
           raise exception 'crash while settling';
         end if;
         return new;
       end $$`,
      'create trigger fail_valid_bet before insert on valid_bets for each row execute function fail_valid_bet()',
    ]);
    try {
      await expect(settle(round)).rejects.toThrow();
    } finally {
      await run([
        'drop trigger fail_valid_bet on valid_bets',
        'drop function fail_valid_bet()',
        'drop table fail_once',
      ]);
    }
    const state = await t.db
      .select({ user: lotteryOrders.userId, state: lotteryOrders.state })
      .from(lotteryOrders)
      .where(eq(lotteryOrders.roundId, round.id));
    expect(state.filter((s) => s.user === b.id).map((s) => s.state)).toEqual(['open', 'open']);
    expect(await betsOf(b.id)).toHaveLength(0);
    expect(await centralBalance(t.db, b.id)).toBe(100_000n - 2_000n);
    await drive();
    await drive();
    for (const x of [a, b]) {
      expect((await betsOf(x.id)).map((v) => [v.stakeCents, v.validCents])).toEqual([[2_000n, 0n]]);
      expect(await centralBalance(t.db, x.id)).toBe(100_000n - 40n);
    }
  });
});

describe('odds above the house edge are never paid', () => {
  it('a line whose odds were raised in the database is paid at the allowed odds; a lower one as is', async () => {
    const m = await member();
    const round = await bet(m.token, room2, [
      [BIG, 100],
      [SMALL, 100],
      [ODD, 100],
    ]);
    const lines = await t.db
      .select()
      .from(lotteryOrders)
      .where(eq(lotteryOrders.userId, m.id))
      .orderBy(asc(lotteryOrders.id));
    expect(lines.map((l) => l.oddsHundredths)).toEqual([196, 196, 196]);
    // An operator's hand edit: 大 and 小 at 2.00 (a riskless 100 %), 单 at 1.50.
    const [big, small, odd] = lines;
    for (const [l, odds] of [
      [big, 200],
      [small, 200],
      [odd, 150],
    ] as const) {
      await t.db
        .update(lotteryOrders)
        .set({ oddsHundredths: odds })
        .where(eq(lotteryOrders.id, l?.id ?? 0n));
    }
    await settle(round);
    const balls = deriveBalls(2, round.seed, round.expect);
    const sum = balls.reduce((s, x) => s + x, 0);
    const oddWins = sum % 2 === 1;
    const paid = await t.db
      .select({ payout: lotteryOrders.payoutCents })
      .from(lotteryOrders)
      .where(eq(lotteryOrders.userId, m.id))
      .orderBy(asc(lotteryOrders.id));
    expect(paid.map((p) => p.payout)).toEqual([
      sum >= 14 ? 19_600n : 0n,
      sum >= 14 ? 0n : 19_600n,
      oddWins ? 15_000n : 0n,
    ]);
    // The money at risk uses the odds paid: 大 + 小 pay 196.00 whatever the draw; only 单 spreads.
    expect((await betsOf(m.id)).map((b) => b.validCents)).toEqual([10_000n]);
  });
});
