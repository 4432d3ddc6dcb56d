import { BEIJING_OFFSET_MS, formatCents } from '@app/contract/codecs';
import { Draw, lotteryOrder, lotteryRoom, lotteryRooms, MSG_ROUND_CLOSED } from '@app/contract/lottery';
import { deriveBalls, roundPhase, seedHash, type LotteryType, verifyDraw } from '@app/contract/lottery-rules';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { now, resetClock, setClock } from '../../core/clock';
import { buildApp } from '../../app';
import { validBets } from '../../db/schema/money';
import { lotteries, lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import { COMMANDS, UsageError } from '../../ops/commands';
import type { RoomMessage } from '../../http/realtime/room-bus';
import { centralBalance } from '../wallet/service';
import {
  buildTestApp,
  dataOf,
  expectEnvelope,
  idem,
  testConfig,
  type Reply,
  type TestApp,
} from '../../../test/helpers';
import { runDue, type RunDueOptions } from './draw';
import { currentRound, placeOrder } from './service';
import { lotteryTiming, nextSlot, secondsUntil, slotAt } from './scheduler';
import { SEED_LOTTERIES } from '../../seed/lottery';

/** Beijing 2030-01-15 23:40:00: a few 210 s rounds before a Beijing midnight. */
const T0 = Date.UTC(2030, 0, 15, 23, 40, 0) - BEIJING_OFFSET_MS;

let t: TestApp;
let token: string;
let memberId: number;
beforeAll(async () => {
  setClock(T0);
  t = await buildTestApp();
  const m = await t.newMember();
  token = m.token;
  memberId = m.id;
  await t.fund(m.id, '1000.00');
});
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
  resetClock();
});

const isPg = () => inject('serverTestDb').kind === 'postgres';
type RoomList = { id: number; title: string; lottery: { title: string } }[];
type RoomWire = {
  id: number;
  title: string;
  ftime: number;
  lottery: {
    title: string;
    type: number;
    nowdata: {
      expect: string;
      nextexpect: string;
      timeout: number;
      hash: string;
      last: Record<string, unknown> | null;
    };
    openlist: Record<string, unknown>[];
  };
  chatdata: { user_id: number; author: string; content: string }[];
  playbox: { name: string; special: number; childrens: { id: number; playtitle: string; odds: number }[] }[];
};

const drive = (opts: RunDueOptions = {}) => runDue(t.db, t.app.roomBus, now(), opts);

async function roomsOf(name: string): Promise<RoomList> {
  return dataOf<RoomList>(await t.post('/api/lotteryRoom', { name }));
}
async function roomId(code: string, index = 0): Promise<number> {
  const room = (await roomsOf(code))[index];
  if (!room) throw new Error(`no room ${index} of ${code}`);
  return room.id;
}
async function room(id: number, as = token): Promise<RoomWire> {
  return dataOf<RoomWire>(await t.get('/api/lotteryRoom', { room_id: String(id) }, { token: as }));
}
async function lotteryOf(code: string) {
  const [l] = await t.db.select().from(lotteries).where(eq(lotteries.code, code));
  if (!l) throw new Error(`no lottery ${code}`);
  return l;
}
/** The round row (seed included: the test reads the database, as no client can). */
async function roundRow(code: string, expectText: string) {
  const l = await lotteryOf(code);
  const [r] = await t.db
    .select()
    .from(lotteryRounds)
    .where(and(eq(lotteryRounds.lotteryId, l.id), eq(lotteryRounds.expect, expectText)));
  if (!r) throw new Error(`no round ${code} ${expectText}`);
  return r;
}
/** The open round of a lottery as the room shows it, and its row. */
async function openRound(code: string) {
  const data = await room(await roomId(code));
  return roundRow(code, data.lottery.nowdata.nextexpect);
}
/** Moves the clock to 1 s after the open round's draw, then runs the scheduled step. */
async function toNextRound(code: string, opts: RunDueOptions = {}) {
  const r = await openRound(code);
  setClock(r.drawsAt.getTime() + 1000);
  return drive(opts);
}
/**
 * Moves the clock forward (never back) until every named lottery's round is open for bets, running
 * the scheduled step at each move; returns those rounds.
 */
async function bettable(...codes: string[]) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const rounds = [];
    let moved = false;
    for (const code of codes) {
      const r = await openRound(code);
      if (now() >= r.closesAt.getTime()) {
        setClock(r.drawsAt.getTime() + 1000);
        await drive();
        moved = true;
        break;
      }
      rounds.push(r);
    }
    if (!moved) return rounds;
  }
  throw new Error(`no moment when ${codes.join(', ')} are all open`);
}
const first = <T>(list: T[]): T => {
  const [x] = list;
  if (x === undefined) throw new Error('empty');
  return x;
};
function order(body: Record<string, unknown>, opts: { key?: string; as?: string } = {}): Promise<Reply> {
  return t.post('/api/lotteryOrder', body, { token: opts.as ?? token, headers: idem(opts.key) });
}
const refusal = (r: Reply) => {
  expectEnvelope(r);
  return [r.status, r.body.message];
};
const balanceOf = async (userId: number) => centralBalance(t.db, userId);
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
    expect(draw).toMatchObject({ sysmsg: true, expect: r.expect, hash: r.hash });
    expect(draw?.content).toBe(
      `第${r.expect}期开奖：${balls.join('+')}=${sum} ${sum >= 14 ? '大' : '小'}${sum % 2 ? '单' : '双'}`,
    );
    expect(Draw.parse(draw?.result).seed).toBe(r.seed);
    expect(seen.find((m) => m.type === 'open')).toMatchObject({ expect: next.expect, hash: next.hash });
    expect(after.chatdata.slice(-2).map((c) => c.content)).toEqual(seen.map((m) => m.content));
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

describe('orders', () => {
  it('accepts an order while the round is open: the stake moves to lottery stakes, the room hears it', async () => {
    await toNextRound('jnd28');
    const id = await roomId('jnd28');
    const r = await openRound('jnd28');
    const before = await balanceOf(memberId);
    const seen: RoomMessage[] = [];
    const off = t.app.roomBus.subscribe(id, (m) => seen.push(m));
    const reply = await order({
      room_id: id,
      expect: r.expect,
      order: [
        { id: 201, total: 10, data: [] },
        { id: 203, total: '5.50', data: [] },
      ],
    });
    off();
    expectEnvelope(reply);
    expect(reply.body.message).toBe('投注成功');
    const message = lotteryOrder.response.parse(reply.body.data);
    expect(message).toMatchObject({ system: false, kind: 'order', expect: r.expect, userId: memberId });
    expect(message?.content).toBe(`第${r.expect}期 大 10.00元, 单 5.50元`);
    expect(seen.map((m) => m.content)).toEqual([message?.content]);
    expect(await balanceOf(memberId)).toBe(before - 1550n);
    const lines = await t.db
      .select()
      .from(lotteryOrders)
      .where(eq(lotteryOrders.roundId, r.id))
      .orderBy(asc(lotteryOrders.id));
    expect(lines.map((l) => [l.playId, l.playTitle, l.stakeCents, l.oddsHundredths, l.state])).toEqual([
      [201, '大', 1000n, 196, 'open'],
      [203, '单', 550n, 196, 'open'],
    ]);
    expect(new Set(lines.map((l) => l.batch)).size).toBe(1);
    const chat = (await room(id)).chatdata.at(-1);
    expect(chat).toMatchObject({ user_id: memberId, content: message?.content });
    // What the chat's text commands use: the same round, and placeOrder directly.
    const { round } = await currentRound(t.db, id);
    expect(round.expect).toBe(r.expect);
    const direct = await placeOrder(t.db, t.app.roomBus, {
      userId: memberId,
      roomId: id,
      expect: round.expect,
      lines: [{ playId: 300 + 13, amountCents: 100, pick: null }],
    });
    expect(direct).toMatchObject({ type: 'order', id: memberId, content: `第${r.expect}期 13 1.00元` });
    expect(await balanceOf(memberId)).toBe(before - 1650n);
    await expect(
      placeOrder(t.db, t.app.roomBus, {
        userId: memberId,
        roomId: id,
        expect: round.expect,
        lines: [{ playId: 201, amountCents: 99, pick: null }],
      }),
    ).rejects.toThrow('单注金额不能低于1元');
  });

  it('refuses orders once the round closes, for past, unknown and future rounds, changing nothing', async () => {
    const id = await roomId('jnd28');
    const r = await openRound('jnd28');
    const next = slotAt(lotteryTiming(await lotteryOf('jnd28')), r.drawsAt.getTime()).expect;
    const before = await balanceOf(memberId);
    const line = [{ id: 201, total: 10, data: [] }];
    setClock(r.closesAt.getTime() - 1);
    const accepted = await order({ room_id: id, expect: r.expect, order: line });
    expect(accepted.body?.code).toBe(200);
    setClock(r.closesAt.getTime());
    expect(refusal(await order({ room_id: id, expect: r.expect, order: line }))).toEqual([
      400,
      MSG_ROUND_CLOSED,
    ]);
    expect(refusal(await order({ room_id: id, expect: next, order: line }))).toEqual([400, '期号无效']);
    expect(
      refusal(await order({ room_id: id, expect: (await room(id)).lottery.nowdata.expect, order: line })),
    ).toEqual([400, '期号已过期']);
    expect(refusal(await order({ room_id: id, expect: '123', order: line }))).toEqual([400, '期号无效']);
    expect(refusal(await order({ room_id: id, expect: 'a b', order: line }))).toEqual([400, '期号无效']);
    expect(await balanceOf(memberId)).toBe(before - 1000n);
    await toNextRound('jnd28');
  });

  it('refuses plays of another type, bad numbers, bad amounts, unknown rooms and more than the balance', async () => {
    const id = await roomId('jnd28');
    const six = await roomId('xglhc');
    const [r, r6] = await bettable('jnd28', 'xglhc');
    if (!r || !r6) throw new Error('no rounds');
    const poor = await t.newMember();
    await t.fund(poor.id, '20.00');
    const cases: [Record<string, unknown>, string][] = [
      [{ room_id: id, expect: r.expect, order: [{ id: 101, total: 10, data: [7] }] }, '玩法无效'],
      [{ room_id: id, expect: r.expect, order: [{ id: 999, total: 10, data: [] }] }, '玩法无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 201, total: 10, data: [] }] }, '玩法无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 101, total: 10, data: [] }] }, '号码无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 101, total: 10, data: [50] }] }, '号码无效'],
      [{ room_id: six, expect: r6.expect, order: [{ id: 101, total: 10, data: [1, 2] }] }, '号码无效'],
      [{ room_id: id, expect: r.expect, order: [{ id: 201, total: 10, data: [3] }] }, '号码无效'],
      [
        { room_id: id, expect: r.expect, order: [{ id: 201, total: '0.99', data: [] }] },
        '单注金额不能低于1元',
      ],
      [{ room_id: id, expect: r.expect, order: [{ id: 201, total: '', data: [] }] }, '请输入投注金额'],
      [{ room_id: id, expect: r.expect, order: [{ id: 201, total: -5, data: [] }] }, '金额无效，无法提交'],
      [{ room_id: id, expect: r.expect, order: [] }, '请选择投注内容'],
      [{ room_id: 999_999, expect: r.expect, order: [{ id: 201, total: 10, data: [] }] }, '房间不存在'],
      [
        {
          room_id: id,
          expect: r.expect,
          order: [
            { id: 201, total: 15, data: [] },
            { id: 202, total: '5.01', data: [] },
          ],
        },
        '余额不足',
      ],
    ];
    for (const [body, message] of cases) {
      expect([...refusal(await order(body, { as: poor.token })), JSON.stringify(body)]).toEqual([
        400,
        message,
        JSON.stringify(body),
      ]);
    }
    expect(await balanceOf(poor.id)).toBe(2000n);
    const [n] = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(eq(lotteryOrders.userId, poor.id));
    expect(n?.n).toBe(0);
    // The whole balance is fine; the 特码 grid takes one number.
    expect(
      (
        await order(
          { room_id: six, expect: r6.expect, order: [{ id: 101, total: 20, data: ['7'] }] },
          { as: poor.token },
        )
      ).body?.code,
    ).toBe(200);
    expect(await balanceOf(poor.id)).toBe(0n);
  });

  it('replays an Idempotency-Key: one order, one debit, the same reply', async () => {
    const id = await roomId('xy28');
    const r = first(await bettable('xy28'));
    const before = await balanceOf(memberId);
    const body = { room_id: id, expect: r.expect, order: [{ id: 209, total: 3, data: [] }] };
    const [a, b] = await Promise.all([
      order(body, { key: 'lottery-once-1' }),
      order(body, { key: 'lottery-once-1' }),
    ]);
    const c = await order(body, { key: 'lottery-once-1' });
    expect(a.body?.code).toBe(200);
    expect([b.text, c.text]).toEqual([a.text, a.text]);
    expect(await balanceOf(memberId)).toBe(before - 300n);
    const [n] = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(and(eq(lotteryOrders.roundId, r.id), eq(lotteryOrders.userId, memberId)));
    expect(n?.n).toBe(1);
  });
});

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
        { id: 101, total: 2, data: [special] }, // wins ×47
        { id: 101, total: 2, data: [(special % 49) + 1] }, // loses
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
    // One valid bet per round: the money at risk. jnd28: 大 and 小 at 10 always bring 19.60 back,
    // and some total wins neither sum line ⇒ 19.60 × 100 / 98 = 20.00 hedged, 30.33 − 20.00 = 10.33.
    // xglhc: two 特码 numbers can both lose ⇒ the whole 4.00.
    const bets = await t.db
      .select()
      .from(validBets)
      .where(eq(validBets.userId, m.id))
      .orderBy(asc(validBets.platform));
    expect(bets.map((b) => [b.platform, b.category, b.stakeCents, b.validCents, b.payoutCents])).toEqual([
      ['jnd28', 'lottery', 3033n, 1033n, 1960n + sumPayout],
      ['xglhc', 'lottery', 400n, 400n, 9400n],
    ]);
    const rounds = await t.db
      .select({ settledAt: lotteryRounds.settledAt })
      .from(lotteryRounds)
      .where(inArray(lotteryRounds.id, [r.id, six.id]));
    expect(rounds.every((x) => x.settledAt !== null)).toBe(true);
  });

  it('settles each member whole and once when a run stops half-way and another picks up', async () => {
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
    setClock(r.drawsAt.getTime());
    // 4 lines per member: a limit of 5 settles the first member; the second would go over.
    expect((await drive({ settleLimit: 5 })).settledLines).toBe(4);
    expect(await roundState()).toEqual({ settled: false, open: 8 });
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true });
    // A limit below a member's lines still settles that member, whole: every run makes progress.
    expect((await drive({ settleLimit: 3 })).settledLines).toBe(4);
    expect(await roundState()).toEqual({ settled: false, open: 4 });
    const [again, twice] = await Promise.all([drive(), drive()]);
    expect(again.settledLines + twice.settledLines).toBe(4);
    expect(await roundState()).toEqual({ settled: true, open: 0 });
    expect((await drive()).settledLines).toBe(0);
    // Each order staked 2.00 on 大 and 2.00 on 小; exactly one wins (2.00 × 1.96 = 3.92), whatever
    // the total: paid once, not twice.
    for (const m of members) expect(await balanceOf(m.id)).toBe(10_000n - 800n + 2n * 392n);
    // One valid bet per member and round: 8.00 staked, at least 7.84 back, which hedges 8.00 ⇒ 0 at
    // risk (recorded all the same).
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
    expect(bets.map((b) => [b.userId, b.stakeCents, b.validCents, b.payoutCents])).toEqual(
      members.map((m) => [m.id, 800n, 0n, 784n]).sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    const [wins] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sql`ledger_entries`)
      .where(sql`reason = 'lottery_win' and wallet_id is not null and reference like 'lottery_order:%'
        and reference in (select 'lottery_order:' || id from lottery_orders where round_id = ${r.id})`);
    expect(wins?.n).toBe(6);
  });
});

describe('orders racing the close and the draw', () => {
  it('each order is wholly in the round with its stake taken, or refused with the balance untouched', async () => {
    const id = await roomId('jnd28', 2);
    await toNextRound('jnd28');
    const r = await openRound('jnd28');
    const members = await Promise.all(Array.from({ length: 10 }, () => t.newMember()));
    for (const m of members) await t.fund(m.id, '100.00');
    setClock(r.closesAt.getTime() - 1);
    const body = {
      room_id: id,
      expect: r.expect,
      order: [
        { id: 203, total: 5, data: [] },
        { id: 204, total: 5, data: [] },
      ],
    };
    // The close arrives when the third order is committed (its room message is published), while
    // the others are still queued for a connection or inside their transaction.
    let committed = 0;
    let off = t.app.roomBus.subscribe(id, (msg) => {
      if (msg.type === 'order' && ++committed === 3) setClock(r.closesAt.getTime());
    });
    const replies = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const m = members[i % members.length];
        if (!m) throw new Error('no member');
        return { m, reply: await order(body, { as: m.token }) };
      }),
    );
    off();
    const accepted = replies.filter((x) => x.reply.body?.code === 200);
    const refused = replies.filter((x) => x.reply.body?.code !== 200);
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    expect(accepted.length + refused.length).toBe(40);
    for (const x of refused) expect(refusal(x.reply)).toEqual([400, MSG_ROUND_CLOSED]);
    if (isPg()) expect(refused.length).toBeGreaterThan(0);
    for (const m of members) {
      const n = accepted.filter((x) => x.m.id === m.id).length;
      expect(await balanceOf(m.id)).toBe(10_000n - BigInt(n) * 1000n);
      const [lines] = await t.db
        .select({ n: count() })
        .from(lotteryOrders)
        .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.roundId, r.id)));
      expect(lines?.n).toBe(2 * n);
    }
    const batches = await t.db
      .select({ batch: lotteryOrders.batch, n: count() })
      .from(lotteryOrders)
      .where(eq(lotteryOrders.roundId, r.id))
      .groupBy(lotteryOrders.batch);
    expect(batches.every((b) => b.n === 2)).toBe(true);
    expect(batches).toHaveLength(accepted.length);

    // The next round: orders racing the draw itself, with two drawing processes at once.
    const next = await roundRow(
      'jnd28',
      slotAt(lotteryTiming(await lotteryOf('jnd28')), r.drawsAt.getTime()).expect,
    );
    setClock(next.opensAt.getTime() + 1000);
    await drive();
    // The draw comes (twice: two processes at once) when the third order of the round is committed.
    committed = 0;
    let drawing: Promise<unknown> = Promise.resolve();
    off = t.app.roomBus.subscribe(id, (msg) => {
      if (msg.type === 'order' && ++committed === 3) {
        setClock(next.drawsAt.getTime());
        drawing = Promise.all([drive(), drive()]);
      }
    });
    const racing = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const m = members[i % members.length];
        if (!m) throw new Error('no member');
        return order({ ...body, expect: next.expect }, { as: m.token });
      }),
    );
    off();
    await drawing;
    await drive();
    const ok = racing.filter((x) => x.body?.code === 200).length;
    expect(ok).toBeGreaterThanOrEqual(3);
    for (const x of racing.filter((y) => y.body?.code !== 200)) {
      expect([MSG_ROUND_CLOSED, '期号已过期']).toContain(x.body?.message);
    }
    if (isPg()) expect(ok).toBeLessThan(30);
    const open = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(and(inArray(lotteryOrders.roundId, [r.id, next.id]), eq(lotteryOrders.state, 'open')));
    expect(open[0]?.n).toBe(0);
    const [nextLines] = await t.db
      .select({ n: count() })
      .from(lotteryOrders)
      .where(eq(lotteryOrders.roundId, next.id));
    expect(nextLines?.n).toBe(2 * ok);
    // 单 and 双 at 5: exactly one wins each order (5.00 × 1.96), so every accepted order pays back
    // 9.80 of its 10.00 (0.20 lost), which hedges all of it: nothing at risk.
    const orders = (m: { id: number }) =>
      accepted.filter((x) => x.m.id === m.id).length +
      racing.filter((x, i) => x.body?.code === 200 && members[i % members.length]?.id === m.id).length;
    for (const m of members) expect(await balanceOf(m.id)).toBe(10_000n - 20n * BigInt(orders(m)));
    // One valid bet per member and round, of 0.
    for (const m of members) {
      const bets = await t.db.select().from(validBets).where(eq(validBets.userId, m.id));
      const rounds = [
        accepted.some((x) => x.m.id === m.id),
        orders(m) > accepted.filter((x) => x.m.id === m.id).length,
      ];
      expect(bets).toHaveLength(rounds.filter(Boolean).length);
      expect(bets.map((b) => [b.stakeCents, b.validCents])).toEqual(bets.map((b) => [b.stakeCents, 0n]));
      expect(bets.reduce((s, b) => s + b.stakeCents, 0n)).toBe(1_000n * BigInt(orders(m)));
    }
  });
});

describe('operator commands', () => {
  const cmd = (name: string) => {
    const found = COMMANDS.find((c) => c.name === name);
    if (!found) throw new Error(`no command ${name}`);
    return found;
  };

  it('lottery:rounds and lottery:draw turn arguments into requests', () => {
    expect(cmd('lottery:rounds').request(['jnd28'])).toEqual({
      method: 'GET',
      path: '/lottery/rounds',
      query: { code: 'jnd28', limit: '20' },
    });
    expect(cmd('lottery:rounds').request(['xy28', '5']).query).toEqual({ code: 'xy28', limit: '5' });
    expect(() => cmd('lottery:rounds').request([])).toThrow(UsageError);
    expect(() => cmd('lottery:rounds').request(['xy28', 'ten'])).toThrow(UsageError);
    expect(cmd('lottery:draw').request([])).toEqual({ method: 'POST', path: '/lottery/draw' });
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
