import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addRequirement } from './turnover';
import { buildTestApp, dataOf, idem, type Reply, type TestApp } from '../../../test/helpers';
import { readyMember } from '../withdrawals/test-support';

/* Issue 30 item 12: the input checks with gaps, each answered by the message that names the problem. */

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

const said = (r: Reply) => [r.status, r.body?.message] as const;
const central = async (token: string) =>
  dataOf<{ balance: string }>(await t.post('/api/refreshusermoney', {}, { token })).balance;
const bankDeposit = {
  paytype: 'bank',
  amount: '500',
  bank_owner: '王小明',
  bank: '中国银行',
  bank_address: '北京',
};

describe('deposit', () => {
  it('refuses a payer card number with letters; digits (with the spaces typed) are taken', async () => {
    const m = await t.newMember();
    for (const bank_no of ['12ab', '6222 0000 1111 222x', '６２２２']) {
      const r = await t.post(
        '/api/recharge',
        { ...bankDeposit, bank_no },
        { token: m.token, headers: idem() },
      );
      expect(said(r), bank_no).toEqual([400, '银行卡号只能包含数字']);
    }
    const ok = await t.post(
      '/api/recharge',
      { ...bankDeposit, bank_no: '6222 0000 1111 2222' },
      { token: m.token, headers: idem() },
    );
    expect(ok.status).toBe(200);
  });

  it('says an amount has at most two decimals, not that it is out of range', async () => {
    const m = await t.newMember();
    for (const amount of ['100.555', 100.555, '500.001']) {
      const r = await t.post(
        '/api/recharge',
        { ...bankDeposit, amount, bank_no: '6222000011112222' },
        { token: m.token, headers: idem() },
      );
      expect(said(r), String(amount)).toEqual([400, '金额最多只能有两位小数']);
    }
  });
});

describe('withdrawal above the balance', () => {
  it('says 余额不足 before the turnover it would also miss, and moves nothing', async () => {
    const m = await readyMember(t, '1000.00');
    await addRequirement(t.db, m.id, { source: 'adjustment', cents: 200_000n });
    const body = { type: 'bank', amount: 99999, bank: m.bank, password: 'secret123' };
    const r = await t.post('/api/withdraw', body, { token: m.token, headers: idem() });
    expect(said(r)).toEqual([400, '余额不足']);
    // Within the balance, the turnover is what is missing.
    const within = await t.post(
      '/api/withdraw',
      { ...body, amount: 500 },
      { token: m.token, headers: idem() },
    );
    expect(said(within)).toEqual([400, '打码量不足，还需2000.00元有效投注']);
    expect(await central(m.token)).toBe('1000.00');
  });
});

describe('transfer', () => {
  it('中心钱包 → 中心钱包 says the two wallets must differ; a venue to another venue keeps its message', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '50.00');
    const same = await t.post(
      '/api/transfer',
      { amount: 10, sourcetype: 'userbalance', targettype: 'userbalance' },
      { token: m.token, headers: idem() },
    );
    expect(said(same)).toEqual([400, '转出钱包和转入钱包不能相同']);
    const venues = await t.post(
      '/api/transfer',
      { amount: 10, sourcetype: 'AG', targettype: 'KY' },
      { token: m.token, headers: idem() },
    );
    expect(said(venues)).toEqual([400, '场馆内钱包不支持互转']);
    expect(await central(m.token)).toBe('50.00');
  });
});
