/* Attack 4 of the 2026-11-27 review, replayed: a 客服 resets a member's login and payment passwords,
 * signs in as the member, binds a card of its own and withdraws. Now each step is visible and the
 * withdrawal is held: the 客服 must change both one-time passwords first (the member finds theirs no
 * longer work), and 财务 sees the reset, the new card and the holder name in red and cannot approve. */
import { MSG_MUST_CHANGE_PASSWORD } from '@app/contract/auth';
import { MSG_MUST_CHANGE_PAY_PASSWORD } from '@app/contract/withdrawals';
import type { ConsoleWithdrawalDetail } from '@app/contract/console-money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { boundLongAgo, uniqueCardNo, uniqueMobile } from '../../../test/console-samples/money';
import { buildTestApp, dataOf, idem, type Reply, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema/accounts';
import { withdrawals } from '../../db/schema/money';

let t: TestApp;
let c: TestConsole;
let support: ConsoleAgent;
let finance: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  support = await c.signIn('support');
  finance = await c.signIn('finance');
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

const refused = (r: Reply) => [r.status, r.body?.message];
const reset = async (id: number, kind: 'login' | 'pay') =>
  dataOf<{ password: string }>(await support.post('/api/members/reset-password', { id, kind })).password;

describe('attack 4: a 客服 takes a member over', () => {
  it('is held and shown to 财务 with every reason in red', async () => {
    const m = await t.newMember();
    await t.db.update(users).set({ realname: '张三' }).where(eq(users.id, m.id));
    await t.fund(m.id, '2000.00');
    const card = (owner: string, payPass: string, token: string) =>
      t.post(
        '/api/bindcard',
        {
          bank: '招商银行',
          bank_owner: owner,
          bank_no: uniqueCardNo(),
          bank_address: '深圳',
          pay_pass: payPass,
        },
        { token },
      );
    dataOf(await card('张三', m.password, m.token));
    await boundLongAgo(t, m.id);
    dataOf(await t.post('/api/auth/updateuserinfo', { mobile: uniqueMobile() }, { token: m.token }));

    // The 客服 resets both passwords: one-time ones; the member's session ends.
    const login = await reset(m.id, 'login');
    const pay = await reset(m.id, 'pay');
    expect((await t.post('/api/balance', {}, { token: m.token })).status).toBe(401);
    const token = dataOf<{ api_token: string }>(
      await t.post('/api/login_pc', { name: m.name, password: login }),
    ).api_token;
    expect(refused(await t.post('/api/balance', {}, { token }))).toEqual([403, MSG_MUST_CHANGE_PASSWORD]);
    dataOf(await t.post('/api/editPassword', { password: login, paypassword: 'thief12345' }, { token }));
    expect(refused(await card('李四', pay, token))).toEqual([403, MSG_MUST_CHANGE_PAY_PASSWORD]);
    dataOf(await t.post('/api/editPayPassword', { password: pay, paypassword: 'thief6789' }, { token }));
    dataOf(await card('李四', 'thief6789', token));
    const bound = dataOf<{ id: number; bank_owner?: string }[]>(
      await t.post('/api/getcard', { type: 1 }, { token }),
    );
    const theirs = bound.find((b) => b.bank_owner === '李四') ?? bound[bound.length - 1];
    dataOf(
      await t.post(
        '/api/withdraw',
        { type: 'bank', amount: '1500.00', bank: theirs?.id, password: 'thief6789' },
        { token, headers: idem() },
      ),
    );
    const [w] = await t.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.userId, m.id));
    const id = w?.id ?? 0;

    const detail = dataOf<ConsoleWithdrawalDetail>(
      await finance.get('/api/withdrawals/detail', { id: String(id) }),
    );
    const reasons = detail.withdrawal.holds.map((h) => h.reason).join('；');
    expect(reasons).toContain('重置了登录密码');
    expect(reasons).toContain('重置了支付密码');
    expect(reasons).toContain('新绑定的银行卡');
    expect(reasons).toContain('持卡人“李四”与会员实名“张三”不一致');
    const approve = await finance.post('/api/withdrawals/approve', { id });
    expect(approve.status).toBe(400);
    expect(approve.body?.message).toMatch(/^该提现暂缓至 /);
    dataOf(await finance.post('/api/withdrawals/reject', { id, reason: '账号疑被盗用，请联系客服' }));
    expect(dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance).toBe('2000.00');
    await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
  });
});
