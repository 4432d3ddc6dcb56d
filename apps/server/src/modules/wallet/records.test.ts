import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { readyMember } from '../withdrawals/test-support';
import { transferOrderNo } from './records';

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
    type Page = {
      data: { out_trade_no: string; amount: string; pay_way: string; state: number }[];
      total: number;
    };
    const rec = async (token: string, type: number) =>
      dataOf<Page>(await t.post('/api/gettransrecord', { date: 1, type, page: 1 }, { token }));
    expect((await rec(a.token, 1)).data).toEqual([
      expect.objectContaining({ amount: '200.00', pay_way: 'alipay', state: 1 }),
    ]);
    expect((await rec(a.token, 2)).data).toEqual([
      expect.objectContaining({ amount: '100.00', pay_way: 'bank', state: 1 }),
    ]);
    // A transfer shows its venue by name and a readable order number, never the ledger's UUID.
    expect((await rec(a.token, 3)).data).toEqual([
      expect.objectContaining({
        amount: '10.00',
        pay_way: 'AG真人',
        out_trade_no: expect.stringMatching(/^T\d{20,}$/),
      }),
    ]);
    expect((await rec(a.token, 4)).data).toEqual([
      expect.objectContaining({ pay_way: '一键回收', out_trade_no: expect.stringMatching(/^T\d{20,}$/) }),
    ]);
    for (const type of [1, 2, 3, 4]) expect((await rec(b.token, type)).total).toBe(0);
    const bad = await t.post('/api/gettransrecord', { date: 9, type: 1 }, { token: a.token });
    expect(bad.status).toBe(400);
  });

  it('a reviewed withdrawal shows its new state in the very next read (no cache in between)', async () => {
    const m = await ready('1000.00');
    dataOf(await withdraw(m.token, { type: 'bank', amount: 100, bank: m.bank, password: 'secret123' }));
    type Page = { data: { out_trade_no: string; state: number }[] };
    const rec = async () =>
      dataOf<Page>(await t.post('/api/gettransrecord', { date: 4, type: 2, page: 1 }, { token: m.token }))
        .data;
    const [before] = await rec();
    expect(before).toMatchObject({ out_trade_no: expect.stringMatching(/^W\d{20}$/), state: 1 });
    const list = dataOf<{ withdrawals: { id: number; username: string }[] }>(await t.op('/withdrawals'));
    const mine = list.withdrawals.find((w) => w.username === m.name);
    dataOf(await t.op('/withdrawals/approve', { id: mine?.id }));
    expect((await rec())[0]).toMatchObject({ out_trade_no: before?.out_trade_no, state: 2 });
  });

  it('transferOrderNo: T, the Beijing second, the entry id padded to six digits', () => {
    expect(transferOrderNo(new Date('2026-11-25T02:30:15Z'), 42n)).toBe('T20261125103015000042');
    expect(transferOrderNo(new Date('2026-11-25T02:30:15Z'), 12345678n)).toBe('T2026112510301512345678');
  });
});
