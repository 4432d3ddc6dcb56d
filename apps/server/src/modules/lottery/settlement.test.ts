import { formatCents } from '@app/contract/codecs';
import { lotteryRoom } from '@app/contract/lottery';
import { deriveBalls } from '@app/contract/lottery-draw';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setClock } from '../../core/clock';
import { validBets } from '../../db/schema/money';
import { moneyAtRisk } from '@app/contract/lottery-risk';
import { lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import { COMMANDS } from '../../ops/commands/all';
import { UsageError } from '../../ops/commands/format';
import { commandRequest } from '../../ops/commands/wire';
import { dataOf } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import {
  balanceOf,
  bettable,
  drive,
  lotteryTestApp,
  openRound,
  order,
  room,
  roomId,
  roundRow,
  t,
  toNextRound,
} from './test-support';

lotteryTestApp();

describe('settlement', () => {
  it('pays each winning line stake × odds once, losers nothing, and records one valid bet per round', async () => {
    const id = await roomId('jnd28', 1);
    const sixId = await roomId('xglhc');
    const [r, six] = await bettable('jnd28', 'xglhc');
    if (!r || !six) throw new Error('no rounds');
    const balls = deriveBalls(2, r.seed, r.expect);
    const sum = balls.reduce((s, b) => s + b, 0);
    const big = sum >= 14;
    const special = deriveBalls(1, six.seed, six.expect)[6] ?? 0;
    const m = await t.newMember();
    await t.fund(m.id, '500.00');
    const lines = [
      { id: big ? 201 : 202, total: 10, data: [] }, // wins ×1.96
      { id: big ? 202 : 201, total: 10, data: [] }, // loses
      { id: 300 + sum, total: '3.33', data: [] }, // wins at the total's odds
      { id: 300 + ((sum + 1) % 28), total: 7, data: [] }, // loses
    ];
    expect((await order({ room_id: id, expect: r.expect, order: lines }, { as: m.token })).body?.code).toBe(
      200,
    );
    const sixOrder = {
      room_id: sixId,
      expect: six.expect,
      order: [
        { id: 1000 + special, total: 2, data: [] }, // the spec's wire: wins ×47
        { id: 1000 + (special % 49) + 1, total: 2, data: [] }, // loses
      ],
    };
    expect((await order(sixOrder, { as: m.token })).body?.code).toBe(200);
    expect(await balanceOf(m.id)).toBe(50_000n - 3433n);

    setClock(Math.max(r.drawsAt.getTime(), six.drawsAt.getTime()) + 1000);
    await drive();
    await drive();
    const sumPlay = lotteryRoom.response.parse(await room(id)).playGroups[1]?.plays[sum];
    expect(sumPlay?.id).toBe(300 + sum);
    // stake × odds, floored to the cent: 3.33 × odds.
    const sumPayout = (333n * BigInt(Math.round((sumPlay?.odds ?? 0) * 100))) / 100n;
    const settled = await t.db
      .select()
      .from(lotteryOrders)
      .where(eq(lotteryOrders.userId, m.id))
      .orderBy(asc(lotteryOrders.id));
    expect(settled.map((l) => l.state)).toEqual(['won', 'lost', 'won', 'lost', 'won', 'lost']);
    expect(settled.map((l) => l.payoutCents)).toEqual([1960n, 0n, sumPayout, 0n, 9400n, 0n]);
    expect(await balanceOf(m.id)).toBe(50_000n - 3433n + 1960n + sumPayout + 9400n);
    // One valid bet per round: the money at risk (contract lottery-risk.ts) of the round's lines at
    // the odds they were paid. jnd28: 大 and 小 at 10 always bring 19.60 back, so only the two total
    // lines spread (their odds are high: the spread caps at the stake or near it); xglhc: two 特码
    // numbers can both lose ⇒ the whole 4.00.
    const jnd = moneyAtRisk(
      2,
      settled
        .filter((l) => l.playId >= 200 && l.playId < 400)
        .map((l) => ({
          playId: l.playId,
          pick: l.pick,
          stakeCents: l.stakeCents,
          oddsHundredths: l.oddsHundredths,
        })),
    );
    expect(jnd.stakeCents).toBe(3033n);
    expect(jnd.validCents).toBeLessThanOrEqual(3033n);
    expect(jnd.validCents).toBeGreaterThan(1033n);
    const bets = await t.db
      .select()
      .from(validBets)
      .where(eq(validBets.userId, m.id))
      .orderBy(asc(validBets.platform));
    expect(bets.map((b) => [b.platform, b.category, b.stakeCents, b.validCents, b.payoutCents])).toEqual([
      ['jnd28', 'lottery', 3033n, jnd.validCents, 1960n + sumPayout],
      ['xglhc', 'lottery', 400n, 400n, 9400n],
    ]);
    const rounds = await t.db
      .select({ settledAt: lotteryRounds.settledAt })
      .from(lotteryRounds)
      .where(inArray(lotteryRounds.id, [r.id, six.id]));
    expect(rounds.every((x) => x.settledAt !== null)).toBe(true);
  });

  it("settles every line once and each member's valid bet once when runs stop half-way and others pick up", async () => {
    const id = await roomId('xy28', 1);
    await toNextRound('xy28');
    const r = await openRound('xy28');
    const members = [await t.newMember(), await t.newMember(), await t.newMember()];
    for (const m of members) await t.fund(m.id, '100.00');
    for (const m of members) {
      for (let i = 0; i < 2; i++) {
        const body = {
          room_id: id,
          expect: r.expect,
          order: [
            { id: 201, total: 2, data: [] },
            { id: 202, total: 2, data: [] },
          ],
        };
        expect((await order(body, { as: m.token })).body?.code).toBe(200);
      }
    }
    const roundState = async () => {
      const [x] = await t.db.select().from(lotteryRounds).where(eq(lotteryRounds.id, r.id));
      const open = await t.db
        .select({ n: count() })
        .from(lotteryOrders)
        .where(and(eq(lotteryOrders.roundId, r.id), eq(lotteryOrders.state, 'open')));
      return { settled: x?.settledAt !== null, open: open[0]?.n };
    };
    const betsOf = async () =>
      (
        await t.db
          .select({ userId: validBets.userId })
          .from(validBets)
          .where(
            inArray(
              validBets.userId,
              members.map((m) => m.id),
            ),
          )
      ).map((b) => b.userId);
    const [m1, m2, m3] = members.map((m) => m.id);
    setClock(r.drawsAt.getTime());
    // 4 lines per member: a limit of 5 settles the first member and one line of the second, never more.
    expect((await drive({ settleLimit: 5 })).settledLines).toBe(5);
    expect(await roundState()).toEqual({ settled: false, open: 7 });
    expect(await betsOf()).toEqual([m1]);
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true });
    // The next run goes on with the second member's other lines; its valid bet comes with its last.
    expect((await drive({ settleLimit: 3 })).settledLines).toBe(3);
    expect(await roundState()).toEqual({ settled: false, open: 4 });
    expect((await betsOf()).sort()).toEqual([m1, m2].sort());
    const [again, twice] = await Promise.all([drive(), drive()]);
    expect(again.settledLines + twice.settledLines).toBe(4);
    expect(await roundState()).toEqual({ settled: true, open: 0 });
    expect((await drive()).settledLines).toBe(0);
    expect((await betsOf()).sort()).toEqual([m1, m2, m3].sort());
    // Each order staked 2.00 on 大 and 2.00 on 小; exactly one wins (2.00 × 1.96 = 3.92), whatever
    // the total: paid once, not twice.
    for (const m of members) expect(await balanceOf(m.id)).toBe(10_000n - 800n + 2n * 392n);
    // One valid bet per member and round: 8.00 staked, 7.84 back whatever the draw (recorded all the same).
    const bets = await t.db
      .select()
      .from(validBets)
      .where(
        inArray(
          validBets.userId,
          members.map((m) => m.id),
        ),
      )
      .orderBy(asc(validBets.userId));
    expect(bets.map((b) => [b.userId, b.stakeCents, b.payoutCents])).toEqual(
      members.map((m) => [m.id, 800n, 784n]).sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    // Wins are paid per member and batch, each movement naming the member's lines it pays: the second
    // member's first line (大) went in the first run, the other three in the second.
    const wins = rowsOf<{ user_id: number; reference: string; cents: string }>(
      await t.db.execute(sql`
        select w.user_id, e.reference, e.amount_cents::text as cents from ledger_entries e
          join wallets w on w.id = e.wallet_id
         where e.reason = 'lottery_win' and e.reference like ${`lottery_win:xy28:${r.expect}:%`}
         order by e.id`),
    );
    const bigWon = deriveBalls(2, r.seed, r.expect).reduce((x, b) => x + b, 0) >= 14;
    expect(wins.map((w) => [w.user_id, w.cents])).toEqual([
      [m1, '784'],
      ...(bigWon
        ? [
            [m2, '392'],
            [m2, '392'],
          ]
        : [[m2, '784']]),
      [m3, '784'],
    ]);
    for (const w of wins) expect(w.reference).toMatch(new RegExp(`^lottery_win:xy28:${r.expect}:\\d+-\\d+$`));
  });
});

describe('operator commands', () => {
  const cmd = (name: string) => {
    const found = COMMANDS.find((c) => c.name === name);
    if (!found) throw new Error(`no command ${name}`);
    return found;
  };

  it('lottery:rounds and lottery:draw turn arguments into requests', () => {
    const wire = (name: string, args: string[]) => commandRequest(cmd(name), args);
    expect(wire('lottery:rounds', ['jnd28'])).toEqual({
      method: 'GET',
      path: '/ops/lottery/rounds',
      query: { code: 'jnd28', limit: '20' },
    });
    expect(wire('lottery:rounds', ['xy28', '5']).query).toEqual({ code: 'xy28', limit: '5' });
    expect(() => wire('lottery:rounds', [])).toThrow(UsageError);
    expect(() => wire('lottery:rounds', ['xy28', 'ten'])).toThrow(UsageError);
    expect(wire('lottery:draw', [])).toEqual({ method: 'POST', path: '/ops/lottery/draw' });
  });

  it('lottery:rounds shows the seed of drawn rounds only; lottery:draw draws what is due', async () => {
    const r = await openRound('xy28');
    setClock(r.drawsAt.getTime() + 500);
    const drawn = await t.op('/lottery/draw', {});
    const report = dataOf<{ drawn: { code: string; expect: string; opencode: string }[] }>(drawn);
    expect(report.drawn).toContainEqual({
      code: 'xy28',
      expect: r.expect,
      opencode: deriveBalls(2, r.seed, r.expect).join(','),
    });
    expect(cmd('lottery:draw').print(report, '')).toContain(`xy28 ${r.expect}: `);
    const data = dataOf<{ rounds: Record<string, string>[] }>(
      await t.op('/lottery/rounds?code=xy28&limit=3'),
    );
    expect(data.rounds).toHaveLength(3);
    const [upcoming, current, last] = data.rounds;
    expect(upcoming?.seed).toBe('');
    expect(current?.seed).toBe('');
    expect(last).toMatchObject({ expect: r.expect, seed: r.seed, hash: r.hash });
    expect(cmd('lottery:rounds').print(data, '')).toContain(r.expect);
    // Order totals per round match the orders (the settlement test's round had 12 lines of 2.00).
    const all = dataOf<{ rounds: { expect: string; orders: number; stake: string; payout: string }[] }>(
      await t.op('/lottery/rounds?code=xy28&limit=200'),
    );
    const withOrders = all.rounds.filter((x) => x.orders > 0);
    expect(withOrders.length).toBeGreaterThan(0);
    for (const x of withOrders) {
      const row = await roundRow('xy28', x.expect);
      const lines = await t.db.select().from(lotteryOrders).where(eq(lotteryOrders.roundId, row.id));
      expect(x.orders).toBe(lines.length);
      expect(x.stake).toBe(formatCents(lines.reduce((s, l) => s + l.stakeCents, 0n)));
      expect(x.payout).toBe(formatCents(lines.reduce((s, l) => s + l.payoutCents, 0n)));
    }
    expect((await t.op('/lottery/rounds?code=nope')).status).toBe(404);
  });
});
