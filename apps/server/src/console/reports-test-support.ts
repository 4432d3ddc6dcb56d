import { gameUrl } from '@app/contract/games';
import { randomUUID } from 'node:crypto';
import { dayStartOf, now, setClock } from '../core/clock';
import { cancelRound } from '../modules/lottery/admin-cancel';
import { sessionOf, spin } from '../modules/games/demo';
import { bettable, drive, order, roomId, t } from '../modules/lottery/test-support';
import { readyMember } from '../modules/withdrawals/test-support';
import { dataOf, idem } from '../../test/helpers';
import type { ConsoleAgent, TestConsole } from '../../test/console-helpers';
import { pendingDeposit, pendingWithdrawal } from '../../test/console-samples/money';

/* Two Beijing days of activity through the real services, for the report tests (in a file that called
 * lotteryTestApp(): its clock starts at 2030-01-15 23:40 Beijing). */

export const A = '2030-01-15';
export const B = '2030-01-16';
export const beijing = (day: string, hour: number, minute = 0) =>
  dayStartOf(day) + (hour * 60 + minute) * 60_000;

/** A bank deposit of `yuan` by the member, approved on the command line. */
export async function bankDeposit(token: string, yuan: number) {
  const r = await t.post(
    '/api/recharge',
    {
      paytype: 'bank',
      amount: yuan,
      bank_owner: '张三',
      bank: '招商银行',
      bank_no: '6222000011112222',
      bank_address: '深圳',
    },
    { token, headers: idem() },
  );
  dataOf(await t.op('/deposits/approve', { deposit_no: dataOf<{ deposit_no: string }>(r).deposit_no }));
}

async function venueRounds(m: { id: number; token: string }) {
  const moved = await t.post(
    '/api/transfer',
    { amount: '300.00', sourcetype: 'userbalance', targettype: 'AG' },
    { token: m.token, headers: idem() },
  );
  dataOf(moved);
  const body = { is_mobile_url: 1, plat_name: 'AG', game_type: 'concise' };
  const url = gameUrl.response.parse(dataOf(await t.post('/api/getGameUrl', body, { token: m.token })));
  const ticket = new URL(url, 'http://x').searchParams.get('ticket') ?? '';
  const { token } = dataOf<{ token: string }>(await t.post('/demo-game/api/session', { ticket }));
  const session = await sessionOf(t.db, token);
  await spin(t.db, session, 10_000n, 100); // wins 200.00
  await spin(t.db, session, 5_000n, 1); // loses
}

async function lotteryRound(m: { token: string }) {
  const id = await roomId('jnd28');
  const [r] = await bettable('jnd28');
  if (!r) throw new Error('no round');
  const lines = [201, 202, 300, 301].map((play) => ({ id: play, total: 10, data: [] }));
  dataOf(await order({ room_id: id, expect: r.expect, order: lines }, { as: m.token }));
  setClock(r.drawsAt.getTime() + 1000);
  await drive();
  await drive();
}

/** A stake on the next round, which is then cancelled (撤销期号): refunded, so it is no stake at all. */
async function cancelledRound(m: { token: string }) {
  const id = await roomId('jnd28');
  const [r] = await bettable('jnd28');
  if (!r) throw new Error('no round');
  const lines = [{ id: 201, total: 25, data: [] }];
  dataOf(await order({ room_id: id, expect: r.expect, order: lines }, { as: m.token }));
  await cancelRound(t.db, String(r.id), '报表核对', now());
}

async function adjust(finance: ConsoleAgent, id: number, direction: 'credit' | 'debit', amount: string) {
  const body = { id, direction, amount, reason: '报表核对', request_id: randomUUID() };
  dataOf(await finance.post('/api/members/adjust', body));
}

export const BONUS_ACTIVITY = '新会员首存送 38%';

async function activityBonus(m: { token: string; name: string }) {
  const list = dataOf<{ data: { id: number; title: string }[] }>(await t.post('/api/activitylist')).data;
  const first = list.find((a) => a.title === BONUS_ACTIVITY);
  if (!first) throw new Error('no activity');
  dataOf(await t.post('/api/doactivityapply', { activityid: first.id }, { token: m.token }));
  const apps = dataOf<{ applications: { id: number; username: string }[] }>(
    await t.op('/activities/applications'),
  ).applications;
  dataOf(await t.op('/activities/approve', { id: apps.find((a) => a.username === m.name)?.id }));
}

export type Member = { id: number; token: string; name: string };

/** Day A (from 23:40): deposits, games, a bonus, and adjustments either side of midnight. */
async function dayA(finance: ConsoleAgent): Promise<Member> {
  const m = await readyMember(t, '100.00');
  await bankDeposit(m.token, 500);
  const alipay = await pendingDeposit(t, 300);
  dataOf(await finance.post('/api/deposits/approve', { id: alipay.id }));
  await venueRounds(m);
  await lotteryRound(m);
  await cancelledRound(m);
  await activityBonus(m);
  setClock(dayStartOf(B) - 1);
  await adjust(finance, m.id, 'credit', '7.00');
  return m;
}

/** 财务 pays a withdrawal; one held for 风控 (its risk score) is first cleared by a 风控 operator. */
async function payWithdrawal(c: TestConsole, finance: ConsoleAgent, id: number) {
  const first = await finance.post('/api/withdrawals/approve', { id });
  if (first.status === 200 && first.body?.code === 200) return;
  const risk = await c.signIn('risk');
  dataOf(await risk.post('/api/withdrawals/risk-clear', { id, note: '报表核对' }));
  dataOf(await finance.post('/api/withdrawals/approve', { id }));
}

/**
 * Day B: an adjustment at 00:00, then at 10:30 withdrawals, a rebate and a red packet. Hours later the
 * first 财务's console session has ended (idle), so the second one (another operator) signs in.
 */
async function dayB(c: TestConsole, first: ConsoleAgent, m: Member): Promise<ConsoleAgent> {
  setClock(dayStartOf(B));
  await adjust(first, m.id, 'credit', '11.00');
  setClock(beijing(B, 10, 30));
  const finance = await c.signIn('finance');
  await adjust(finance, m.id, 'debit', '2.00');
  const paid = await pendingWithdrawal(t, { yuan: '200.00' });
  const refused = await pendingWithdrawal(t, { yuan: '150.00' });
  await payWithdrawal(c, finance, paid.id);
  dataOf(await finance.post('/api/withdrawals/reject', { id: refused.id, reason: '信息不符' }));
  dataOf(await t.op('/rebates/compute', { day: A }));
  dataOf(await t.post('/api/dofanshui', undefined, { token: m.token, headers: idem() }));
  dataOf(await t.post('/api/douserredpacket', undefined, { token: m.token, headers: idem() }));
  return finance;
}

/** Both days: the member who played, and the 财务 of each day (day A's, then day B's). */
export async function twoDays(c: TestConsole, first: ConsoleAgent) {
  const m = await dayA(first);
  const second = await dayB(c, first, m);
  return { m, first, second };
}
