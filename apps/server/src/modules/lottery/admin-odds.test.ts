import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { now, resetClock, setClock } from '../../core/clock';
import { auditLog } from '../../db/schema/operators';
import { lotteryOrders, lotteryPlayOdds, lotteryRounds } from '../../db/schema/lottery';
import { createLotteryWithRooms } from '../chat/test-support';
import { runDue } from './draw';
import { slotAt } from './scheduler';

let t: TestApp;
let c: TestConsole;
let content: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  content = await c.signIn('content');
  // A round just opened, a little ahead of the real clock (the session's clock only moves forward).
  setClock(slotAt({ periodSeconds: 210, closeSeconds: 30 }, Date.now() + 210_000).opensAt + 5_000);
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
  resetClock();
});

type OddsRow = {
  play_id: number;
  odds: string;
  default_odds: string;
  custom: boolean;
  return_percent: string;
  max_odds: string;
};
const oddsList = async (lotteryId: number) =>
  dataOf<{ plays: OddsRow[] }>(await content.get('/api/lottery/odds', { lottery_id: String(lotteryId) }))
    .plays;
const setOdds = (lotteryId: number, playId: number, odds: string) =>
  content.post('/api/lottery/odds/update', { lottery_id: lotteryId, play_id: playId, odds });
type Playbox = { childrens: { id: number; odds: number }[] }[];
const playbox = async (roomId: number, token: string) =>
  dataOf<{ playbox: Playbox; lottery: { nowdata: { nextexpect: string } } }>(
    await t.get('/api/lotteryRoom', { room_id: String(roomId) }, { token }),
  );
const oddsShown = (box: Playbox, id: number) =>
  box.flatMap((g) => g.childrens).find((p) => p.id === id)?.odds;

describe('odds per play per lottery', () => {
  it('lists every play with its default, its return and the highest odds the limit allows', async () => {
    const { lotteryId } = await createLotteryWithRooms(t.db, 2, 1);
    const plays = await oddsList(lotteryId);
    expect(plays.find((p) => p.play_id === 201)).toMatchObject({
      default_odds: '1.96',
      odds: '1.96',
      custom: false,
      return_percent: '98.00%',
      max_odds: '1.96',
    });
    expect(plays.find((p) => p.play_id === 209)).toMatchObject({ odds: '12.00', return_percent: '67.20%' });
    expect(plays).toHaveLength(41);
  });

  it('refuses odds whose average return passes 98 %, naming the return; the odds stay', async () => {
    const { lotteryId } = await createLotteryWithRooms(t.db, 2, 1);
    const r = await setOdds(lotteryId, 201, '1.97');
    expect([r.status, r.body?.message]).toEqual([400, '该玩法平均返还率 98.50% 超过上限 98%']);
    const number = await createLotteryWithRooms(t.db, 1, 1);
    const r2 = await setOdds(number.lotteryId, 101, '48.03');
    expect(r2.body?.message).toBe('该玩法平均返还率 98.03% 超过上限 98%');
    expect((await oddsList(lotteryId)).find((p) => p.play_id === 201)?.odds).toBe('1.96');
    expect(await t.db.select().from(lotteryPlayOdds).where(eq(lotteryPlayOdds.lotteryId, lotteryId))).toEqual(
      [],
    );
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lotteryOdds.update'), eq(auditLog.targetId, `${lotteryId}:201`)));
    expect(audits).toEqual([]);
  });

  it('refuses odds that are not a number with two places, or not above 1', async () => {
    const { lotteryId } = await createLotteryWithRooms(t.db, 2, 1);
    for (const [odds, message] of [
      ['abc', '赔率须为数字，最多两位小数'],
      ['1.234', '赔率须为数字，最多两位小数'],
      ['1.00', '赔率须大于 1'],
    ]) {
      const r = await setOdds(lotteryId, 201, odds ?? '');
      expect([r.status, r.body?.message]).toEqual([400, message]);
    }
    expect((await setOdds(lotteryId, 999, '2')).body?.message).toBe('玩法不存在');
  });

  it('a change within the limit: audited, shown in the room, taken by the next order only, paid as accepted', async () => {
    const { lotteryId, roomIds } = await createLotteryWithRooms(t.db, 1, 1);
    const roomId = roomIds[0] ?? 0;
    const m = await t.newMember();
    await t.fund(m.id, '1000.00');
    const expectNow = (await playbox(roomId, m.token)).lottery.nowdata.nextexpect;
    const bet = (picks: number[]) =>
      t.post(
        '/api/lotteryOrder',
        {
          room_id: roomId,
          expect: expectNow,
          order: picks.map((n) => ({ id: 1000 + n, total: 1, data: [] })),
        },
        { token: m.token, headers: idem() },
      );
    expect((await bet([1])).status).toBe(200);

    const saved = await setOdds(lotteryId, 101, '48.02');
    expect(dataOf(saved)).toMatchObject({ odds: '48.02', custom: true, return_percent: '98.00%' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lotteryOdds.update'), eq(auditLog.targetId, `${lotteryId}:101`)));
    expect(audit).toMatchObject({
      operatorName: content.name,
      targetType: 'lotteryOdds',
      before: { odds: '47.00' },
      after: { odds: '48.02', return_percent: '98.00%' },
    });
    expect(oddsShown((await playbox(roomId, m.token)).playbox, 1007)).toBe(48.02);

    // Every number after the change: exactly one wins, at the odds it was accepted at (not clipped to 47).
    const many = await bet(Array.from({ length: 48 }, (_, i) => i + 2));
    expect([many.status, many.body?.message]).toEqual([200, expect.anything()]);
    const lines = await t.db
      .select()
      .from(lotteryOrders)
      .where(eq(lotteryOrders.userId, m.id))
      .orderBy(asc(lotteryOrders.id));
    expect(lines.map((l) => l.oddsHundredths)).toEqual([4700, ...Array.from({ length: 48 }, () => 4802)]);

    const [round] = await t.db
      .select()
      .from(lotteryRounds)
      .where(eq(lotteryRounds.lotteryId, lotteryId))
      .orderBy(asc(lotteryRounds.drawsAt));
    await runDue(t.db, t.app.roomBus, (round?.drawsAt.getTime() ?? now()) + 1000);
    const settled = await t.db.select().from(lotteryOrders).where(eq(lotteryOrders.userId, m.id));
    const won = settled.filter((l) => l.state === 'won');
    expect(won).toHaveLength(1);
    expect(won[0]?.payoutCents).toBe(won[0]?.pick === 1 ? 4700n : 4802n);
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true });

    // Back to the default: the lottery's row goes.
    expect(dataOf(await setOdds(lotteryId, 101, '47'))).toMatchObject({ odds: '47.00', custom: false });
    expect(await t.db.select().from(lotteryPlayOdds).where(eq(lotteryPlayOdds.lotteryId, lotteryId))).toEqual(
      [],
    );
  });

  it('a row past the limit put in by hand is ignored: the room shows and orders take the default', async () => {
    const { lotteryId, roomIds } = await createLotteryWithRooms(t.db, 2, 1);
    await t.db
      .insert(lotteryPlayOdds)
      .values({ lotteryId, playId: 201, oddsHundredths: 250, updatedAt: new Date() });
    const m = await t.newMember();
    expect(oddsShown((await playbox(roomIds[0] ?? 0, m.token)).playbox, 201)).toBe(1.96);
    expect((await oddsList(lotteryId)).find((p) => p.play_id === 201)).toMatchObject({
      odds: '1.96',
      custom: false,
    });
  });
});
