import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MSG_VOUCHER_INVALID } from '@app/contract/deposit-method';
import { MSG_PAY_NOTHING, MSG_PAY_QR_IMAGE, MSG_PAY_RANGE } from '@app/contract/ops-money';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../core/clock';
import { uploadsRoot } from '../../core/uploads';
import { deposits, payMethods } from '../../db/schema/money';
import { seedMoney } from '../../seed/cashier';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { removeUnreferencedUploads, UNREFERENCED_UPLOAD_TTL_MS } from '../uploads/service';
import { MSG_VOUCHER_NOT_YOURS } from './service';

/* /payInfo per method (issue 15): what a member is shown, kept as it was when the order was placed;
 * the operator's account and QR image; the bank transfer's voucher. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

const PNG = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.alloc(24, 1)]);
const recharge = (token: string, body: Record<string, unknown>) =>
  t.post('/api/recharge', body, { token, headers: idem() });
const placed = async (token: string, body: Record<string, unknown>) =>
  dataOf<{ deposit_no: string }>(await recharge(token, body)).deposit_no;

interface PayInfoReply {
  info: { amount: string; paytype: string; usdt_amount: string };
  cardlist: { mch_id: string; content: string; payimg: string } | null;
}
const payinfo = async (token: string, no: string) => {
  const r = await t.post('/api/payinfo', { deposit_no: no }, { token });
  return { message: r.body?.message, ...dataOf<PayInfoReply>(r) };
};

async function uploadVoucher(token: string, data: Buffer = PNG): Promise<string> {
  const boundary = 'payinfoTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="voucher_img"; filename="v.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
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

describe('payinfo per method', () => {
  it('WeChat and Alipay: the seeded account name and a QR image that is served; no protocol', async () => {
    const m = await t.newMember();
    const wx = await payinfo(m.token, await placed(m.token, { paytype: 'wxpay', amount: 200 }));
    expect(wx.message).toBe('wxpay');
    expect(wx.cardlist).toEqual({
      mch_id: '乐享娱乐（微信收款）',
      content: '',
      payimg: '/assets-seed/pay-wechat-qr.svg',
    });
    expect(wx.info.usdt_amount).toBe('0.00');
    const ali = await payinfo(m.token, await placed(m.token, { paytype: 'alipay', amount: 200 }));
    expect([ali.message, ali.cardlist?.payimg]).toEqual(['alipay', '/assets-seed/pay-alipay-qr.svg']);
    for (const url of [wx.cardlist?.payimg, ali.cardlist?.payimg]) {
      const img = await t.app.inject({ method: 'GET', url: url ?? '' });
      expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
      // A real QR code: the three finder squares drawn as modules, and no script.
      expect(img.body).toMatch(/<path d="M32 32h8v8h-8z/);
      expect(img.body).not.toMatch(/<script/i);
    }
  });

  it('USDT: message usdtpay, the address, the protocol and the floored USDT amount', async () => {
    const m = await t.newMember();
    const info = await payinfo(
      m.token,
      await placed(m.token, { paytype: 'usdt', amount: 100, catepay: 'TRC20' }),
    );
    expect(info.message).toBe('usdtpay');
    expect(info.cardlist).toMatchObject({ mch_id: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', content: 'TRC20' });
    // 100 / 7.2 = 13.888… → 13.88 (floored, never rounded up).
    expect(info.info.usdt_amount).toBe('13.88');
  });

  it('a bank deposit has no receiving account on payinfo', async () => {
    const m = await t.newMember();
    const no = await placed(m.token, {
      paytype: 'bank',
      amount: 200,
      bank_owner: '张三',
      bank: '招商银行',
      bank_no: '6222000011112222',
      bank_address: '深圳',
    });
    const info = await payinfo(m.token, no);
    expect([info.message, info.cardlist]).toEqual(['bankpay', null]);
  });
});

describe('the operator sets where to pay', () => {
  afterAll(async () => {
    // Back to the seed for the other tests of this app.
    dataOf(
      await t.op('/pay-methods', {
        type: 'wechat',
        account: '乐享娱乐（微信收款）',
        qr_image: '',
        min: '100',
        max: '5000',
      }),
    );
  });

  it('changes the account and QR image; an order already placed keeps what it showed', async () => {
    const m = await t.newMember();
    const before = await placed(m.token, { paytype: 'wxpay', amount: 300 });
    const set = dataOf<{ account: string; qr_image: string; min: string }>(
      await t.op('/pay-methods', { type: 'wechat', account: '新收款人', qr_image: PNG.toString('base64') }),
    );
    expect(set.account).toBe('新收款人');
    expect(set.qr_image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    // The range was not sent, so it is kept.
    expect(set.min).toBe('100.00');
    const served = await t.app.inject({ method: 'GET', url: set.qr_image });
    expect([served.statusCode, served.rawPayload]).toEqual([200, PNG]);
    const listed = dataOf<{ methods: { type: string; qr_image: string }[] }>(await t.op('/pay-methods'));
    expect(listed.methods.find((x) => x.type === 'wechat')?.qr_image).toBe(set.qr_image);

    const after = await placed(m.token, { paytype: 'wxpay', amount: 300 });
    expect((await payinfo(m.token, after)).cardlist).toMatchObject({
      mch_id: '新收款人',
      payimg: set.qr_image,
    });
    expect((await payinfo(m.token, before)).cardlist).toMatchObject({
      mch_id: '乐享娱乐（微信收款）',
      payimg: '/assets-seed/pay-wechat-qr.svg',
    });

    // The QR image is kept by the upload cleanup while a method or an order refers to it.
    advanceClock(UNREFERENCED_UPLOAD_TTL_MS + 60_000);
    await removeUnreferencedUploads(t.db, t.config.dataDir);
    expect(existsSync(join(uploadsRoot(t.config.dataDir), set.qr_image.slice('/uploads/'.length)))).toBe(
      true,
    );
  });

  it("the seed gives an earlier seed's WeChat account its QR, and keeps an operator's account", async () => {
    await t.db
      .update(payMethods)
      .set({ account: 'wxpay-demo', qrImage: '' })
      .where(eq(payMethods.type, 'wechat'));
    await t.db
      .update(payMethods)
      .set({ account: '运营收款', qrImage: '' })
      .where(eq(payMethods.type, 'alipay'));
    await seedMoney(t.db);
    const rows = await t.db.select().from(payMethods);
    const of = (type: string) => rows.find((r) => r.type === type);
    expect([of('wechat')?.account, of('wechat')?.qrImage]).toEqual([
      '乐享娱乐（微信收款）',
      '/assets-seed/pay-wechat-qr.svg',
    ]);
    expect([of('alipay')?.account, of('alipay')?.qrImage]).toEqual(['运营收款', '']);
    await seedMoney(t.db);
    await t.db
      .update(payMethods)
      .set({ account: '乐享娱乐（支付宝收款）', qrImage: '/assets-seed/pay-alipay-qr.svg' })
      .where(eq(payMethods.type, 'alipay'));
  });

  it('refuses a QR image that is not a picture, a half range, and a change of nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bad = await t.op('/pay-methods', { type: 'alipay', qr_image: svg.toString('base64') });
    expect([bad.status, bad.body?.message]).toEqual([400, MSG_PAY_QR_IMAGE]);
    const half = await t.op('/pay-methods', { type: 'alipay', min: '100' });
    expect([half.status, half.body?.message]).toEqual([400, MSG_PAY_RANGE]);
    const nothing = await t.op('/pay-methods', { type: 'alipay' });
    expect([nothing.status, nothing.body?.message]).toEqual([400, MSG_PAY_NOTHING]);
    const missing = await t.op('/pay-methods', { type: 'nope', account: 'x' });
    expect(missing.status).toBe(400);
  });
});

describe('bank transfer voucher', () => {
  const bank = {
    paytype: 'bank',
    amount: 200,
    bank_owner: '张三',
    bank: '招商银行',
    bank_no: '6222000011112222',
    bank_address: '深圳',
  };

  it('is stored with the deposit and shown to the operator; kept by the upload cleanup', async () => {
    const m = await t.newMember();
    const voucher = await uploadVoucher(m.token);
    const no = await placed(m.token, { ...bank, voucher });
    const [row] = await t.db.select().from(deposits).where(eq(deposits.depositNo, no));
    expect(row?.voucher).toBe(voucher);
    const listed = dataOf<{ deposits: { deposit_no: string; voucher: string }[] }>(
      await t.op('/deposits?state=1'),
    );
    expect(listed.deposits.find((d) => d.deposit_no === no)?.voucher).toBe(voucher);
    advanceClock(UNREFERENCED_UPLOAD_TTL_MS + 60_000);
    await removeUnreferencedUploads(t.db, t.config.dataDir);
    expect(existsSync(join(uploadsRoot(t.config.dataDir), voucher.slice('/uploads/'.length)))).toBe(true);
  });

  it('is optional; another member’s upload or a made-up path is refused', async () => {
    const m = await t.newMember();
    const other = await t.newMember();
    expect((await recharge(m.token, bank)).status).toBe(200);
    const theirs = await uploadVoucher(other.token);
    const stolen = await recharge(m.token, { ...bank, voucher: theirs });
    expect([stolen.status, stolen.body?.message]).toEqual([400, MSG_VOUCHER_NOT_YOURS]);
    for (const voucher of ['/etc/passwd', 'https://evil.example/x.png', `/uploads/${'a'.repeat(32)}.svg`]) {
      const r = await recharge(m.token, { ...bank, voucher });
      expect([r.status, r.body?.message], voucher).toEqual([400, MSG_VOUCHER_INVALID]);
    }
    const unknown = await recharge(m.token, { ...bank, voucher: `/uploads/${'c'.repeat(32)}.png` });
    expect([unknown.status, unknown.body?.message]).toEqual([400, MSG_VOUCHER_NOT_YOURS]);
  });
});
