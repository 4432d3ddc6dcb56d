import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { lotteryRoom, lotteryRooms } from '@app/contract/lottery';
import { Draw } from '@app/contract/lottery-result';
import type { LotteryType } from '@app/contract/enums';
import { deriveBalls, seedHash, verifyDraw } from '@app/contract/lottery-draw';
import { roundPhase } from '@app/contract/lottery-rules';
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setClock } from '../../core/clock';
import { buildApp } from '../../app';
import { chatMessages, lotteries, lotteryRounds } from '../../db/schema/lottery';
import type { RoomMessage } from '../../http/realtime/room-bus';
import { dataOf, testConfig } from '../../../test/helpers';
import { lotteryTiming, nextSlot, secondsUntil, slotAt } from './scheduler';
import { NOTICE_HISTORY_SIZE } from './service';
import { SEED_LOTTERIES } from '../../seed/lottery';
import {
  lotteryOf,
  lotteryTestApp,
  openRound,
  refusal,
  room,
  roomId,
  roomsOf,
  roundRow,
  t,
  toNextRound,
  token,
  type RoomList,
} from './test-support';

lotteryTestApp();

const typeOf = (n: number): LotteryType => (n === 1 ? 1 : 2);

describe('rooms', () => {
  it('lotteryList gives every seeded room with its lottery title', async () => {
    const data = dataOf<RoomList>(await t.post('/api/lotteryList'));
    const expected = SEED_LOTTERIES.flatMap((l) => l.rooms.map((title) => [l.title, title]));
    expect(data.map((r) => [r.lottery.title, r.title])).toEqual(expected);
    expect(lotteryRooms.response.parse(data)[0]).toMatchObject({ lotteryTitle: '加拿大28', title: '新手房' });
  });

  it('lotteryRoom {name} finds a lottery by code or title; unknown is an empty list', async () => {
    expect((await roomsOf('jnd28')).map((r) => r.title)).toEqual(['新手房', '高手房', 'VIP房']);
    expect((await roomsOf('幸运28')).map((r) => r.lottery.title)).toEqual(['幸运28', '幸运28']);
    expect(await roomsOf('xglhc')).toHaveLength(2);
    expect(await roomsOf('nope')).toEqual([]);
    expect(refusal(await t.post('/api/lotteryRoom', { name: ' ' }))).toEqual([400, '彩种不存在']);
  });

  it("the hall's lottery platforms open a seeded lottery", async () => {
    const games = dataOf<{ category_id: string; game_code: string }[]>(
      await t.get('/api/game/list', { category: 'lottery' }),
    ).filter((g) => g.category_id === 'lottery');
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) expect((await roomsOf(g.game_code)).length).toBeGreaterThan(0);
  });

  it('GET lotteryRoom: the room with its round, results, chat and plays, as the contract reads it', async () => {
    const data = await room(await roomId('jnd28'));
    const parsed = lotteryRoom.response.parse(data);
    expect(parsed).toMatchObject({
      roomTitle: '新手房',
      lotteryTitle: '加拿大28',
      lotteryType: 2,
      closeSeconds: 30,
    });
    expect(parsed.playGroups.map((g) => g.name)).toEqual(['大小单双', '和值', '波色']);
    expect(parsed.now.openExpect).toMatch(/^20300115\d{3}$/);
    expect(parsed.now.openHash).toMatch(/^[0-9a-f]{64}$/);
    const six = await room(await roomId('xglhc'));
    expect(six.lottery.type).toBe(1);
    expect(six.playbox[0]).toMatchObject({ name: '特码', special: 1 });
  });

  it('visitors may list rooms but not open one or order; an unknown room is refused', async () => {
    const id = await roomId('jnd28');
    expect(refusal(await t.get('/api/lotteryRoom', { room_id: String(id) }))).toEqual([401, '请先登录']);
    expect(refusal(await t.post('/api/lotteryOrder', { room_id: id, order: [], expect: '1' }))).toEqual([
      401,
      '请先登录',
    ]);
    expect(refusal(await t.get('/api/lotteryRoom', { room_id: '999999' }, { token }))).toEqual([
      400,
      '房间不存在',
    ]);
    expect(refusal(await t.get('/api/lotteryRoom', { room_id: 'x' }, { token }))).toEqual([
      400,
      '房间不存在',
    ]);
  });
});

describe('rounds from the clock', () => {
  const beijing = (y: number, mo: number, d: number, h: number, mi: number, s = 0) =>
    Date.UTC(y, mo - 1, d, h, mi, s) - BEIJING_OFFSET_MS;

  it('numbers rounds by Beijing day and slot, across midnight, the last slot ending at midnight', () => {
    const t210 = lotteryTiming({ periodSeconds: 210, closeSeconds: 30 });
    expect(slotAt(t210, beijing(2030, 1, 16, 0, 0))).toMatchObject({
      expect: '20300116001',
      opensAt: beijing(2030, 1, 16, 0, 0),
      drawsAt: beijing(2030, 1, 16, 0, 3, 30),
      closesAt: beijing(2030, 1, 16, 0, 3),
    });
    // 86400 / 210 = 411 slots; the last one takes the remaining 90 s too (300 s) and draws at midnight.
    const last = slotAt(t210, beijing(2030, 1, 15, 23, 59, 59));
    expect(last).toMatchObject({ expect: '20300115411', drawsAt: beijing(2030, 1, 16, 0, 0) });
    expect(last.drawsAt - last.opensAt).toBe(300_000);
    expect(nextSlot(t210, beijing(2030, 1, 15, 23, 58)).expect).toBe('20300116001');
    // Beijing midnight is 16:00 UTC of the day before.
    expect(slotAt(t210, Date.UTC(2030, 0, 15, 16, 0, 0)).expect).toBe('20300116001');
    expect(slotAt(t210, Date.UTC(2030, 0, 15, 15, 59, 59)).expect).toBe('20300115411');
    const t300 = lotteryTiming({ periodSeconds: 300, closeSeconds: 30 });
    expect(slotAt(t300, beijing(2030, 1, 15, 23, 59)).expect).toBe('20300115288');
    expect(slotAt(t300, beijing(2030, 1, 15, 0, 4, 59)).expect).toBe('20300115001');
  });

  it('LOTTERY_PERIOD_SECONDS replaces the period and scales the close time', () => {
    expect(lotteryTiming({ periodSeconds: 210, closeSeconds: 30 }, 21)).toEqual({
      periodSeconds: 21,
      closeSeconds: 3,
    });
    expect(lotteryTiming({ periodSeconds: 210, closeSeconds: 30 }, 5)).toEqual({
      periodSeconds: 5,
      closeSeconds: 2,
    });
    expect(lotteryTiming({ periodSeconds: 300, closeSeconds: 30 }, 600)).toEqual({
      periodSeconds: 600,
      closeSeconds: 60,
    });
    const five = lotteryTiming({ periodSeconds: 210, closeSeconds: 30 }, 5);
    expect(slotAt(five, beijing(2030, 1, 15, 23, 59, 59)).expect).toBe('2030011517280');
    expect(slotAt(five, beijing(2030, 1, 15, 0, 0, 7)).expect).toBe('2030011500002');
  });

  it('timeout counts whole seconds to the draw; the phase follows it', async () => {
    const r = await openRound('jnd28');
    setClock(r.opensAt.getTime() + 10_500);
    let data = await room(await roomId('jnd28'));
    expect(data.lottery.nowdata.timeout).toBe(200);
    expect(data.lottery.nowdata.nextexpect).toBe(r.expect);
    expect(roundPhase(data.lottery.nowdata.timeout, data.ftime)).toBe('open');
    setClock(r.closesAt.getTime());
    data = await room(await roomId('jnd28'));
    expect(data.lottery.nowdata.timeout).toBe(30);
    expect(roundPhase(data.lottery.nowdata.timeout, data.ftime)).toBe('closed');
    expect(secondsUntil(r.drawsAt.getTime(), r.closesAt.getTime() - 1)).toBe(31);
  });

  it('publishes the hash when a round opens, the next one ahead, and the seed only once drawn', async () => {
    const id = await roomId('jnd28');
    const r = await openRound('jnd28');
    const next = await roundRow(
      'jnd28',
      slotAt(lotteryTiming(await lotteryOf('jnd28')), r.drawsAt.getTime()).expect,
    );
    expect(next.hash).toBe(seedHash(next.seed));
    const before = await t.get('/api/lotteryRoom', { room_id: String(id) }, { token });
    expect(before.text).toContain(r.hash);
    expect(before.text).not.toContain(r.seed);
    expect(before.text).not.toContain(next.seed);

    const seen: RoomMessage[] = [];
    const off = t.app.roomBus.subscribe(id, (m) => seen.push(m));
    const report = await toNextRound('jnd28');
    off();
    expect(report.drawn.map((d) => [d.code, d.expect])).toContainEqual(['jnd28', r.expect]);

    const after = await room(id);
    expect(after.lottery.nowdata.expect).toBe(r.expect);
    expect(after.lottery.nowdata.nextexpect).toBe(next.expect);
    expect(after.lottery.nowdata.hash).toBe(next.hash);
    const last = Draw.parse(after.lottery.nowdata.last);
    expect(last).toMatchObject({ expect: r.expect, hash: r.hash, seed: r.seed });
    expect(last.numbers).toEqual(deriveBalls(2, r.seed, r.expect));
    expect(verifyDraw(2, last)).toBe(true);
    expect(JSON.stringify(after)).not.toContain(next.seed);

    // The room heard the draw (with the result) and the new round (with its hash), and keeps both.
    const draw = seen.find((m) => m.type === 'draw');
    const balls = deriveBalls(2, r.seed, r.expect);
    const sum = balls.reduce((s, b) => s + b, 0);
    expect(draw).toMatchObject({ sysmsg: false, expect: r.expect, hash: r.hash });
    expect(draw?.content).toBe(
      `第${r.expect}期开奖：${balls.join('+')}=${sum} ${sum >= 14 ? '大' : '小'}${sum % 2 ? '单' : '双'}`,
    );
    expect(Draw.parse(draw?.result).seed).toBe(r.seed);
    // The new round: a short notice, its hash beside the text (for 验证), never in it.
    expect(seen.find((m) => m.type === 'open')).toMatchObject({
      sysmsg: false,
      content: `第${next.expect}期开始投注`,
      expect: next.expect,
      hash: next.hash,
    });
    expect(after.chatdata.slice(-2).map((c) => c.content)).toEqual(seen.map((m) => m.content));
    expect(after.chatdata.slice(-2)).toMatchObject([
      { type: 'draw', expect: r.expect },
      { type: 'open', expect: next.expect },
    ]);
  });

  it('keeps what members wrote in the history however many rounds pass; only the last notices stay', async () => {
    const id = await roomId('xy28');
    const m = await t.newMember();
    // An old opening notice, stored with its hash in the text as before.
    const [old] = await t.db
      .insert(chatMessages)
      .values({
        roomId: id,
        userId: null,
        author: '系统',
        content: `第20300101001期开始投注，2030-01-01 00:03:30 开奖，本期哈希 ${'a'.repeat(64)}`,
        kind: 'open',
        payload: JSON.stringify({ type: 'open', expect: '20300101001' }),
        createdAt: new Date(),
      })
      .returning({ id: chatMessages.id });
    expect(old).toBeDefined();
    await t.db.insert(chatMessages).values({
      roomId: id,
      userId: m.id,
      author: m.name,
      content: '有人在吗',
      kind: 'chat',
      createdAt: new Date(),
    });
    const quiet = await room(id);
    expect(quiet.chatdata.map((c) => c.content)).toContain('第20300101001期开始投注');
    for (let i = 0; i < 3; i++) await toNextRound('xy28'); // 6 notices
    const later = await room(id);
    expect(later.chatdata.map((c) => c.content)).toContain('有人在吗');
    expect(later.chatdata.filter((c) => c.user_id === 0)).toHaveLength(NOTICE_HISTORY_SIZE);
    expect(JSON.stringify(later.chatdata)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('keeps the draw of every round an order in the history was for, however many rounds pass', async () => {
    const id = await roomId('xy28', 1);
    const m = await t.newMember();
    const bet = await openRound('xy28');
    // The order's announcement as the order desk stores it (its payload names the round).
    const order = { type: 'order', id: m.id, author: m.name, content: '大 10.00元', expect: bet.expect };
    await t.db.insert(chatMessages).values({
      roomId: id,
      userId: m.id,
      author: m.name,
      content: order.content,
      kind: 'order',
      payload: JSON.stringify(order),
      createdAt: new Date(),
    });
    for (let i = 0; i < 4; i++) await toNextRound('xy28'); // 8 notices: the bet round's draw is older
    const later = await room(id);
    const draws = later.chatdata.filter((c) => c.type === 'draw').map((c) => c.expect);
    expect(draws).toContain(bet.expect);
    const lines = later.chatdata.map((c) => c.content);
    expect(lines.indexOf('大 10.00元')).toBeLessThan(
      later.chatdata.findIndex((c) => c.type === 'draw' && c.expect === bet.expect),
    );
    // Besides it, only the last few notices: the room's history is still what members wrote.
    expect(later.chatdata.filter((c) => c.user_id === 0)).toHaveLength(NOTICE_HISTORY_SIZE + 1);
  });

  it('re-derives every past draw from its revealed seed, across a Beijing midnight', async () => {
    for (let i = 0; i < 8; i++) await toNextRound('jnd28');
    for (const code of ['jnd28', 'xy28', 'xglhc']) {
      const data = await room(await roomId(code));
      const parsed = lotteryRoom.response.parse(data);
      expect(parsed.history.length).toBeGreaterThan(0);
      for (const d of parsed.history) expect(verifyDraw(parsed.lotteryType, d)).toBe(true);
      expect(parsed.history.map((d) => d.expect)).toEqual(
        [...parsed.history.map((d) => d.expect)].sort().reverse(),
      );
    }
    const rows = await t.db
      .select({ round: lotteryRounds, type: lotteries.type, code: lotteries.code })
      .from(lotteryRounds)
      .innerJoin(lotteries, eq(lotteries.id, lotteryRounds.lotteryId))
      .where(isNotNull(lotteryRounds.drawnAt));
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const { round, type } of rows) {
      const numbers = (round.balls ?? '').split(',').map(Number);
      expect(verifyDraw(typeOf(type), { ...round, numbers })).toBe(true);
    }
    const jnd = rows.filter((r) => r.code === 'jnd28').map((r) => r.round.expect);
    expect(jnd).toContain('20300115411');
    expect(jnd).toContain('20300116001');
  });
});

describe('the ticker', () => {
  it('runs the draws once the app listens when scheduledJobs is on, and stops on close', async () => {
    const r = await openRound('jnd28');
    setClock(r.drawsAt.getTime() + 100);
    const app = await buildApp({ config: testConfig(), db: t.db, logger: false, scheduledJobs: true });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const deadline = Date.now() + 10_000;
      while ((await roundRow('jnd28', r.expect)).drawnAt === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await roundRow('jnd28', r.expect)).drawnAt).not.toBeNull();
    } finally {
      await app.close();
    }
  });

  it('no app without scheduledJobs draws on its own', async () => {
    const r = await openRound('jnd28');
    setClock(r.drawsAt.getTime() + 100);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await roundRow('jnd28', r.expect)).drawnAt).toBeNull();
  });
});
