/* The console's withdrawal queue filters (contract withdrawal-review.ts): member name, real name,
 * order number (from their start), method, amount range and date range, applied by the server, each refusal in Chinese;
 * newest_pending_id whatever the filters; lottery bets in the drawer as "加拿大28 第N期". */
import type { ConsoleWithdrawalDetail, ConsoleWithdrawalRow } from '@app/contract/console-money';
import { formatDateTime } from '@app/contract/codecs';
import {
  MSG_FILTER_AMOUNT,
  MSG_FILTER_AMOUNT_ORDER,
  MSG_FILTER_DAY,
  MSG_FILTER_DAY_ORDER,
  MSG_FILTER_KIND,
  MSG_FILTER_TEXT,
} from '@app/contract/withdrawal-review';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { pendingWithdrawal } from '../../../test/console-samples/money';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { addDays, beijingDate, now } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { lotteries, lotteryOrders, lotteryRooms, lotteryRounds } from '../../db/schema/lottery';
import { withdrawals } from '../../db/schema/money';
import { readyMember } from './test-support';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
let bank: { id: number; userId: number; name: string };
let usdt: { id: number; userId: number; name: string; orderNo: string };
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  fin = await c.signIn('finance');
  bank = await pendingWithdrawal(t, { yuan: '150.00' });
  await t.db.update(users).set({ realname: '张三' }).where(eq(users.id, bank.userId));
  const m = await readyMember(t, '500.00');
  const body = { type: 'usdt', amount: '300', bank: m.usdt, password: 'secret123' };
  dataOf(await t.post('/api/withdraw', body, { token: m.token, headers: idem() }));
  const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
  if (!w) throw new Error('no withdrawal');
  usdt = { id: w.id, userId: m.id, name: m.name, orderNo: w.orderNo };
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

const list = (q: Record<string, string>) => fin.get('/api/withdrawals', { state: '1', ...q });
const ids = async (q: Record<string, string>) =>
  dataOf<{ rows: ConsoleWithdrawalRow[] }>(await list(q))
    .rows.map((r) => r.id)
    .filter((id) => id === bank.id || id === usdt.id);

describe('the withdrawal queue filters', () => {
  it('narrows by each field, together, server-side (total counts the filtered rows)', async () => {
    expect(await ids({})).toEqual([bank.id, usdt.id]);
    expect(await ids({ username: bank.name })).toEqual([bank.id]);
    expect(await ids({ username: ` ${usdt.name} ` })).toEqual([usdt.id]);
    expect(await ids({ realname: '张三' })).toEqual([bank.id]);
    expect(await ids({ order_no: usdt.orderNo })).toEqual([usdt.id]);
    // Names and order numbers match from their start; % and _ are themselves.
    expect(await ids({ username: bank.name.slice(0, -1) })).toEqual([bank.id]);
    expect(await ids({ realname: '张' })).toEqual([bank.id]);
    expect(await ids({ username: '%' })).toEqual([]);
    expect(await ids({ realname: '_' })).toEqual([]);
    expect(await ids({ order_no: bank.name.slice(1) })).toEqual([]);
    expect(await ids({ kind: 'usdt' })).toEqual([usdt.id]);
    expect(await ids({ kind: 'bank', username: bank.name })).toEqual([bank.id]);
    expect(await ids({ kind: 'alipay' })).toEqual([]);
    expect(await ids({ min_amount: '200' })).toEqual([usdt.id]);
    expect(await ids({ max_amount: '150.00' })).toEqual([bank.id]);
    expect(await ids({ min_amount: '150', max_amount: '300' })).toEqual([bank.id, usdt.id]);
    const today = beijingDate();
    expect(await ids({ from: today, to: today })).toEqual([bank.id, usdt.id]);
    expect(await ids({ to: addDays(today, -1) })).toEqual([]);
    expect(await ids({ from: addDays(today, 1) })).toEqual([]);
    const one = dataOf<{ total: number }>(await list({ username: bank.name }));
    expect(one.total).toBe(1);
    // Empty fields are no filter.
    expect(await ids({ username: '', realname: '', kind: '', min_amount: '', from: '' })).toEqual([
      bank.id,
      usdt.id,
    ]);
  });

  it('refuses what it cannot read, in Chinese', async () => {
    const refusals: [Record<string, string>, string][] = [
      [{ username: 'x'.repeat(41) }, MSG_FILTER_TEXT],
      [{ kind: 'paypal' }, MSG_FILTER_KIND],
      [{ min_amount: 'abc' }, MSG_FILTER_AMOUNT],
      [{ max_amount: '-5' }, MSG_FILTER_AMOUNT],
      [{ min_amount: '1.234' }, MSG_FILTER_AMOUNT],
      [{ min_amount: '300', max_amount: '100' }, MSG_FILTER_AMOUNT_ORDER],
      [{ from: '2026-13-01' }, MSG_FILTER_DAY],
      [{ to: 'yesterday' }, MSG_FILTER_DAY],
      [{ from: '2026-11-02', to: '2026-11-01' }, MSG_FILTER_DAY_ORDER],
    ];
    for (const [q, message] of refusals) {
      const r = await list(q);
      expect([q, r.status, r.body?.message]).toEqual([q, 400, message]);
    }
  });

  it('says the newest pending id whatever the filters', async () => {
    const r = dataOf<{ newest_pending_id: number }>(await list({ kind: 'alipay' }));
    const [newest] = await t.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.state, 1))
      .orderBy(withdrawals.id);
    expect(newest).toBeDefined();
    expect(r.newest_pending_id).toBeGreaterThanOrEqual(Math.max(bank.id, usdt.id));
    const later = await pendingWithdrawal(t);
    expect(dataOf<{ newest_pending_id: number }>(await list({ kind: 'alipay' })).newest_pending_id).toBe(
      later.id,
    );
  });
});

describe('the drawer', () => {
  it('reads a lottery bet as the lottery and its round, never an id; lifetime figures', async () => {
    const [room] = await t.db
      .select({ id: lotteryRooms.id, lotteryId: lotteryRooms.lotteryId, title: lotteries.title })
      .from(lotteryRooms)
      .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
      .where(eq(lotteries.code, 'jnd28'))
      .limit(1);
    if (!room) throw new Error('no room');
    const at = new Date(now() - 60_000);
    const [round] = await t.db
      .insert(lotteryRounds)
      .values({
        lotteryId: room.lotteryId,
        expect: '9900001',
        seed: 's',
        hash: 'h',
        opensAt: at,
        closesAt: at,
        drawsAt: at,
      })
      .returning({ id: lotteryRounds.id });
    if (!round) throw new Error('no round');
    await t.db.insert(lotteryOrders).values({
      batch: 'b1',
      userId: bank.userId,
      roomId: room.id,
      roundId: round.id,
      playId: 201,
      playTitle: '大',
      stakeCents: 1_000n,
      oddsHundredths: 200,
      state: 'won',
      payoutCents: 2_000n,
      createdAt: at,
    });
    const d = dataOf<ConsoleWithdrawalDetail>(
      await fin.get('/api/withdrawals/detail', { id: String(bank.id) }),
    );
    expect(d.history.bets[0]).toMatchObject({
      ref: `${room.title} 第9900001期`,
      label: '大',
      state: '已中奖',
    });
    expect(room.title).toBe('加拿大28');
    expect(d.member.lifetime).toEqual({ deposits: '0.00', withdrawals: '0.00', win_loss: '10.00' });
    expect(d.member.bound_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.member.bound_at && d.member.bound_at < formatDateTime(now())).toBe(true);
  });
});
