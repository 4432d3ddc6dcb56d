/* 支付方式 in the console: on/off reaches the member's /recharge and the server refuses a method that
 * is off; ranges, USDT addresses, accounts and QR images are checked; every change is audited. */
import {
  MSG_PAY_BANK_ACCOUNT,
  MSG_PAY_ENABLE_ACCOUNT,
  MSG_PAY_ENABLE_CARD,
  MSG_PAY_QR_URL,
  MSG_RECEIVING_LAST,
  type PayMethod,
} from '@app/contract/console-payments';
import { MSG_USDT_ADDRESS_FORMAT } from '@app/contract/cashier';
import { MSG_PAY_NOTHING, MSG_PAY_RANGE, MSG_PAY_RANGE_MAX } from '@app/contract/ops-money';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/operators';
import { payMethods, receivingCards } from '../../db/schema/money';
import { MSG_METHOD_CLOSED } from './service';
import {
  approvedBy,
  buildTestConsole,
  type ConsoleAgent,
  type TestConsole,
} from '../../../test/console-helpers';
import { PNG_BASE64 } from '../../../test/console-samples/uploads';
import { buildTestApp, dataOf, idem, type Reply, type TestApp } from '../../../test/helpers';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
/** The second 财务 who approves a change of a receiving account or QR image. */
let checker: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  fin = await c.signIn('finance');
  checker = await c.signIn('finance');
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

const methods = async () => dataOf<{ items: PayMethod[] }>(await fin.get('/api/payments/methods')).items;
const method = async (type: string) => (await methods()).find((m) => m.type === type);
/**
 * Saves a method as `fin`; a change of its account or QR image (a 待复核 ticket) is approved by
 * `checker`, and the method as it is then is the reply.
 */
const set = async (body: Record<string, unknown>): Promise<Reply> => {
  const r = await fin.post('/api/payments/methods', body);
  const approved = await approvedBy(checker, r);
  if (approved === r) return r;
  expect(dataOf<{ item: { status: string } }>(approved).item.status).toBe('approved');
  return { ...r, body: { code: 200, message: '', data: await method(String(body.type)) } };
};
let viewer = '';
const payWays = async () => {
  viewer ||= (await t.newMember()).token;
  return dataOf<Record<string, number>>(await t.get('/api/get_pay_way', undefined, { token: viewer }));
};
const lastAudit = async (targetId: string) => {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'payMethod'), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};
const refused = async (body: Record<string, unknown>) => {
  const r = await set(body);
  return [r.status, r.body?.message];
};

/** A member's voucher picture (multipart, as the member app sends it); its address. */
async function uploadVoucher(token: string): Promise<string> {
  const boundary = 'paymentsTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="voucher_img"; filename="v.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(PNG_BASE64, 'base64'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload_voucher',
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return (JSON.parse(res.body) as { data: { path: string } }).data.path;
}

describe('pay methods', () => {
  it('lists the five methods in the form order with their ranges and accounts', async () => {
    const list = await methods();
    expect(list.map((m) => m.type)).toEqual(['bank', 'wechat', 'alipay', 'usdt-trc20', 'usdt-erc20']);
    expect(list[1]).toMatchObject({
      enabled: true,
      min: '100.00',
      max: '5000.00',
      account: '乐享娱乐（微信收款）',
    });
  });

  it('a method switched off leaves /recharge, the server refuses it, and it comes back when on', async () => {
    const m = await t.newMember();
    expect((await payWays()).wechat).toBe(1);
    const off = dataOf<PayMethod>(await set({ type: 'wechat', enabled: false }));
    expect(off.enabled).toBe(false);
    expect((await payWays()).wechat).toBe(0);
    // A member whose page still offers it is refused by the server.
    const late = await t.post(
      '/api/recharge',
      { paytype: 'wxpay', amount: 300 },
      { token: m.token, headers: idem() },
    );
    expect(late.body?.message).toBe(MSG_METHOD_CLOSED);
    expect(await lastAudit('wechat')).toMatchObject({
      action: 'payMethod.disable',
      operatorName: fin.name,
      before: { enabled: true },
      after: { enabled: false },
    });

    dataOf(await set({ type: 'wechat', enabled: true }));
    expect((await payWays()).wechat).toBe(1);
    const ok = await t.post(
      '/api/recharge',
      { paytype: 'wxpay', amount: 300 },
      { token: m.token, headers: idem() },
    );
    expect(ok.body?.code).toBe(200);
    expect((await lastAudit('wechat'))?.action).toBe('payMethod.enable');
  });

  it('one USDT protocol off: the other is still offered, the closed one refused', async () => {
    const m = await t.newMember();
    dataOf(await set({ type: 'usdt-erc20', enabled: false }));
    expect(await payWays()).toMatchObject({ usdt: 1, usdt_trc20: 1, usdt_erc20: 0 });
    const erc = await t.post(
      '/api/recharge',
      { paytype: 'usdt', amount: 600, catepay: 'ERC20' },
      { token: m.token, headers: idem() },
    );
    expect(erc.body?.message).toBe(MSG_METHOD_CLOSED);
    dataOf(await set({ type: 'usdt-erc20', enabled: true }));
  });

  it('changes a range, with the member told the new one; what changed is audited', async () => {
    const m = await t.newMember();
    const r = dataOf<PayMethod>(await set({ type: 'alipay', min: '200', max: '3000.5' }));
    expect([r.min, r.max]).toEqual(['200.00', '3000.50']);
    const range = dataOf<{ min_price: string; max_price: string }>(
      await t.post('/api/getPayRange', { type: 'alipay' }, { token: m.token }),
    );
    expect(range).toEqual({ min_price: '200.00', max_price: '3000.50' });
    const low = await t.post(
      '/api/recharge',
      { paytype: 'alipay', amount: 150 },
      { token: m.token, headers: idem() },
    );
    expect(low.body?.message).toBe('请输入200-3000.50之间的金额！');
    expect(await lastAudit('alipay')).toMatchObject({
      action: 'payMethod.update',
      before: { min: '100.00', max: '5000.00' },
      after: { min: '200.00', max: '3000.50' },
    });
    dataOf(await set({ type: 'alipay', min: '100', max: '5000' }));
  });

  it('refuses a bad range, a change of nothing, a wrong USDT address and an account on bank', async () => {
    expect(await refused({ type: 'alipay', min: '100' })).toEqual([400, MSG_PAY_RANGE]);
    expect(await refused({ type: 'alipay', min: '300', max: '200' })).toEqual([400, MSG_PAY_RANGE]);
    expect(await refused({ type: 'alipay', min: '0', max: '200' })).toEqual([400, MSG_PAY_RANGE]);
    expect(await refused({ type: 'alipay', min: '1', max: '100000000.01' })).toEqual([
      400,
      MSG_PAY_RANGE_MAX,
    ]);
    expect(await refused({ type: 'alipay' })).toEqual([400, MSG_PAY_NOTHING]);
    expect((await set({ type: 'paypal', enabled: true })).status).toBe(400);
    const erc = '0x8d3c1bd2b7a9e0c6f4a2d1e3b5c7a9f0e2d4c6b8';
    expect(await refused({ type: 'usdt-trc20', account: erc })).toEqual([400, MSG_USDT_ADDRESS_FORMAT]);
    expect(await refused({ type: 'usdt-erc20', account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })).toEqual([
      400,
      MSG_USDT_ADDRESS_FORMAT,
    ]);
    expect(await refused({ type: 'bank', account: '6222000011112222' })).toEqual([400, MSG_PAY_BANK_ACCOUNT]);
    // Nothing of these was stored.
    expect((await method('usdt-trc20'))?.account).toBe('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  });

  it('sets a USDT address of its protocol; an enabled method needs an account', async () => {
    const addr = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
    expect(dataOf<PayMethod>(await set({ type: 'usdt-trc20', account: ` ${addr} ` })).account).toBe(addr);
    expect(await refused({ type: 'usdt-trc20', account: '' })).toEqual([400, MSG_PAY_ENABLE_ACCOUNT]);
    // Off, it may be emptied; on again it needs one.
    dataOf(await set({ type: 'usdt-trc20', enabled: false, account: '' }));
    expect(await refused({ type: 'usdt-trc20', enabled: true })).toEqual([400, MSG_PAY_ENABLE_ACCOUNT]);
    dataOf(await set({ type: 'usdt-trc20', enabled: true, account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }));
  });

  it("takes an operator's uploaded QR image, never a member's picture or another address", async () => {
    const { url } = dataOf<{ url: string }>(await fin.post('/api/uploads/image', { data: PNG_BASE64 }));
    const r = dataOf<PayMethod>(await set({ type: 'wechat', qr_image: url, account: '新微信收款' }));
    expect([r.qr_image, r.account]).toEqual([url, '新微信收款']);
    const m = await t.newMember();
    const no = dataOf<{ deposit_no: string }>(
      await t.post('/api/recharge', { paytype: 'wxpay', amount: 300 }, { token: m.token, headers: idem() }),
    ).deposit_no;
    const info = dataOf<{ cardlist: { payimg: string; mch_id: string } }>(
      await t.post('/api/payinfo', { deposit_no: no }, { token: m.token }),
    );
    expect(info.cardlist).toMatchObject({ payimg: url, mch_id: '新微信收款' });

    const voucher = await uploadVoucher(m.token);
    expect(await refused({ type: 'alipay', qr_image: voucher })).toEqual([400, MSG_PAY_QR_URL]);
    expect(await refused({ type: 'alipay', qr_image: 'https://evil.example/qr.png' })).toEqual([
      400,
      MSG_PAY_QR_URL,
    ]);
    expect(
      await refused({ type: 'alipay', qr_image: '/uploads/0123456789abcdef0123456789abcdef.png' }),
    ).toEqual([400, MSG_PAY_QR_URL]);
    expect(await refused({ type: 'bank', qr_image: url })).toEqual([400, MSG_PAY_BANK_ACCOUNT]);
    // The seeded picture a method already shows may stay; '' removes it.
    dataOf(await set({ type: 'alipay', qr_image: '/assets-seed/pay-alipay-qr.svg' }));
    // Another seeded picture is not the operator's: back to the seed through the database.
    expect(await refused({ type: 'wechat', qr_image: '/assets-seed/pay-alipay-qr.svg' })).toEqual([
      400,
      MSG_PAY_QR_URL,
    ]);
    await t.db
      .update(payMethods)
      .set({ account: '乐享娱乐（微信收款）', qrImage: '/assets-seed/pay-wechat-qr.svg' })
      .where(eq(payMethods.type, 'wechat'));
  });

  it('bank transfer needs an enabled receiving card; the last one stays while it is on', async () => {
    const cards = await t.db.select().from(receivingCards).where(eq(receivingCards.enabled, 1));
    const [keep, ...rest] = cards;
    if (!keep) throw new Error('no seeded card');
    for (const card of rest) {
      dataOf(await fin.post('/api/payments/cards/enabled', { id: card.id, enabled: false }));
    }
    const last = await fin.post('/api/payments/cards/enabled', { id: keep.id, enabled: false });
    expect([last.status, last.body?.message]).toEqual([400, MSG_RECEIVING_LAST]);
    dataOf(await set({ type: 'bank', enabled: false }));
    dataOf(await fin.post('/api/payments/cards/enabled', { id: keep.id, enabled: false }));
    expect(await refused({ type: 'bank', enabled: true })).toEqual([400, MSG_PAY_ENABLE_CARD]);
    dataOf(await fin.post('/api/payments/cards/enabled', { id: keep.id, enabled: true }));
    dataOf(await set({ type: 'bank', enabled: true }));
    for (const card of rest) {
      dataOf(await fin.post('/api/payments/cards/enabled', { id: card.id, enabled: true }));
    }
    expect((await payWays()).card).toBe(1);
  });
});
