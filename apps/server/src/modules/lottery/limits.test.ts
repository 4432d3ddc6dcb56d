/**
 * Room and order limits (issue 27; server-rules 'Lottery'): orders rate-limited per member, lines per
 * member and round capped across a lottery's rooms (under concurrency too), order announcements within
 * the chat's length and rate, VIP rooms refusing members below their level.
 */
import { performance } from 'node:perf_hooks';
import { CHAT_MAX_LENGTH, CHAT_MIN_INTERVAL_MS } from '@app/contract/chat';
import { toCents } from '@app/contract/codecs';
import {
  lotteryOrder,
  lotteryRoom,
  lotteryRooms,
  MSG_ORDERS_TOO_FAST,
  msgLinesCap,
  msgRoomVip,
  ORDERS_PER_SECOND,
} from '@app/contract/lottery';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { lotteries, lotteryOrders } from '../../db/schema/lottery';
import type { RoomMessage } from '../../http/realtime/room-bus';
import { buildTestApp, dataOf, idem } from '../../../test/helpers';
import { announcementText, OrderDesk } from './order-desk';
import { placeOrder } from './orders';
import {
  balanceOf,
  bettable,
  lotteryOf,
  lotteryTestApp,
  order,
  refusal,
  room,
  roomId,
  roomsOf,
  t,
  toNextRound,
} from './test-support';

lotteryTestApp();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lines = (n: number, play = 201, total = 1) =>
  Array.from({ length: n }, () => ({ id: play, total, data: [] }));
async function funded(yuan = '1000.00') {
  const m = await t.newMember();
  await t.fund(m.id, yuan);
  return m;
}
async function linesOf(userId: number) {
  const [n] = await t.db.select({ n: count() }).from(lotteryOrders).where(eq(lotteryOrders.userId, userId));
  return n?.n ?? 0;
}

describe('orders per member and second', () => {
  it('a member placing more than the limit within a second is refused (429); others are not; a second later it passes', async () => {
    // This app's limit is the contract's (the shared test app's is generous).
    const strict = await buildTestApp({ config: { rateLimit: { ordersPerSecond: ORDERS_PER_SECOND } } });
    try {
      const [a, b] = [await strict.newMember(), await strict.newMember()];
      for (const m of [a, b]) await strict.fund(m.id, '100.00');
      // The clock stands in an open round; the strict app (a database of its own) makes it on first sight.
      const [r] = await bettable('jnd28');
      if (!r) throw new Error('no round');
      const id = await roomId('jnd28');
      const seen = dataOf<{ lottery: { nowdata: { nextexpect: string } } }>(
        await strict.get('/api/lotteryRoom', { room_id: String(id) }, { token: a.token }),
      );
      expect(seen.lottery.nowdata.nextexpect).toBe(r.expect);
      const body = { room_id: id, expect: r.expect, order: lines(1) };
      const send = (token: string) => strict.post('/api/lotteryOrder', body, { token, headers: idem() });
      const burst = await Promise.all(Array.from({ length: ORDERS_PER_SECOND + 2 }, () => send(a.token)));
      const ok = burst.filter((x) => x.body?.code === 200);
      const refused = burst.filter((x) => x.body?.code !== 200);
      expect(ok).toHaveLength(ORDERS_PER_SECOND);
      for (const x of refused) expect(refusal(x)).toEqual([429, MSG_ORDERS_TOO_FAST]);
      // The chat's bet commands share the member's slots (placeOrder takes them).
      await expect(
        placeOrder(strict.app, {
          userId: a.id,
          roomId: id,
          expect: r.expect,
          lines: [{ playId: 201, amountCents: 100, pick: null }],
        }),
      ).rejects.toThrow(MSG_ORDERS_TOO_FAST);
      expect(dataOf(await send(b.token))).toMatchObject({ type: 'order' });
      await sleep(1050);
      expect((await send(a.token)).body?.code).toBe(200);
      expect(await strict.ledgerCheck()).toMatchObject({ ok: true, total: '0' });
    } finally {
      await strict.close();
    }
  });

  it('counts over a sliding second, per member, in monotonic time', () => {
    const desk = new OrderDesk({ db: t.db, bus: t.app.roomBus, ordersPerSecond: 2 });
    expect([desk.takeOrderSlot(1, 0), desk.takeOrderSlot(1, 10), desk.takeOrderSlot(1, 20)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(desk.takeOrderSlot(2, 20)).toBe(true);
    expect(desk.takeOrderSlot(1, 999)).toBe(false);
    expect(desk.takeOrderSlot(1, 1000)).toBe(true);
    expect(desk.takeOrderSlot(1, 1005)).toBe(false);
    expect(desk.takeOrderSlot(1, 1010)).toBe(true);
  });
});

describe('lines per member and round', () => {
  it('counts every room of the lottery; an order past the cap is refused whole, naming it; the next round starts again', async () => {
    const m = await funded();
    const [r] = await bettable('xy28');
    if (!r) throw new Error('no round');
    const [a, b] = [await roomId('xy28', 0), await roomId('xy28', 1)];
    expect((await lotteryOf('xy28')).maxLinesPerMember).toBe(200);
    for (const id of [a, b]) {
      const reply = await order({ room_id: id, expect: r.expect, order: lines(90) }, { as: m.token });
      expect(reply.body?.code).toBe(200);
    }
    const before = await balanceOf(m.id);
    expect(refusal(await order({ room_id: a, expect: r.expect, order: lines(30) }, { as: m.token }))).toEqual(
      [400, msgLinesCap(200, 20)],
    );
    expect(msgLinesCap(200, 20)).toBe('本期投注将超过上限，每期最多200注，本期还可投20注');
    expect(
      (await order({ room_id: b, expect: r.expect, order: lines(20) }, { as: m.token })).body?.code,
    ).toBe(200);
    expect(refusal(await order({ room_id: a, expect: r.expect, order: lines(1) }, { as: m.token }))).toEqual([
      400,
      '本期投注已达上限，每期最多200注',
    ]);
    expect(await balanceOf(m.id)).toBe(before - 2000n);
    expect(await linesOf(m.id)).toBe(200);
    // Another member is not concerned; the next round is a new count.
    const other = await funded();
    const first = await order({ room_id: a, expect: r.expect, order: lines(5) }, { as: other.token });
    expect(first.body?.code).toBe(200);
    await toNextRound('xy28');
    const [next] = await bettable('xy28');
    expect(next?.expect).not.toBe(r.expect);
    const again = await order({ room_id: a, expect: next?.expect, order: lines(1) }, { as: m.token });
    expect(again.body?.code).toBe(200);
  });

  it('holds when one member sends many orders at once (PostgreSQL: truly concurrent)', async () => {
    const m = await funded();
    await t.db.update(lotteries).set({ maxLinesPerMember: 10 }).where(eq(lotteries.code, 'jnd28'));
    try {
      const [r] = await bettable('jnd28');
      if (!r) throw new Error('no round');
      const rooms = [await roomId('jnd28', 0), await roomId('jnd28', 1)];
      const before = await balanceOf(m.id);
      const replies = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          order({ room_id: rooms[i % 2], expect: r.expect, order: lines(1 + (i % 2)) }, { as: m.token }),
        ),
      );
      const accepted = replies.filter((x) => x.body?.code === 200);
      for (const x of replies.filter((y) => y.body?.code !== 200)) {
        expect(x.body?.message).toMatch(/^本期投注(将超过|已达)上限，每期最多10注/);
      }
      const [held] = await t.db
        .select({ n: count() })
        .from(lotteryOrders)
        .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.roundId, r.id)));
      expect(held?.n).toBeLessThanOrEqual(10);
      expect(held?.n).toBeGreaterThanOrEqual(9);
      expect(accepted.length).toBeGreaterThan(0);
      expect(await balanceOf(m.id)).toBe(before - BigInt(held?.n ?? 0) * 100n);
    } finally {
      await t.db.update(lotteries).set({ maxLinesPerMember: 200 }).where(eq(lotteries.code, 'jnd28'));
    }
  });
});

describe('VIP rooms', () => {
  it('the seeded VIP房 of 加拿大28 is for VIP3 and up: listed and shown with its level, bets below it refused (403)', async () => {
    const m = await funded();
    const list = lotteryRooms.response.parse(dataOf(await t.post('/api/lotteryList')));
    expect(list.filter((x) => x.lotteryTitle === '加拿大28').map((x) => [x.title, x.minVipLevel])).toEqual([
      ['新手房', 1],
      ['高手房', 1],
      ['VIP房', 3],
    ]);
    expect((await roomsOf('jnd28')).map((x) => (x as { min_vip_level?: number }).min_vip_level)).toEqual([
      1, 1, 3,
    ]);
    const vip = await roomId('jnd28', 2);
    const detail = lotteryRoom.response.parse(await room(vip, m.token));
    expect([detail.roomTitle, detail.minVipLevel]).toEqual(['VIP房', 3]);
    const [r] = await bettable('jnd28');
    if (!r) throw new Error('no round');
    const before = await balanceOf(m.id);
    const body = { room_id: vip, expect: r.expect, order: lines(1) };
    expect(refusal(await order(body, { as: m.token }))).toEqual([403, msgRoomVip(3, 'bet')]);
    expect(msgRoomVip(3, 'bet')).toBe('该房间仅限VIP3及以上会员投注');
    // The chat's commands are refused the same way (placeOrder).
    const input = {
      userId: m.id,
      roomId: vip,
      expect: r.expect,
      lines: [{ playId: 201, amountCents: 100, pick: null }],
    };
    await expect(placeOrder(t.app, input)).rejects.toThrow('该房间仅限VIP3及以上会员投注');
    await t.db.update(users).set({ vipLevel: 2 }).where(eq(users.id, m.id));
    expect(refusal(await order(body, { as: m.token }))).toEqual([403, msgRoomVip(3, 'bet')]);
    expect(await balanceOf(m.id)).toBe(before);
    await t.db.update(users).set({ vipLevel: 3 }).where(eq(users.id, m.id));
    expect((await order(body, { as: m.token })).body?.code).toBe(200);
    expect(await balanceOf(m.id)).toBe(before - 100n);
  });

  it('a reply without the level (another back end) reads as a room for everyone', () => {
    expect(
      lotteryRooms.response.parse([{ id: 1, title: '新手房', lottery: { title: 'x' } }])[0]?.minVipLevel,
    ).toBe(1);
    expect(
      lotteryRooms.response.parse([{ id: 1, title: 'VIP', min_vip_level: 'VIP4' }])[0]?.minVipLevel,
    ).toBe(4);
  });
});

/** Lines and cents an announcement stands for: its summary ('等35注，共350.00元'), else its listed lines. */
function represented(text: string): { lines: number; cents: number } {
  const summary = /等(\d+)注，共(\d+\.\d\d)元$/.exec(text);
  if (summary) return { lines: Number(summary[1]), cents: toCents(summary[2] ?? '') ?? NaN };
  const amounts = [...text.matchAll(/ (\d+\.\d\d)元/g)].map((x) => toCents(x[1] ?? '') ?? NaN);
  return { lines: amounts.length, cents: amounts.reduce((s, c) => s + c, 0) };
}

describe('order announcements', () => {
  it('100 orders in a burst: each announcement ≤ 200 characters, at most one a second, every line represented', async () => {
    const m = await funded('2000.00');
    // 300 lines on one round: past the default cap of 200 per member.
    await t.db.update(lotteries).set({ maxLinesPerMember: 300 }).where(eq(lotteries.code, 'jnd28'));
    const [r] = await bettable('jnd28');
    if (!r) throw new Error('no round');
    const id = await roomId('jnd28', 1);
    const heard: { at: number; message: RoomMessage }[] = [];
    const off = t.app.roomBus.subscribe(id, (message) => {
      if (message.type === 'order' && message.id === m.id) heard.push({ at: performance.now(), message });
    });
    try {
      // Each order 大 and 小 of different amounts: 9 to 12 lines' worth of text, 100 of them.
      const orders = Array.from({ length: 100 }, (_, i) => [
        { id: 201, total: 1 + (i % 7), data: [] },
        { id: 202, total: 2, data: [] },
        { id: 300 + (i % 28), total: '1.50', data: [] },
      ]);
      const replies = await Promise.all(
        orders.map((o) => order({ room_id: id, expect: r.expect, order: o }, { as: m.token })),
      );
      for (const [i, x] of replies.entries()) {
        const reply = lotteryOrder.response.parse(dataOf(x));
        // The reply is the order's own announcement, as the room reads it.
        expect(reply).toMatchObject({ kind: 'order', userId: m.id, expect: r.expect });
        expect(represented(reply?.content ?? '')).toEqual({
          lines: 3,
          cents: (1 + (i % 7)) * 100 + 200 + 150,
        });
      }
      await sleep(CHAT_MIN_INTERVAL_MS + 300);
      const lastAt = heard.at(-1)?.at ?? 0;
      await sleep(Math.max(0, lastAt + CHAT_MIN_INTERVAL_MS + 200 - performance.now()));
    } finally {
      off();
      await t.db.update(lotteries).set({ maxLinesPerMember: 200 }).where(eq(lotteries.code, 'jnd28'));
    }
    expect(heard.length).toBeGreaterThan(1);
    expect(heard.length).toBeLessThan(100);
    for (const h of heard) {
      expect(h.message.content.length).toBeLessThanOrEqual(CHAT_MAX_LENGTH);
      expect(h.message.expect).toBe(r.expect);
    }
    for (let i = 1; i < heard.length; i++) {
      expect((heard[i]?.at ?? 0) - (heard[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(CHAT_MIN_INTERVAL_MS - 1);
    }
    // Every order's lines are in some announcement (listed or summarised), none twice.
    const total = heard
      .map((h) => represented(h.message.content))
      .reduce((s, x) => ({ lines: s.lines + x.lines, cents: s.cents + x.cents }), { lines: 0, cents: 0 });
    const stake = Array.from({ length: 100 }, (_, i) => (1 + (i % 7)) * 100 + 350).reduce((s, c) => s + c, 0);
    expect(total).toEqual({ lines: 300, cents: stake });
    // The room's history keeps the announcements as they went out.
    const history = (await room(id, m.token)).chatdata.filter(
      (c) => c.type === 'order' && c.user_id === m.id,
    );
    expect(history.slice(-heard.length).map((c) => c.content)).toEqual(heard.map((h) => h.message.content));
  });

  it('cuts a long announcement to the chat length with a summary of what it stands for', () => {
    const line = (title: string, yuan: number) => ({ title, pick: null, cents: BigInt(yuan * 100) });
    expect(announcementText([{ expect: '20261122001', lines: [line('大', 10), line('单', 5)] }])).toBe(
      '第20261122001期 大 10.00元, 单 5.00元',
    );
    const many = Array.from({ length: 35 }, (_, i) => line(i % 2 ? '小' : '大', 10));
    const text = announcementText([{ expect: '20261122001', lines: many }]);
    expect(text.length).toBeLessThanOrEqual(CHAT_MAX_LENGTH);
    expect(text).toMatch(/^第20261122001期 大 10\.00元, 小 10\.00元, .+ 等35注，共350\.00元$/);
    // Orders of two rounds coalesced: each round named before its lines.
    expect(
      announcementText([
        { expect: '20261122001', lines: [line('大', 1)] },
        { expect: '20261122002', lines: [{ title: '特码', pick: 7, cents: 500n }] },
      ]),
    ).toBe('第20261122001期 大 1.00元；第20261122002期 特码 07 5.00元');
  });
});
