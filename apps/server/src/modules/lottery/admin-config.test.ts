import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { resetClock, setClock } from '../../core/clock';
import { auditLog } from '../../db/schema/operators';
import { lotteryRounds } from '../../db/schema/lottery';
import { createLotteryWithRooms } from '../chat/test-support';
import { runDue } from './draw';
import { slotAt } from './scheduler';

let t: TestApp;
let c: TestConsole;
let content: ConsoleAgent;
let finance: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  content = await c.signIn('content');
  finance = await c.signIn('finance');
  setClock(slotAt({ periodSeconds: 210, closeSeconds: 30 }, Date.now() + 210_000).opensAt + 5_000);
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
  resetClock();
});

const auditOf = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));
const update = (body: Record<string, unknown>) => content.post('/api/lottery/lotteries/update', body);
const listOf = async () =>
  dataOf<{ items: { id: number; max_lines_per_member: number }[] }>(
    await finance.get('/api/lottery/lotteries'),
  ).items;
const memberRooms = async (token: string) =>
  dataOf<{ id: number; title: string }[]>(await t.post('/api/lotteryList', {}, { token }));
const roomReply = (id: number, token: string) =>
  t.get('/api/lotteryRoom', { room_id: String(id) }, { token });
const roundsOf = (lotteryId: number) =>
  t.db
    .select()
    .from(lotteryRounds)
    .where(eq(lotteryRounds.lotteryId, lotteryId))
    .orderBy(asc(lotteryRounds.drawsAt));

describe('lotteries', () => {
  it('lists lotteries with their rooms, for the round readers too', async () => {
    const { lotteryId } = await createLotteryWithRooms(t.db, 2, 2);
    const items = dataOf<{ items: { id: number; rooms: unknown[]; type_label: string }[] }>(
      await finance.get('/api/lottery/lotteries'),
    ).items;
    expect(items.find((l) => l.id === lotteryId)).toMatchObject({
      rooms: [
        { title: '房间1', enabled: true },
        { title: '房间2', enabled: true },
      ],
      type_label: '28（三球和值）',
    });
    expect((await finance.post('/api/lottery/lotteries/update', { id: lotteryId })).status).toBe(403);
  });

  it('a closed lottery is not listed and refuses its room and bets; rounds made are still drawn', async () => {
    const { lotteryId, roomIds } = await createLotteryWithRooms(t.db, 2, 1);
    const roomId = roomIds[0] ?? 0;
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    const expectNow = dataOf<{ lottery: { nowdata: { nextexpect: string } } }>(
      await roomReply(roomId, m.token),
    ).lottery.nowdata.nextexpect;
    const r = await update({ id: lotteryId, enabled: false, period_seconds: 210, close_seconds: 30 });
    expect(dataOf(r)).toMatchObject({ enabled: false });
    const [audit] = await auditOf('lottery.update', lotteryId);
    expect(audit).toMatchObject({
      targetType: 'lottery',
      before: { enabled: true, period_seconds: 210, close_seconds: 30 },
      after: { enabled: false, period_seconds: 210, close_seconds: 30 },
    });
    expect((await memberRooms(m.token)).map((x) => x.id)).not.toContain(roomId);
    expect((await roomReply(roomId, m.token)).body?.message).toBe('房间不存在');
    const bet = await t.post(
      '/api/lotteryOrder',
      { room_id: roomId, expect: expectNow, order: [{ id: 201, total: 1, data: [] }] },
      { token: m.token, headers: idem() },
    );
    expect([bet.status, bet.body?.message]).toEqual([400, '房间不存在']);
    const made = await roundsOf(lotteryId);
    const last = made.at(-1);
    await runDue(t.db, t.app.roomBus, (last?.drawsAt.getTime() ?? 0) + 3 * 210_000);
    const after = await roundsOf(lotteryId);
    expect(after.map((x) => x.expect)).toEqual(made.map((x) => x.expect));
    expect(after.every((x) => x.drawnAt !== null)).toBe(true);

    await update({ id: lotteryId, enabled: true, period_seconds: 210, close_seconds: 30 });
    expect((await memberRooms(m.token)).map((x) => x.id)).toContain(roomId);
  });

  it('checks the period and the close time', async () => {
    const { lotteryId } = await createLotteryWithRooms(t.db, 2, 1);
    for (const [body, message] of [
      [{ period_seconds: 100, close_seconds: 100 }, '封盘时间须小于开奖周期'],
      [{ period_seconds: 5, close_seconds: 1 }, '开奖周期最少10秒'],
      [{ period_seconds: 100, close_seconds: -1 }, '封盘时间最少0秒'],
      [{ period_seconds: 100.5, close_seconds: 1 }, '开奖周期须为整数秒'],
    ] as const) {
      const r = await update({ id: lotteryId, enabled: true, ...body });
      expect([r.status, r.body?.message]).toEqual([400, message]);
    }
    expect(
      (await update({ id: 999999, enabled: true, period_seconds: 60, close_seconds: 5 })).body?.message,
    ).toBe('彩种不存在');
  });

  it('a new period applies from the first round not yet made: rounds made keep their times', async () => {
    const { lotteryId, roomIds } = await createLotteryWithRooms(t.db, 2, 1);
    const day = Date.UTC(2031, 2, 3, 12, 0, 0) - BEIJING_OFFSET_MS;
    await runDue(t.db, t.app.roomBus, day + 1000);
    const made = await roundsOf(lotteryId);
    expect(made.map((r) => [r.expect, r.drawsAt.getTime() - r.opensAt.getTime()])).toEqual([
      ['20310303206', 210_000],
      ['20310303207', 210_000],
    ]);
    await update({ id: lotteryId, enabled: true, period_seconds: 600, close_seconds: 60 });
    const second = made[1];
    if (!second) throw new Error('no second round');
    await runDue(t.db, t.app.roomBus, second.opensAt.getTime() + 1000);
    await runDue(t.db, t.app.roomBus, second.drawsAt.getTime() + 1000);
    const now = await roundsOf(lotteryId);
    expect(now.slice(0, 2)).toEqual(
      made.map((r) =>
        expect.objectContaining({ id: r.id, opensAt: r.opensAt, closesAt: r.closesAt, drawsAt: r.drawsAt }),
      ),
    );
    // Numbered on (600 s rounds of the grid would reuse 072…), back to back, 600 s with 60 s closed.
    expect(
      now
        .slice(2)
        .map((r) => [
          r.expect,
          r.opensAt.getTime(),
          r.drawsAt.getTime() - r.opensAt.getTime(),
          r.drawsAt.getTime() - r.closesAt.getTime(),
        ]),
    ).toEqual([
      ['20310303208', second.drawsAt.getTime(), 600_000, 60_000],
      ['20310303209', second.drawsAt.getTime() + 600_000, 600_000, 60_000],
    ]);
    const m = await t.newMember();
    expect(dataOf<{ ftime: number }>(await roomReply(roomIds[0] ?? 0, m.token)).ftime).toBe(60);
  });
});

describe('rooms', () => {
  it('adds, renames, orders and closes a room; a closed room is not listed and takes no bet', async () => {
    const { lotteryId, roomIds } = await createLotteryWithRooms(t.db, 2, 1);
    const m = await t.newMember();
    const created = dataOf<{ id: number }>(
      await content.post('/api/lottery/rooms/create', { lottery_id: lotteryId, title: ' 大户房 ', sort: 0 }),
    );
    expect(created).toMatchObject({ title: '大户房', enabled: true });
    expect(await auditOf('lotteryRoom.create', created.id)).toEqual([
      expect.objectContaining({
        targetType: 'lotteryRoom',
        after: { lottery_id: lotteryId, title: '大户房', sort: 0, enabled: true, min_vip_level: 1 },
      }),
    ]);
    const dup = await content.post('/api/lottery/rooms/create', { lottery_id: lotteryId, title: '房间1' });
    expect([dup.status, dup.body?.message]).toEqual([400, '该彩种已有同名房间']);
    const empty = await content.post('/api/lottery/rooms/create', { lottery_id: lotteryId, title: '  ' });
    expect(empty.body?.message).toBe('请填写房间名称');

    const first = roomIds[0] ?? 0;
    const r = await content.post('/api/lottery/rooms/update', {
      id: first,
      title: '普通房',
      sort: 9,
      enabled: false,
    });
    expect(dataOf(r)).toEqual({ id: first, title: '普通房', sort: 9, enabled: false, min_vip_level: 1 });
    expect(await auditOf('lotteryRoom.update', first)).toEqual([
      expect.objectContaining({
        before: { lottery_id: lotteryId, title: '房间1', sort: 0, enabled: true, min_vip_level: 1 },
        after: { title: '普通房', sort: 9, enabled: false, min_vip_level: 1 },
      }),
    ]);
    const listed = (await memberRooms(m.token)).map((x) => x.id);
    expect(listed).toContain(created.id);
    expect(listed).not.toContain(first);
    expect((await roomReply(first, m.token)).body?.message).toBe('房间不存在');
    const rename = await content.post('/api/lottery/rooms/update', {
      id: first,
      title: '大户房',
      sort: 1,
      enabled: true,
    });
    expect(rename.body?.message).toBe('该彩种已有同名房间');
  });
});

describe('room and order limits', () => {
  const orderIn = (roomId: number, expectNow: string, n: number, token: string) =>
    t.post(
      '/api/lotteryOrder',
      {
        room_id: roomId,
        expect: expectNow,
        order: Array.from({ length: n }, () => ({ id: 201, total: 1, data: [] })),
      },
      { token, headers: idem() },
    );
  const nextExpect = async (roomId: number, token: string) =>
    dataOf<{ lottery: { nowdata: { nextexpect: string } } }>(await roomReply(roomId, token)).lottery.nowdata
      .nextexpect;

  it('the lines per member and round: 1–5000, audited, from the next order; missing keeps it', async () => {
    const { lotteryId, roomIds } = await createLotteryWithRooms(t.db, 2, 2);
    const [a = 0, b = 0] = roomIds;
    const base = { id: lotteryId, enabled: true, period_seconds: 210, close_seconds: 30 };
    const listed = (await listOf()).find((l) => l.id === lotteryId);
    expect(listed?.max_lines_per_member).toBe(200);
    for (const bad of [0, 5001, 2.5, 'many', -1]) {
      const r = await update({ ...base, max_lines_per_member: bad });
      expect([r.status, r.body?.message]).toEqual([400, '每期每人最多注数须为 1–5000 的整数']);
    }
    expect(dataOf(await update({ ...base, max_lines_per_member: 3 }))).toMatchObject({
      max_lines_per_member: 3,
    });
    const [audit] = await auditOf('lottery.update', lotteryId);
    expect(audit).toMatchObject({
      before: { max_lines_per_member: 200 },
      after: { max_lines_per_member: 3 },
    });
    // Saved without the field (an older console): the cap stays.
    expect(dataOf(await update({ ...base, close_seconds: 31 }))).toMatchObject({ max_lines_per_member: 3 });
    await update({ ...base, close_seconds: 30 });
    // 运营 only (and 超级管理员): 财务 may read but not change it.
    expect(
      (await finance.post('/api/lottery/lotteries/update', { ...base, max_lines_per_member: 9 })).status,
    ).toBe(403);

    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    const expectNow = await nextExpect(a, m.token);
    expect((await orderIn(a, expectNow, 2, m.token)).body?.code).toBe(200);
    const over = await orderIn(b, expectNow, 2, m.token);
    expect([over.status, over.body?.message]).toEqual([
      400,
      '本期投注将超过上限，每期最多3注，本期还可投1注',
    ]);
    expect((await orderIn(b, expectNow, 1, m.token)).body?.code).toBe(200);
    expect((await orderIn(a, expectNow, 1, m.token)).body?.message).toBe('本期投注已达上限，每期最多3注');
    expect(dataOf(await t.post('/api/balance', {}, { token: m.token }))).toEqual({ balance: '97.00' });
    // Raised again: the member's next order passes.
    await update({ ...base, max_lines_per_member: 5000 });
    expect((await orderIn(a, expectNow, 1, m.token)).body?.code).toBe(200);
  });

  it("a room's VIP level: 1–10, audited; the member sees it and is refused bets below it (403)", async () => {
    const { lotteryId } = await createLotteryWithRooms(t.db, 2, 1);
    for (const bad of [0, 11, 1.5, 'vip']) {
      const r = await content.post('/api/lottery/rooms/create', {
        lottery_id: lotteryId,
        title: 'VIP房',
        min_vip_level: bad,
      });
      expect([r.status, r.body?.message]).toEqual([400, 'VIP等级须为 1–10 的整数']);
    }
    const room = dataOf<{ id: number; min_vip_level: number }>(
      await content.post('/api/lottery/rooms/create', {
        lottery_id: lotteryId,
        title: 'VIP房',
        min_vip_level: 3,
      }),
    );
    expect(room.min_vip_level).toBe(3);
    expect(await auditOf('lotteryRoom.create', room.id)).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ min_vip_level: 3 }) }),
    ]);
    const m = await t.newMember();
    await t.fund(m.id, '100.00');
    const listed = dataOf<{ id: number; min_vip_level: number }[]>(
      await t.post('/api/lotteryList', {}, { token: m.token }),
    );
    expect(listed.find((x) => x.id === room.id)?.min_vip_level).toBe(3);
    expect(dataOf<{ min_vip_level: number }>(await roomReply(room.id, m.token)).min_vip_level).toBe(3);
    const expectNow = await nextExpect(room.id, m.token);
    const refused = await orderIn(room.id, expectNow, 1, m.token);
    expect([refused.status, refused.body?.message]).toEqual([403, '该房间仅限VIP3及以上会员投注']);

    // Renamed without the level (an older console): it stays; then opened to everyone.
    const kept = await content.post('/api/lottery/rooms/update', {
      id: room.id,
      title: '贵宾房',
      sort: 0,
      enabled: true,
    });
    expect(dataOf(kept)).toMatchObject({ title: '贵宾房', min_vip_level: 3 });
    const bad = await content.post('/api/lottery/rooms/update', {
      id: room.id,
      title: '贵宾房',
      min_vip_level: 11,
    });
    expect(bad.body?.message).toBe('VIP等级须为 1–10 的整数');
    await content.post('/api/lottery/rooms/update', {
      id: room.id,
      title: '贵宾房',
      sort: 0,
      enabled: true,
      min_vip_level: 1,
    });
    const audits = await auditOf('lotteryRoom.update', room.id);
    expect(audits.at(-1)).toMatchObject({ before: { min_vip_level: 3 }, after: { min_vip_level: 1 } });
    expect((await orderIn(room.id, expectNow, 1, m.token)).body?.code).toBe(200);
    expect(
      (await finance.post('/api/lottery/rooms/update', { id: room.id, title: 'x', min_vip_level: 2 })).status,
    ).toBe(403);
  });
});

describe('rounds', () => {
  it('pages the rounds (seed only once drawn) and re-verifies one', async () => {
    const { lotteryId } = await createLotteryWithRooms(t.db, 2, 1);
    const day = Date.UTC(2031, 3, 3, 12, 0, 0) - BEIJING_OFFSET_MS;
    await runDue(t.db, t.app.roomBus, day + 1000);
    await runDue(t.db, t.app.roomBus, day + 211_000);
    type Row = { id: string; expect: string; seed: string; balls: string; hash: string; settled_at: string };
    const page = dataOf<{ total: number; items: Row[] }>(
      await finance.get('/api/lottery/rounds', { lottery_id: String(lotteryId), page: '1', pageSize: '2' }),
    );
    expect(page.total).toBe(3);
    expect(page.items.map((r) => r.expect)).toEqual(['20310403208', '20310403207']);
    expect(page.items[0]).toMatchObject({ seed: '', balls: '' });
    const drawn = dataOf<{ items: Row[] }>(
      await finance.get('/api/lottery/rounds', { lottery_id: String(lotteryId), page: '2', pageSize: '2' }),
    ).items[0];
    expect(drawn?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(drawn?.balls).toMatch(/^\d,\d,\d$/);
    const verify = (id: string) => finance.get('/api/lottery/rounds/verify', { id });
    expect(dataOf(await verify(drawn?.id ?? ''))).toMatchObject({
      ok: true,
      problems: [],
      computed_balls: drawn?.balls,
    });
    expect((await verify(page.items[0]?.id ?? '')).body?.message).toBe('该期尚未开奖，种子未公开，无法验证');
    expect((await verify('99999999')).body?.message).toBe('期号不存在');

    await t.db
      .update(lotteryRounds)
      .set({ balls: '9,9,9', hash: 'ab'.repeat(32) })
      .where(eq(lotteryRounds.id, BigInt(drawn?.id ?? '0')));
    const bad = dataOf<{ ok: boolean; problems: string[] }>(await verify(drawn?.id ?? ''));
    expect(bad.ok).toBe(false);
    expect(bad.problems).toEqual([
      '种子的 SHA-256 与公布的哈希不一致',
      `由种子算出的号码 ${drawn?.balls} 与开奖号码 9,9,9 不一致`,
    ]);
  });
});
