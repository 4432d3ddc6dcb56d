import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { gameUrl } from '@app/contract/games';
import { betRecords } from '@app/contract/member';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, now, resetClock, setClock } from '../../core/clock';
import { lotteries, lotteryRooms } from '../../db/schema/lottery';
import { validBets } from '../../db/schema/money';
import { buildTestApp, dataOf, expectEnvelope, idem, type TestApp } from '../../../test/helpers';
import { sessionOf, spin } from '../games/demo';
import { runDue } from '../lottery/draw';
import { currentRound } from '../lottery/service';
import { lotteryRoundReference } from '../wallet/turnover';

/** Beijing 2030-03-10 12:00: far from midnight. */
const T0 = Date.UTC(2030, 2, 10, 12, 0, 0) - BEIJING_OFFSET_MS;
const BIG = 201;
const SMALL = 202;

let t: TestApp;
let room = 0;
beforeAll(async () => {
  setClock(T0);
  t = await buildTestApp();
  const [r] = await t.db
    .select({ id: lotteryRooms.id })
    .from(lotteryRooms)
    .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
    .where(eq(lotteries.code, 'jnd28'))
    .orderBy(asc(lotteryRooms.id))
    .limit(1);
  room = r?.id ?? 0;
});
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
  resetClock();
});

const drive = () => runDue(t.db, t.app.roomBus, now());
async function member(yuan = '1000.00') {
  const m = await t.newMember();
  await t.fund(m.id, yuan);
  return m;
}
async function records(token: string, body: Record<string, unknown> = {}) {
  const r = await t.post('/api/betrecord', body, { token });
  expect(r.body?.code, r.text).toBe(200);
  // The client's own check of the reply.
  return betRecords.response.parse(dataOf(r));
}
/** Bets lines on the open round of the jnd28 room (moving the clock past a closed one). */
async function bet(token: string, lines: [number, number][]) {
  let { round } = await currentRound(t.db, room);
  if (now() >= round.closesAt.getTime()) {
    setClock(round.drawsAt.getTime() + 1000);
    await drive();
    ({ round } = await currentRound(t.db, room));
  }
  const order = lines.map(([id, total]) => ({ id, total, data: [] }));
  const r = await t.post(
    '/api/lotteryOrder',
    { room_id: room, expect: round.expect, order },
    { token, headers: idem() },
  );
  expect(r.body?.code, r.text).toBe(200);
  return round;
}
async function settle(round: { drawsAt: Date }) {
  setClock(Math.max(now(), round.drawsAt.getTime() + 1000));
  await drive();
}
/** A demo game round of `stake` cents on a venue, won (roll 100) or lost (roll 1). */
async function play(m: { id: number; token: string }, venue: string, stake: bigint, won: boolean) {
  const moved = await t.post(
    '/api/transfer',
    { amount: (Number(stake) / 100).toFixed(2), sourcetype: 'userbalance', targettype: venue },
    { token: m.token, headers: idem() },
  );
  expect(moved.body?.code, moved.text).toBe(200);
  const url = gameUrl.response.parse(
    dataOf(await t.post('/api/getGameUrl', { plat_name: venue, is_mobile_url: 1 }, { token: m.token })),
  );
  const ticket = new URL(url, 'http://x').searchParams.get('ticket') ?? '';
  const session = dataOf<{ token: string }>(await t.post('/demo-game/api/session', { ticket })).token;
  return spin(t.db, await sessionOf(t.db, session), stake, won ? 100 : 1);
}

describe('betrecord', () => {
  it('refuses a visitor', async () => {
    const r = await t.post('/api/betrecord', {});
    expectEnvelope(r);
    expect(r.status).toBe(401);
  });

  it('shows a lottery period unsettled, then settled with the valid bet turnover counted', async () => {
    const m = await member();
    const round = await bet(m.token, [
      [BIG, 100],
      [SMALL, 50],
    ]);
    const before = await records(m.token);
    expect(before.total).toBe(1);
    expect(before.data[0]).toMatchObject({
      venue: 'lottery',
      platform: '彩票',
      gameName: '加拿大28',
      expect: round.expect,
      content: '大 100.00, 小 50.00',
      betAmount: 15_000,
      validAmount: 0,
      winAmount: 0,
      status: 'unsettled',
    });

    await settle(round);
    const after = (await records(m.token)).data[0];
    const [vb] = await t.db
      .select()
      .from(validBets)
      .where(and(eq(validBets.userId, m.id), eq(validBets.reference, lotteryRoundReference(round.id))));
    // The figure turnover and rebates counted: 大 100 hedged by 小 50 leaves 50.00 at risk.
    expect(vb?.validCents).toBe(5_000n);
    expect(after?.validAmount).toBe(Number(vb?.validCents));
    expect(after?.status).toBe('settled');
    // One of 大 / 小 wins (1.96), unless the total is 13 or 14's other side: the payout is what was paid.
    expect(after?.winAmount).toBe(Number(vb?.payoutCents));
    expect([0, 9_800, 19_600]).toContain(after?.winAmount);
  });

  it('the hall tile that opens a lottery (天成 → 加拿大28) finds that lottery’s periods, no other’s', async () => {
    const m = await member();
    const round = await bet(m.token, [[BIG, 20]]);
    const tile = await records(m.token, { api_type: 'TCG' });
    expect(tile.total).toBe(1);
    expect(tile.data[0]).toMatchObject({ gameName: '加拿大28', expect: round.expect, betAmount: 2_000 });
    // VR opens 幸运28 and SGWIN 香港六合彩: the 加拿大28 period is neither's.
    expect((await records(m.token, { api_type: 'VR' })).total).toBe(0);
    expect((await records(m.token, { api_type: 'SGWIN' })).total).toBe(0);
    // A venue that opens no lottery lists its own games only.
    expect((await records(m.token, { api_type: 'AG' })).total).toBe(0);
  });

  it('lists demo rounds won and lost with their venue, stake, payout and valid bet', async () => {
    const m = await member();
    await play(m, 'AG', 2_000n, true);
    setClock(now() + 1000);
    await play(m, 'PP', 500n, false);
    const page = await records(m.token);
    expect(
      page.data.map((r) => [r.venue, r.gameName, r.betAmount, r.winAmount, r.validAmount, r.status]),
    ).toEqual([
      ['PP', 'PP电子', 500, 0, 500, 'settled'],
      ['AG', 'AG真人', 2_000, 4_000, 2_000, 'settled'],
    ]);
    expect(page.sum).toEqual({ betAmount: 2_500, validAmount: 2_500, winAmount: 4_000 });
    // A venue report of the operator's is a bet of that venue too.
    const reported = await t.op('/bets/record', { username: m.name, platform: 'SABA', amount: '30.00' });
    expect(reported.body?.code, reported.text).toBe(200);
    const saba = await records(m.token, { api_type: 'SABA' });
    expect(saba.data.map((r) => [r.gameName, r.betAmount, r.validAmount])).toEqual([
      ['沙巴体育', 3_000, 3_000],
    ]);
  });

  it('filters by venue and date (Beijing days) and pages newest first with totals of the whole range', async () => {
    const first = await member('5000.00');
    setClock(now() + 20 * DAY_MS);
    // Sessions end after 7 idle days: the member signs in again after each jump of the clock.
    const m = { ...first, token: await t.login(first.name, first.password) };
    const old = await bet(m.token, [[BIG, 10]]); // 20 days before the others
    await settle(old);
    setClock(now() + 20 * DAY_MS);
    m.token = await t.login(m.name, m.password);
    for (let i = 0; i < 16; i++) {
      await play(m, 'AG', 100n + BigInt(i), i % 2 === 0);
      setClock(now() + 1000);
    }
    const fresh = await bet(m.token, [[SMALL, 20]]);

    const all = await records(m.token);
    expect(all.total).toBe(18);
    expect(all.data).toHaveLength(15);
    expect(all.data[0]).toMatchObject({ venue: 'lottery', expect: fresh.expect, status: 'unsettled' });
    expect(all.data[1]).toMatchObject({ venue: 'AG', betAmount: 115 });
    const page2 = await records(m.token, { page: 2 });
    expect(page2.data.map((r) => r.betAmount)).toEqual([101, 100, 1_000]);
    expect(page2.data[2]).toMatchObject({ venue: 'lottery', expect: old.expect, status: 'settled' });
    const orderNos = [...all.data, ...page2.data].map((r) => r.orderNo);
    expect(new Set(orderNos).size).toBe(18);
    const stakes = 16 * 100 + (15 * 16) / 2;
    expect(all.sum?.betAmount).toBe(stakes + 1_000 + 2_000);

    const week = await records(m.token, { date: 2 });
    expect(week.total).toBe(17);
    const lottery = await records(m.token, { api_type: 'lottery' });
    expect(lottery.data.map((r) => r.expect)).toEqual([fresh.expect, old.expect]);
    const lotteryWeek = await records(m.token, { api_type: 'lottery', date: 2 });
    expect(lotteryWeek.data.map((r) => r.expect)).toEqual([fresh.expect]);
    const ag = await records(m.token, { api_type: 'AG', page: 2 });
    expect(ag.total).toBe(16);
    expect(ag.data.map((r) => r.betAmount)).toEqual([100]);
    expect((await records(m.token, { api_type: 'BBIN' })).data).toEqual([]);

    // Today: the clock one Beijing day on, nothing; the member's empty answer has no totals.
    setClock(now() + DAY_MS);
    m.token = await t.login(m.name, m.password);
    const today = await records(m.token, { date: 1 });
    expect([today.total, today.data, today.sum]).toEqual([0, [], null]);
    const badVenue = await t.post('/api/betrecord', { api_type: 'a b' }, { token: m.token });
    expect(badVenue.status).toBe(400);
  });

  it("never shows another member's bets, on the same lottery period or venue", async () => {
    const [a, b] = [await member(), await member()];
    const round = await bet(a.token, [[BIG, 10]]);
    await bet(b.token, [
      [BIG, 30],
      [SMALL, 40],
    ]);
    setClock(now() + 1000);
    await play(a, 'AG', 700n, true);
    await play(b, 'AG', 900n, false);
    await settle(round);
    const ofA = await records(a.token);
    expect(ofA.data.map((r) => [r.venue, r.betAmount])).toEqual([
      ['AG', 700],
      ['lottery', 1_000],
    ]);
    expect(ofA.sum?.betAmount).toBe(1_700);
    const ofB = await records(b.token);
    expect(ofB.data.map((r) => [r.venue, r.betAmount])).toEqual([
      ['AG', 900],
      ['lottery', 7_000],
    ]);
  });
});
