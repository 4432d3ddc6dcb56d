import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { readyMember } from '../withdrawals/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

/** A member with money, a bank card, a USDT address and a bound mobile (password secret123). */
const ready = (yuan?: string) => readyMember(t, yuan);
const withdraw = (token: string, body: Record<string, unknown>) =>
  t.post('/api/withdraw', body, { token, headers: idem() });

describe('account records', () => {
  it("gettransrecord gives the member's own deposits, withdrawals and transfers, paged", async () => {
    const a = await ready('1000.00');
    const b = await t.newMember();
    dataOf(await withdraw(a.token, { type: 'bank', amount: 100, bank: a.bank, password: 'secret123' }));
    dataOf(
      await t.post('/api/recharge', { paytype: 'alipay', amount: 200 }, { token: a.token, headers: idem() }),
    );
    dataOf(
      await t.post(
        '/api/transfer',
        { amount: 10, sourcetype: 'userbalance', targettype: 'AG' },
        { token: a.token, headers: idem() },
      ),
    );
    dataOf(await t.post('/api/transall', {}, { token: a.token, headers: idem() }));
    type Page = { data: { amount: string; pay_way: string; state: number }[]; total: number };
    const rec = async (token: string, type: number) =>
      dataOf<Page>(await t.post('/api/gettransrecord', { date: 1, type, page: 1 }, { token }));
    expect((await rec(a.token, 1)).data).toEqual([
      expect.objectContaining({ amount: '200.00', pay_way: 'alipay', state: 1 }),
    ]);
    expect((await rec(a.token, 2)).data).toEqual([
      expect.objectContaining({ amount: '100.00', pay_way: 'bank', state: 1 }),
    ]);
    expect((await rec(a.token, 3)).data).toEqual([
      expect.objectContaining({ amount: '10.00', pay_way: 'AG' }),
    ]);
    expect((await rec(a.token, 4)).total).toBe(1);
    for (const type of [1, 2, 3, 4]) expect((await rec(b.token, type)).total).toBe(0);
    const bad = await t.post('/api/gettransrecord', { date: 9, type: 1 }, { token: a.token });
    expect(bad.status).toBe(400);
  });
});
