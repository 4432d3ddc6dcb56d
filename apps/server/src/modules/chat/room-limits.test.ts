/**
 * The chat socket and the lottery's room limits (issue 27): a VIP room above a member's level takes
 * neither chat lines nor bet commands from them; a bet command whose announcement waits (coalesced per
 * member and room) is confirmed to its sender at once.
 */
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { chatMessages, lotteryRooms } from '../../db/schema/lottery';
import { dataOf, idem } from '../../../test/helpers';
import { nextSlot } from '../lottery/scheduler';
import { createLotteryWithRooms, listeningTestApp, SocketClient, type ListeningApp } from './test-support';

let t: ListeningApp;
let room2a: number;
const opened: SocketClient[] = [];

beforeAll(async () => {
  t = await listeningTestApp();
  [room2a = 0] = (await createLotteryWithRooms(t.db, 2, 1)).roomIds;
});
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await t.close();
});

const member = () => t.newMember();
async function connect(roomId: number, token: string) {
  const c = await SocketClient.open(t.socketUrl(roomId, token));
  opened.push(c);
  return c;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('VIP rooms', () => {
  it("a member below the room's level may watch it, but neither speak nor bet there; once at the level it may", async () => {
    const { roomIds } = await createLotteryWithRooms(t.db, 2, 1);
    const vip = roomIds[0] ?? 0;
    await t.db.update(lotteryRooms).set({ minVipLevel: 3 }).where(eq(lotteryRooms.id, vip));
    const slot = nextSlot({ periodSeconds: 210, closeSeconds: 30 }, Date.now());
    setClock(slot.opensAt + 1000);
    try {
      const a = await member();
      await t.fund(a.id, '100.00');
      const ca = await connect(vip, a.token);
      expect(ca.isOpen).toBe(true);
      ca.send({ content: '你好', order: false });
      await ca.nextJson({ sysmsg: '该房间仅限VIP3及以上会员发言', id: 0 });
      await sleep(1050);
      ca.send({ content: '大10', order: true });
      await ca.nextJson({ sysmsg: '该房间仅限VIP3及以上会员投注', id: 0 });
      expect(dataOf(await t.post('/api/balance', {}, { token: a.token }))).toEqual({ balance: '100.00' });
      expect(
        await t.db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.roomId, vip), eq(chatMessages.userId, a.id))),
      ).toEqual([]);
      // The daily VIP job (or an operator) raises the member: it holds from the next message.
      await t.db.update(users).set({ vipLevel: 3 }).where(eq(users.id, a.id));
      await sleep(1050);
      ca.send({ content: '你好', order: false });
      await ca.nextJson({ content: '你好', id: a.id });
      await sleep(1050);
      ca.send({ content: '大10', order: true });
      await ca.nextJson({ type: 'order', id: a.id });
    } finally {
      resetClock();
    }
  });
});

describe('bet commands and order announcements', () => {
  it('a command within a second of the member’s last order in the room: 投注成功 at once, the room hears it when the second ends', async () => {
    const slot = nextSlot({ periodSeconds: 210, closeSeconds: 30 }, Date.now() + 420_000);
    setClock(slot.opensAt + 1000);
    try {
      const a = await member();
      await t.fund(a.id, '100.00');
      const ca = await connect(room2a, a.token);
      // The round exists once someone looks at the room (as the app does before its first bet).
      dataOf(await t.get('/api/lotteryRoom', { room_id: String(room2a) }, { token: a.token }));
      const body = { room_id: room2a, expect: slot.expect, order: [{ id: 201, total: 1, data: [] }] };
      expect((await t.post('/api/lotteryOrder', body, { token: a.token, headers: idem() })).body?.code).toBe(
        200,
      );
      await ca.nextJson({ type: 'order', id: a.id, content: `第${slot.expect}期 大 1.00元` });
      const from = ca.frames.length;
      ca.send({ content: '小2', order: true });
      const taken = JSON.parse(await ca.next((f) => f.includes('投注成功'), 3000, from)) as Record<
        string,
        unknown
      >;
      expect(taken).toMatchObject({ sysmsg: '投注成功', id: 0 });
      const told = performance.now();
      const later = JSON.parse(await ca.next((f) => f.includes('"type":"order"'), 3000, from)) as Record<
        string,
        unknown
      >;
      expect(later).toMatchObject({ id: a.id, content: `第${slot.expect}期 小 2.00元` });
      expect(performance.now() - told).toBeGreaterThan(100);
    } finally {
      resetClock();
    }
  });
});
