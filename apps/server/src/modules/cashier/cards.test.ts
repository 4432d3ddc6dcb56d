import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
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

const isOk = (r: Reply) => r.status === 200 && r.body?.code === 200;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** A member with money, a bank card, a USDT address and a bound mobile (password secret123). */
const ready = () => readyMember(t);

describe('cards', () => {
  it('binds bank cards and USDT addresses (5 each at most, unique per member, password checked)', async () => {
    const m = await ready();
    const list = dataOf<{ bank: string; bank_owner: string; bank_no: string }[]>(
      await t.post('/api/getcard', { type: 1 }, { token: m.token }),
    );
    // The spaces of the number as typed are gone; readyMember gives each member a card of its own.
    expect(list).toEqual([
      expect.objectContaining({
        bank: '招商银行',
        bank_owner: `会员${m.id}`,
        bank_no: m.cardNo.replace(/ /g, ''),
      }),
    ]);
    const dup = await t.post(
      '/api/bindcard',
      {
        bank: '招商银行',
        bank_owner: '张三',
        bank_no: m.cardNo.replace(/ /g, ''),
        bank_address: '深圳',
        pay_pass: 'secret123',
      },
      { token: m.token },
    );
    expect([dup.status, dup.body?.message]).toEqual([400, '该卡号已绑定']);
    const more = await Promise.all(
      // Five at once: each reserves one payment-password try before it is checked (auth/limits.ts).
      range(5).map((i) =>
        t.post(
          '/api/bindcard',
          {
            bank: '招商银行',
            bank_owner: '张三',
            bank_no: `62220000999900${i}`,
            bank_address: '深圳',
            pay_pass: 'secret123',
          },
          { token: m.token },
        ),
      ),
    );
    expect(more.filter(isOk)).toHaveLength(4);
    expect(more.filter((r) => r.body?.message === '最多绑定5张银行卡')).toHaveLength(1);
    const wrong = await t.post(
      '/api/bindcard',
      {
        bank: '招商银行',
        bank_owner: '张三',
        bank_no: '62220000111100',
        bank_address: '深圳',
        pay_pass: 'wrong123',
      },
      { token: m.token },
    );
    expect([wrong.status, wrong.body?.message]).toEqual([400, '支付密码错误']);
    expect(dataOf<unknown[]>(await t.post('/api/banklist', {}, { token: m.token })).length).toBeGreaterThan(
      3,
    );
  });

  it("one member cannot see or delete another member's cards", async () => {
    const a = await ready();
    const b = await t.newMember();
    expect(dataOf(await t.post('/api/getcard', { type: 1 }, { token: b.token }))).toEqual([]);
    const del = await t.post('/api/delcard', { id: a.bank, pay_pass: 'secret123' }, { token: b.token });
    expect([del.status, del.body?.message]).toEqual([404, '卡片不存在']);
    dataOf(await t.post('/api/delcard', { id: a.bank, pay_pass: 'secret123' }, { token: a.token }));
    expect(dataOf(await t.post('/api/getcard', { type: 1 }, { token: a.token }))).toEqual([]);
  });
});
