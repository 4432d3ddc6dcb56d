/* The account-takeover hold (hold.ts): a password reset by an operator (console or command line), a
 * card or address bound, or a holder name that differs from the member's real name holds the
 * member's pending withdrawal for withdrawalHoldHours; approving it meanwhile is refused (400),
 * rejecting it is allowed, and after the window it can be approved. */
import type { ConsoleWithdrawalDetail, ConsoleWithdrawalRow } from '@app/contract/console-money';
import { msgWithdrawalHeld } from '@app/contract/withdrawal-review';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { pendingWithdrawal } from '../../../test/console-samples/money';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { advanceClock, resetClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { saveControls, getControls } from '../approvals/controls';
import { usdtAddressOf } from './test-support';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
let sup: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
}, 60_000);
// Each test moves the clock past sessions' 12 hours: fresh sessions for each.
beforeEach(async () => {
  fin = await c.signIn('finance');
  sup = await c.signIn('support');
});
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const HOUR = 3_600_000;
const TIME = '\\d{2}-\\d{2} \\d{2}:\\d{2}';
const HELD = (reasons: string) => new RegExp(`^该提现暂缓至 ${TIME}：${reasons}；请到时再审核或拒绝$`);

const rowOf = async (agent: ConsoleAgent, id: number) => {
  const list = dataOf<{ rows: ConsoleWithdrawalRow[] }>(await agent.get('/api/withdrawals', { state: '0' }));
  const row = list.rows.find((r) => r.id === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
};
const detailOf = async (agent: ConsoleAgent, id: number) =>
  dataOf<ConsoleWithdrawalDetail>(await agent.get('/api/withdrawals/detail', { id: String(id) }));
const approve = (agent: ConsoleAgent, id: number) => agent.post('/api/withdrawals/approve', { id });
const reject = (agent: ConsoleAgent, id: number) =>
  agent.post('/api/withdrawals/reject', { id, reason: '请联系客服核实身份' });

/** Past the hold window: sessions end after 12 hours, so a 财务 signs in again. */
async function afterTheWindow(): Promise<ConsoleAgent> {
  advanceClock(24 * HOUR + 60_000);
  return c.signIn('finance');
}

/** The hold shows on the queue's row and in the drawer; approval is refused with every reason. */
async function expectHeld(id: number, reason: RegExp) {
  const row = await rowOf(fin, id);
  expect(row.holds).toHaveLength(1);
  expect(row.holds[0]?.reason).toMatch(reason);
  expect(row.holds[0]?.until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect((await detailOf(fin, id)).withdrawal.holds).toEqual(row.holds);
  const refused = await approve(fin, id);
  expect([refused.status, refused.body?.message]).toEqual([400, msgWithdrawalHeld(row.holds)]);
  expect(refused.body?.message).toMatch(HELD(reason.source.replace(/^\^|\$$/g, '')));
  expect((await rowOf(fin, id)).state).toBe(1);
  return row;
}

describe('a password reset by an operator', () => {
  it('console: holds for the window (login and payment), shows who reset it, lets a rejection through', async () => {
    const login = await pendingWithdrawal(t);
    const pay = await pendingWithdrawal(t);
    dataOf(await sup.post('/api/members/reset-password', { id: login.userId, kind: 'login' }));
    dataOf(await sup.post('/api/members/reset-password', { id: pay.userId, kind: 'pay' }));
    await expectHeld(login.id, new RegExp(`^客服于 ${TIME} 重置了登录密码$`));
    await expectHeld(pay.id, new RegExp(`^客服于 ${TIME} 重置了支付密码$`));
    const facts = (await detailOf(fin, login.id)).member;
    expect(facts.resets).toEqual([{ by: sup.name, at: expect.any(String), kind: '登录密码' }]);
    expect(dataOf(await reject(fin, pay.id))).toMatchObject({ state: 3 });

    const later = await afterTheWindow();
    expect((await rowOf(later, login.id)).holds).toEqual([]);
    expect(dataOf(await approve(later, login.id))).toMatchObject({ state: 2 });
  });

  it('command line (user:reset-password): holds the same way', async () => {
    const w = await pendingWithdrawal(t);
    dataOf(await t.op('/users/reset-password', { username: w.name, kind: 'pay' }));
    await expectHeld(w.id, new RegExp(`^命令行于 ${TIME} 重置了支付密码$`));
    expect((await detailOf(fin, w.id)).member.resets).toMatchObject([
      { by: expect.stringMatching(/^命令行/), kind: '支付密码' },
    ]);
    const later = await afterTheWindow();
    expect(dataOf(await approve(later, w.id))).toMatchObject({ state: 2 });
  });
});

describe('a card or address bound within the window', () => {
  it('holds from the binding, says when it was bound, and each new binding is a reason', async () => {
    const w = await pendingWithdrawal(t, { newCard: true });
    const row = await expectHeld(w.id, new RegExp(`^新绑定的银行卡（${TIME}）$`));
    const facts = (await detailOf(fin, w.id)).member;
    expect(facts.bound_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.holds[0]?.reason).toContain(facts.bound_at?.slice(5, 16));

    const address = {
      bank: 'USDT',
      bank_owner: 'TRC20',
      bank_no: usdtAddressOf(w.userId),
      pay_pass: 'secret123',
    };
    dataOf(await t.post('/api/bindcard', address, { token: w.token }));
    const both = (await rowOf(fin, w.id)).holds.map((h) => h.reason);
    expect(both).toHaveLength(2);
    expect(both[1]).toMatch(new RegExp(`^新绑定的USDT地址（${TIME}）$`));
    const refused = await approve(fin, w.id);
    expect(refused.body?.message).toMatch(HELD(`新绑定的银行卡（${TIME}）、新绑定的USDT地址（${TIME}）`));

    const rejected = await pendingWithdrawal(t, { newCard: true });
    expect(dataOf(await reject(fin, rejected.id))).toMatchObject({ state: 3 });
    const later = await afterTheWindow();
    expect(dataOf(await approve(later, w.id))).toMatchObject({ state: 2 });
  });

  it('follows the configured window (withdrawalHoldHours)', async () => {
    const before = await getControls(t.db);
    await saveControls(t.db, { ...before, withdrawalHoldHours: 2 });
    try {
      const w = await pendingWithdrawal(t, { newCard: true });
      await expectHeld(w.id, new RegExp(`^新绑定的银行卡（${TIME}）$`));
      advanceClock(2 * HOUR + 60_000);
      const later = await c.signIn('finance');
      expect((await rowOf(later, w.id)).holds).toEqual([]);
      expect(dataOf(await approve(later, w.id))).toMatchObject({ state: 2 });
    } finally {
      await saveControls(t.db, before);
    }
  });
});

describe('a holder name that differs from the real name', () => {
  it('holds from the submission for the window, red in the drawer; a matching name does not', async () => {
    const w = await pendingWithdrawal(t);
    await t.db.update(users).set({ realname: '王五' }).where(eq(users.id, w.userId));
    await expectHeld(w.id, /^持卡人“张三”与会员实名“王五”不一致$/);
    expect((await detailOf(fin, w.id)).member).toMatchObject({ realname: '王五', name_differs: true });

    const same = await pendingWithdrawal(t);
    await t.db.update(users).set({ realname: '张 三' }).where(eq(users.id, same.userId));
    expect((await rowOf(fin, same.id)).holds).toEqual([]);
    expect((await detailOf(fin, same.id)).member.name_differs).toBe(false);

    const rejected = await pendingWithdrawal(t);
    await t.db.update(users).set({ realname: '赵六' }).where(eq(users.id, rejected.userId));
    expect(dataOf(await reject(fin, rejected.id))).toMatchObject({ state: 3 });
    expect((await rowOf(fin, rejected.id)).holds).toEqual([]);

    const later = await afterTheWindow();
    expect((await detailOf(later, w.id)).member.name_differs).toBe(true);
    expect(dataOf(await approve(later, w.id))).toMatchObject({ state: 2 });
    expect(dataOf(await approve(later, same.id))).toMatchObject({ state: 2 });
  });
});

describe('the command line', () => {
  it('is the machine’s owner: its approval is not held', async () => {
    const w = await pendingWithdrawal(t, { newCard: true });
    expect((await rowOf(fin, w.id)).holds).toHaveLength(1);
    dataOf(await t.op('/withdrawals/approve', { id: w.id }));
    expect((await rowOf(fin, w.id)).holds).toEqual([]);
  });
});
