/* 汇率与手续费 in the console, and the rule of this area: a change never alters an order already
 * placed (deposits keep account, QR and USDT amount; withdrawals keep fee and USDT received), not in
 * the review queue, not when approved, not when the change races the order. */
import { MSG_FEE, MSG_RATE, MSG_RATE_ORDER, type PaymentRates } from '@app/contract/console-payments';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/operators';
import { deposits, payMethods, withdrawals } from '../../db/schema/money';
import { usdtCentsOf } from './shared';
import { readyMember } from '../withdrawals/test-support';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { SEED_RATES } from '../../../test/console-samples/payments';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  fin = await c.signIn('finance');
}, 60_000);
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const setRates = (body: Record<string, unknown>) => fin.post('/api/payments/rates', body);
const rates = async () => dataOf<PaymentRates>(await fin.get('/api/payments/rates'));
const refusal = async (body: Record<string, unknown>) => {
  const r = await setRates({ ...SEED_RATES, ...body });
  return [r.status, r.body?.message];
};
const recharge = (token: string, body: Record<string, unknown>) =>
  t.post('/api/recharge', body, { token, headers: idem() });
const depositNo = async (token: string, body: Record<string, unknown>) =>
  dataOf<{ deposit_no: string }>(await recharge(token, body)).deposit_no;
const usdtWithdrawal = async (m: Awaited<ReturnType<typeof readyMember>>, amount: number) =>
  dataOf(
    await t.post(
      '/api/withdraw',
      { type: 'usdt', amount, bank: m.usdt, password: 'secret123' },
      { token: m.token, headers: idem() },
    ),
  );

describe('rates and fees', () => {
  it('reads the seeded rates and fees', async () => {
    expect(await rates()).toMatchObject({
      usdtrate: '7.2000',
      withdrawusdtrate: '7.3000',
      fee_erc20: '5.00',
      fee_trc20: '1.00',
    });
  });

  it('refuses a rate out of bounds, a fee out of bounds, and a withdrawal rate below the deposit rate', async () => {
    for (const usdtrate of ['0', '0.5', '51', '7.12345', 'abc', '-7', ''])
      expect(await refusal({ usdtrate })).toEqual([400, MSG_RATE]);
    for (const fee_trc20 of ['-1', '100.01', '1.234', '一'])
      expect(await refusal({ fee_trc20 })).toEqual([400, MSG_FEE]);
    expect(await refusal({ usdtrate: '7.3', withdrawusdtrate: '7.2999' })).toEqual([400, MSG_RATE_ORDER]);
    expect((await setRates({ usdtrate: '7.2' })).status).toBe(400);
    expect(await rates()).toMatchObject({ usdtrate: '7.2000', fee_trc20: '1.00' });
  });

  it('sets them; members see the new values; the change is audited with before and after', async () => {
    const m = await t.newMember();
    const r = dataOf<PaymentRates>(
      await setRates({ usdtrate: '6.95', withdrawusdtrate: '6.95', fee_erc20: '0', fee_trc20: '2.5' }),
    );
    expect(r).toMatchObject({
      usdtrate: '6.9500',
      withdrawusdtrate: '6.9500',
      fee_erc20: '0.00',
      fee_trc20: '2.50',
    });
    const info = dataOf<Record<string, unknown>>(await t.post('/api/user', {}, { token: m.token }));
    expect(info).toMatchObject({
      usdtrate: 6.95,
      withdrawusdtrate: 6.95,
      withdrawcashfee: '0.00',
      withdrawfeeusdttrc: '2.50',
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'paymentRates.update'), eq(auditLog.operatorName, fin.name)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      targetType: 'paymentRates',
      before: { usdtrate: '7.2000', withdrawusdtrate: '7.3000', fee_erc20: '5.00', fee_trc20: '1.00' },
      after: { usdtrate: '6.9500', withdrawusdtrate: '6.9500', fee_erc20: '0.00', fee_trc20: '2.50' },
    });
    dataOf(await setRates(SEED_RATES));
  });
});

describe('a change never alters an order already placed', () => {
  it('deposits and a USDT withdrawal keep what they showed through the queue and approval', async () => {
    const m = await t.newMember();
    const usdtNo = await depositNo(m.token, { paytype: 'usdt', amount: 720, catepay: 'TRC20' });
    const wxNo = await depositNo(m.token, { paytype: 'wxpay', amount: 300 });
    const w = await readyMember(t, '1000.00');
    await usdtWithdrawal(w, 730);
    const payinfo = async (no: string) =>
      dataOf(await t.post('/api/payinfo', { deposit_no: no }, { token: m.token }));
    const snapshot = async () => ({
      deposits: await t.db
        .select()
        .from(deposits)
        .where(inArray(deposits.depositNo, [usdtNo, wxNo])),
      payinfo: [await payinfo(usdtNo), await payinfo(wxNo)],
      queue: dataOf<{ rows: { deposit_no: string }[] }>(
        await fin.get('/api/deposits', { pageSize: '200' }),
      ).rows.filter((r) => [usdtNo, wxNo].includes(r.deposit_no)),
      withdrawal: await t.db.select().from(withdrawals).where(eq(withdrawals.userId, w.id)),
    });
    const before = await snapshot();
    expect(before.deposits.find((d) => d.depositNo === usdtNo)?.usdtCents).toBe(10_000n);
    // 730 yuan at 7.30 is 100 USDT, less the TRC20 fee of 1.
    expect(before.withdrawal[0]).toMatchObject({ feeCents: 100n, receiveCents: 9_900n });

    const upload = dataOf<{ url: string }>(
      await fin.post('/api/uploads/image', {
        data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      }),
    );
    dataOf(await setRates({ usdtrate: '8', withdrawusdtrate: '9', fee_erc20: '9', fee_trc20: '3' }));
    dataOf(
      await fin.post('/api/payments/methods', {
        type: 'usdt-trc20',
        account: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
        min: '1000',
        max: '2000',
      }),
    );
    dataOf(await fin.post('/api/payments/methods', { type: 'usdt-trc20', enabled: false }));
    dataOf(
      await fin.post('/api/payments/methods', {
        type: 'wechat',
        account: '改后的微信',
        qr_image: upload.url,
        enabled: false,
      }),
    );
    expect(await snapshot()).toEqual(before);
    const detail = dataOf<{ withdrawal: { usdt_fee: string; usdt_receive: string } }>(
      await fin.get('/api/withdrawals/detail', { id: String(before.withdrawal[0]?.id) }),
    );
    expect(detail.withdrawal).toMatchObject({ usdt_fee: '1.00', usdt_receive: '99.00' });

    // Approval credits and pays what was placed, the methods being off or changed.
    for (const d of before.deposits) dataOf(await fin.post('/api/deposits/approve', { id: d.id }));
    const balance = dataOf<{ balance: string }>(await t.post('/api/user', {}, { token: m.token })).balance;
    expect(balance).toBe('1020.00');
    dataOf(await fin.post('/api/withdrawals/approve', { id: before.withdrawal[0]?.id }));
    const [paid] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, w.id));
    expect(paid).toMatchObject({ state: 2, feeCents: 100n, receiveCents: 9_900n, amountCents: 73_000n });

    await restoreSeed();
  });

  it('a rate and fee change racing members’ orders: each order has all old or all new values', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => readyMember(t, '2000.00')));
    const placing = members.flatMap((m) => [
      depositNo(m.token, { paytype: 'usdt', amount: 1000, catepay: 'TRC20' }),
      depositNo(m.token, { paytype: 'usdt', amount: 1000, catepay: 'TRC20' }),
      usdtWithdrawal(m, 1000),
    ]);
    const change = setRates({ usdtrate: '8', withdrawusdtrate: '8', fee_erc20: '5', fee_trc20: '4' });
    await Promise.all([...placing, change]);
    const ids = members.map((m) => m.id);
    const ds = await t.db.select().from(deposits).where(inArray(deposits.userId, ids));
    const oldUsdt = usdtCentsOf(100_000n, '7.2');
    const newUsdt = usdtCentsOf(100_000n, '8');
    expect(ds).toHaveLength(8);
    for (const d of ds) expect([oldUsdt, newUsdt]).toContain(d.usdtCents);
    const ws = await t.db.select().from(withdrawals).where(inArray(withdrawals.userId, ids));
    expect(ws).toHaveLength(4);
    const oldPair = [100n, usdtCentsOf(100_000n, '7.3') - 100n];
    const newPair = [400n, usdtCentsOf(100_000n, '8') - 400n];
    for (const w of ws) expect([oldPair, newPair]).toContainEqual([w.feeCents, w.receiveCents]);
    dataOf(await setRates(SEED_RATES));
  });
});

async function restoreSeed() {
  dataOf(await setRates(SEED_RATES));
  await t.db
    .update(payMethods)
    .set({
      enabled: 1,
      account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      minCents: 10_000n,
      maxCents: 10_000_000n,
    })
    .where(eq(payMethods.type, 'usdt-trc20'));
  await t.db
    .update(payMethods)
    .set({ enabled: 1, account: '乐享娱乐（微信收款）', qrImage: '/assets-seed/pay-wechat-qr.svg' })
    .where(eq(payMethods.type, 'wechat'));
}
