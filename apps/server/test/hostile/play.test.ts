/**
 * The play attacks of the hostile review of 2026-11-27 (hedged turnover, red packets, relief, missed
 * days), replayed on the real server (PGlite and, in the server-pg project, PostgreSQL).
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { beijingDate, now, setClock } from '../../src/core/clock';
import { dailyJobRuns } from '../../src/db/schema/jobs';
import { validBets } from '../../src/db/schema/money';
import { rebates } from '../../src/db/schema/promo';
import { computeRebates } from '../../src/modules/promo/rebates';
import { DAILY_PROMOTIONS_JOB, dayDone, runMissedDays } from '../../src/modules/promo/daily';
import { dataOf, idem } from '../helpers';
import {
  activityId,
  apply,
  approve,
  balance,
  beijingAt,
  BIG,
  buildHostileApp,
  deposit,
  member,
  openRound,
  order,
  owed,
  refusal,
  roomOf,
  settle,
  SMALL,
  t,
  withdraw,
} from './support';

buildHostileApp(beijingAt('2030-03-06', 14));

const betsOf = (userId: number) =>
  t.db
    .select()
    .from(validBets)
    .where(and(eq(validBets.userId, userId), eq(validBets.category, 'lottery')));

describe('a hedged portfolio buys no turnover (review §2: 99.9 % covered, counted 100 % valid)', () => {
  it('大 + 小单 + the even totals 2–12 for four rounds count under 10 % of their stake, and earn rebates on that', async () => {
    setClock(beijingAt('2030-03-06', 14));
    const m = await member();
    await deposit(m.token, 3000);
    const room = await roomOf('jnd28');
    // The review's shares of a 599.94 stake (大 201, 小单 208, totals 302–312).
    const shares: [number, number][] = [
      [201, 49.53],
      [208, 26.96],
      [302, 0.61],
      [304, 1.53],
      [306, 2.86],
      [308, 4.6],
      [310, 6.44],
      [312, 7.46],
    ];
    for (let i = 0; i < 4; i++) {
      const round = await openRound(room);
      const lines = shares.map(([id, s]): [number, number] => [id, Math.round(599.94 * s) / 100]);
      dataOf(await order(m.token, room, round.expect, lines));
      await settle(round);
    }
    const bets = await betsOf(m.id);
    expect(bets).toHaveLength(4);
    for (const b of bets) expect(b.validCents * 10n).toBeLessThanOrEqual(b.stakeCents);
    const valid = bets.reduce((s, b) => s + b.validCents, 0n);
    const stake = bets.reduce((s, b) => s + b.stakeCents, 0n);
    expect(stake).toBe(4n * 59_989n);
    // The deposit's turnover moved by the valid bets only: ~3 % of the 2,399.56 staked.
    expect(Number((await owed(m.token)).bet_amount)).toBe(Number(valid) / 100);
    // Rebates read the same figure.
    const day = beijingDate(now());
    await computeRebates(t.db, day);
    const [rebate] = await t.db
      .select()
      .from(rebates)
      .where(and(eq(rebates.userId, m.id), eq(rebates.day, day), eq(rebates.category, 'lottery')));
    expect(rebate?.validCents).toBe(valid);
  });
});

describe('red packets only on deposits still in play (review §3 and §8: packets on withdrawn deposits)', () => {
  it('a deposit played and withdrawn the same day buys no packet the next morning; one kept does', async () => {
    setClock(beijingAt('2030-03-06', 13));
    const gone = await member();
    await deposit(gone.token, 1000);
    dataOf(await t.op('/bets/record', { username: gone.name, platform: 'AG', amount: '1000' }));
    dataOf(await withdraw(gone, 1000));
    const kept = await member();
    await deposit(kept.token, 600);
    setClock(beijingAt('2030-03-07', 10, 30));
    const claim = (token: string) => t.post('/api/douserredpacket', undefined, { token, headers: idem() });
    expect(refusal(await claim(gone.token))).toEqual([400, '您暂未达到领取条件，快去完成吧！']);
    const won = dataOf<{ redpacketmoney: string }>(await claim(kept.token));
    expect(Number(won.redpacketmoney)).toBeLessThanOrEqual(8.88);
    // Below the first band's 500.00 nothing is paid at all (the old band began at 100.00).
    setClock(beijingAt('2030-03-07', 13));
    const small = await member();
    await deposit(small.token, 100);
    setClock(beijingAt('2030-03-08', 10, 30));
    expect(refusal(await claim(small.token))).toEqual([400, '您暂未达到领取条件，快去完成吧！']);
  });
});

describe('周末救援金 against a loss made on purpose (review §3: a pair on opposite sides, +7 per 1,000)', () => {
  it('the loser’s relief is 2 % of what the server saw lost, less than the pair paid; the winner gets none', async () => {
    // Saturday 2030-03-02: A bets 大 1,000, B 小 1,000 in one round; one of them surely loses 1,000.
    setClock(beijingAt('2030-03-02', 15));
    const [a, b] = [await member(), await member()];
    for (const m of [a, b]) await t.fund(m.id, '1000.00');
    const room = await roomOf('jnd28');
    const round = await openRound(room);
    dataOf(await order(a.token, room, round.expect, [[BIG, 1000]]));
    dataOf(await order(b.token, room, round.expect, [[SMALL, 1000]]));
    await settle(round);
    const pairAfter = (await balance(a.token)) + (await balance(b.token));
    expect(pairAfter).toBe(2 + 1960);
    const [loser, winner] = (await balance(a.token)) < 2 ? [a, b] : [b, a];
    // Monday: any application was accepted before; now the server counts the weekend's bets.
    setClock(beijingAt('2030-03-04', 10));
    const relief = await activityId('周末救援金');
    expect(refusal(await apply(winner.token, relief))).toEqual([
      400,
      '上周末投注净亏损未达到 500.00 元，暂不能申请',
    ]);
    dataOf(await apply(loser.token, relief));
    expect(dataOf(await approve(loser.name, '周末救援金'))).toMatchObject({
      bonus: '20.00',
      turnover: '400.00',
    });
    // The pair paid 40.00 (2 % of 2,000.00) for 20.00, which itself needs 400.00 of turnover: it ends
    // below the 2,002.00 it started with (the old 5 % without a figure of its own paid any amount).
    const pairEnd = (await balance(a.token)) + (await balance(b.token));
    expect(pairEnd).toBe(pairAfter + 20);
    expect(pairEnd).toBeLessThan(2002);
  });
});

describe('daily jobs catch up every day they missed (review §10: only yesterday was)', () => {
  it('a leader down for three days computes each day’s rebates once, in order, then nothing more', async () => {
    const m = await member();
    const days = ['2030-04-10', '2030-04-11', '2030-04-12', '2030-04-13'];
    await t.db
      .insert(dailyJobRuns)
      .values({ job: DAILY_PROMOTIONS_JOB, day: days[0] ?? '', finishedAt: new Date() })
      .onConflictDoNothing();
    await t.db.delete(dailyJobRuns).where(sql`${dailyJobRuns.day} > ${days[0]}`);
    for (const day of days.slice(1)) {
      setClock(beijingAt(day, 15));
      dataOf(await t.op('/bets/record', { username: m.name, platform: 'AG', amount: '100' }));
    }
    setClock(beijingAt('2030-04-14', 0, 5));
    const first = await runMissedDays(t.db);
    expect(first.ran.map((r) => r.day)).toEqual(days.slice(1));
    expect(first.skipped).toEqual([]);
    for (const day of days.slice(1)) expect(await dayDone(t.db, day)).toBe(true);
    const mine = await t.db.select().from(rebates).where(eq(rebates.userId, m.id));
    expect(mine.map((r) => r.day).sort()).toEqual(days.slice(1));
    expect((await runMissedDays(t.db)).ran).toEqual([]);
  });
});
