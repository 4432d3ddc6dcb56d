import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
import { readyMember } from '../withdrawals/test-support';

/* Issue 30 item 6: unbinding a withdrawal card or address needs the payment password, as binding does. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const said = (r: Reply) => [r.status, r.body?.message] as const;
const cardCount = async (token: string, type: 1 | 2) =>
  dataOf<unknown[]>(await t.post('/api/getcard', { type }, { token })).length;

describe('/api/delcard', () => {
  it('refuses without the payment password, or with a short or wrong one; the card stays', async () => {
    const m = await readyMember(t);
    expect(said(await t.post('/api/delcard', { id: m.bank }, { token: m.token }))).toEqual([
      400,
      '请输入支付密码',
    ]);
    expect(said(await t.post('/api/delcard', { id: m.usdt, pay_pass: '' }, { token: m.token }))).toEqual([
      400,
      '请输入支付密码',
    ]);
    expect(said(await t.post('/api/delcard', { id: m.bank, pay_pass: '123' }, { token: m.token }))).toEqual([
      400,
      '请输入支付密码长度',
    ]);
    expect(
      said(await t.post('/api/delcard', { id: m.usdt, pay_pass: 'wrong999' }, { token: m.token })),
    ).toEqual([400, '支付密码错误']);
    expect(await cardCount(m.token, 1)).toBe(1);
    expect(await cardCount(m.token, 2)).toBe(1);

    const ok = await t.post('/api/delcard', { id: m.usdt, pay_pass: 'secret123' }, { token: m.token });
    expect(said(ok)).toEqual([200, '解绑成功']);
    expect(await cardCount(m.token, 2)).toBe(0);
  });

  it('counts wrong tries with binding and withdrawal: after 5 even the right one is refused', async () => {
    const m = await readyMember(t);
    for (let i = 0; i < 4; i++) {
      const r = await t.post('/api/delcard', { id: m.bank, pay_pass: `wrong00${i}` }, { token: m.token });
      expect(said(r)).toEqual([400, '支付密码错误']);
    }
    // The fifth wrong try is a withdrawal's: one count for every use of the payment password.
    const withdrawal = await t.post(
      '/api/withdraw',
      { amount: 100, bank: m.bank, password: 'wrong004', type: 'bank' },
      { token: m.token, headers: { 'idempotency-key': `unbind-${m.id}` } },
    );
    expect(withdrawal.body?.message).toBe('支付密码错误');
    const locked = await t.post('/api/delcard', { id: m.bank, pay_pass: 'secret123' }, { token: m.token });
    expect(locked.status).toBe(429);
    expect(locked.body?.message).toMatch(/^支付密码错误次数过多，请\d+分钟后再试$/);
    expect(await cardCount(m.token, 1)).toBe(1);
  });

  it("another member's card is not found, whatever password is sent", async () => {
    const a = await readyMember(t);
    const b = await readyMember(t);
    const r = await t.post('/api/delcard', { id: a.bank, pay_pass: 'secret123' }, { token: b.token });
    expect(said(r)).toEqual([404, '卡片不存在']);
    expect(await cardCount(a.token, 1)).toBe(1);
  });
});
