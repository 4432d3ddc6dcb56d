import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { deposits } from '../../db/schema/money';
import { turnover } from '../wallet/turnover';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { autoApprove } from './review';
import { usdtCentsOf } from './shared';

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

const recharge = (token: string, body: Record<string, unknown>) =>
  t.post('/api/recharge', body, { token, headers: idem() });
const central = async (token: string) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;

describe('deposit settings', () => {
  it('pay ways, ranges per method and receiving cards come from the seed', async () => {
    const m = await t.newMember();
    expect(dataOf(await t.get('/api/get_pay_way', {}, { token: m.token }))).toEqual({
      card: 1,
      usdt: 1,
      wechat: 1,
      alipay: 1,
      usdt_trc20: 1,
      usdt_erc20: 1,
    });
    expect(dataOf(await t.post('/api/getPayRange', { type: 'usdt-erc20' }, { token: m.token }))).toEqual({
      min_price: '500.00',
      max_price: '100000.00',
    });
    const cards = dataOf<{ bank_no: string; bank_data: { bank_name: string } }[]>(
      await t.post('/api/getpaybank', {}, { token: m.token }),
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]?.bank_data.bank_name).toBe('中国工商银行');
  });
});

describe('operator pay settings', () => {
  it('pay:set changes a range and switches a method off', async () => {
    dataOf(await t.op('/pay-methods', { type: 'wechat', min: '200', max: '3000', enabled: false }));
    const m = await t.newMember();
    expect(dataOf(await t.get('/api/get_pay_way', {}, { token: m.token }))).toMatchObject({ wechat: 0 });
    expect(dataOf(await t.post('/api/getPayRange', { type: 'wechat' }, { token: m.token }))).toEqual({
      min_price: '200.00',
      max_price: '3000.00',
    });
    const closed = await recharge(m.token, { paytype: 'wxpay', amount: 500 });
    expect([closed.status, closed.body?.message]).toEqual([400, '该充值方式暂未开放']);
    expect((await t.op('/pay-methods', { type: 'wechat', min: '300', max: '200' })).status).toBe(400);
    dataOf(await t.op('/pay-methods', { type: 'wechat', min: '100', max: '5000', enabled: true }));
    const methods = dataOf<{ methods: { type: string }[] }>(await t.op('/pay-methods'));
    expect(methods.methods).toHaveLength(5);
  });
});

describe('recharge and approval', () => {
  it('creates a deposit in review with a unique number; approval credits balance, paysum and turnover once', async () => {
    const m = await t.newMember();
    const r = await recharge(m.token, { paytype: 'usdt', amount: '720.00', catepay: 'trc20' });
    const data = dataOf<{ deposit_no: string }>(r);
    expect(r.body?.message).toBe(data.deposit_no);
    expect(data.deposit_no).toMatch(/^D\d{20}$/);
    const info = await t.post('/api/payinfo', { deposit_no: data.deposit_no }, { token: m.token });
    expect(dataOf(info)).toMatchObject({
      deposit_no: data.deposit_no,
      info: { amount: '720.00', paytype: 'usdt' },
      cardlist: { content: 'TRC20' },
    });
    const [row] = await t.db.select().from(deposits).where(eq(deposits.depositNo, data.deposit_no));
    expect([row?.state, row?.usdtCents]).toEqual([1, 10_000n]);
    expect(await central(m.token)).toBe('0.00');

    const both = await Promise.all([
      t.op('/deposits/approve', { deposit_no: data.deposit_no }),
      t.op('/deposits/approve', { deposit_no: data.deposit_no }),
    ]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await central(m.token)).toBe('720.00');
    const [u] = await t.db.select().from(users).where(eq(users.id, m.id));
    expect([u?.paysumCents, (await turnover(t.db, m.id)).required]).toEqual([72_000n, 72_000n]);
    const again = await t.op('/deposits/reject', { deposit_no: data.deposit_no });
    expect([again.status, again.body?.message]).toEqual([
      409,
      expect.stringMatching(/^该存款已由 命令行 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 通过$/),
    ]);
  });

  it('refuses amounts outside the method range with the range message, and bad amounts', async () => {
    const m = await t.newMember();
    const low = await recharge(m.token, { paytype: 'wxpay', amount: 99 });
    expect([low.status, low.body?.message]).toEqual([400, '请输入100-5000之间的金额！']);
    for (const amount of [-1, 0, '1.001', 'NaN', 'abc', 1e20, '']) {
      const r = await recharge(m.token, { paytype: 'alipay', amount });
      expect(r.status, String(amount)).toBe(400);
    }
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, m.id))).toHaveLength(0);
  });

  it('a bank deposit needs the payer fields; a trial account cannot deposit', async () => {
    const m = await t.newMember();
    const r = await recharge(m.token, { paytype: 'bank', amount: 200, bank_owner: '张三' });
    expect([r.status, r.body?.message]).toEqual([400, '请输入银行类型']);
    const ok = await recharge(m.token, {
      paytype: 'bank',
      amount: 200,
      bank_owner: '张三',
      bank: '招商银行',
      bank_no: '6222000011112222',
      bank_address: '深圳',
    });
    expect(ok.status).toBe(200);
    const trial = await t.login('guest888', 'guest888');
    const tr = await recharge(trial, { paytype: 'alipay', amount: 200 });
    expect([tr.status, tr.body?.message]).toEqual([403, '试玩账号不能进行此操作']);
  });

  it('cannot be approved after 60 minutes, or after a rejection; only the owner reads payinfo', async () => {
    const a = await t.newMember();
    const b = await t.newMember();
    const no1 = dataOf<{ deposit_no: string }>(
      await recharge(a.token, { paytype: 'alipay', amount: 300 }),
    ).deposit_no;
    const no2 = dataOf<{ deposit_no: string }>(
      await recharge(a.token, { paytype: 'alipay', amount: 300 }),
    ).deposit_no;
    const other = await t.post('/api/payinfo', { deposit_no: no1 }, { token: b.token });
    expect([other.status, other.body?.message]).toEqual([404, '订单不存在']);
    dataOf(await t.op('/deposits/reject', { deposit_no: no2 }));
    expect((await t.op('/deposits/approve', { deposit_no: no2 })).body?.message).toMatch(
      /^该存款已由 命令行 于 .+ 拒绝$/,
    );
    advanceClock(61 * 60_000);
    const late = await t.op('/deposits/approve', { deposit_no: no1 });
    expect([late.status, late.body?.message]).toEqual([409, '订单已超过60分钟，不能再通过']);
    expect(await central(a.token)).toBe('0.00');
    const listed = dataOf<{ deposits: { deposit_no: string }[] }>(await t.op('/deposits?state=0'));
    expect(listed.deposits.map((d) => d.deposit_no)).toEqual(expect.arrayContaining([no1, no2]));
  });

  it('the auto-approver approves pending deposits older than N seconds', async () => {
    const m = await t.newMember();
    dataOf(await recharge(m.token, { paytype: 'alipay', amount: 150 }));
    expect(await autoApprove(t.db, 30)).toBe(0);
    advanceClock(31_000);
    await autoApprove(t.db, 30);
    expect(await central(m.token)).toBe('150.00');
  });
});

describe('idempotency and the demo timer', () => {
  it('the same key 20 times at once creates one deposit with 20 identical replies', async () => {
    const m = await t.newMember();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post(
          '/api/recharge',
          { paytype: 'alipay', amount: 321 },
          { token: m.token, headers: idem('dep-1') },
        ),
      ),
    );
    expect(new Set(replies.map((r) => r.text)).size).toBe(1);
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, m.id))).toHaveLength(1);
  });

  it('DEMO_AUTO_APPROVE_SECONDS approves pending deposits by itself', async () => {
    const auto = await buildTestApp({
      database: t.database,
      config: { demoAutoApproveSeconds: 1 },
      scheduledJobs: true,
    });
    // Scheduled jobs start once the app listens, in the process holding the leader lock.
    await auto.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const m = await auto.newMember();
      dataOf(
        await auto.post(
          '/api/recharge',
          { paytype: 'alipay', amount: 111 },
          { token: m.token, headers: idem() },
        ),
      );
      advanceClock(2_000);
      const deadline = Date.now() + 5_000;
      while ((await central(m.token)) !== '111.00' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await central(m.token)).toBe('111.00');
    } finally {
      await auto.close();
    }
  });
});

describe('USDT and vouchers', () => {
  it('USDT due is amount / rate rounded down to two places', () => {
    expect(usdtCentsOf(100_00n, '7.2000')).toBe(1388n);
    expect(usdtCentsOf(720_00n, '7.20')).toBe(10_000n);
  });

  it('stores an uploaded voucher image under DATA_DIR/uploads with a random name; refuses other files', async () => {
    const m = await t.newMember();
    const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.alloc(24)]);
    const form = (data: Buffer, type: string) => {
      const boundary = 'XyZ123';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="voucher_img"; filename="../../x.png"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload_voucher',
        payload,
        headers: {
          authorization: `Bearer ${m.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
    };
    const ok = await form(png, 'image/png');
    const body = JSON.parse(ok.body) as { data: { path: string } };
    expect(ok.statusCode).toBe(200);
    expect(body.data.path).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(await readFile(join(t.config.dataDir, body.data.path))).toEqual(png);
    const served = await t.app.inject({ method: 'GET', url: body.data.path });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(served.rawPayload).toEqual(png);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
    const fake = await form(Buffer.from('<svg/>'), 'image/png');
    expect([fake.statusCode, (JSON.parse(fake.body) as { message: string }).message]).toEqual([
      400,
      '请上传PNG、JPG、GIF或WEBP图片',
    ]);
    const huge = await form(Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]), 'image/png');
    expect(huge.statusCode).toBe(413);
    const none = await t.post('/api/upload_voucher', {}, { token: m.token });
    expect([none.status, none.body?.message]).toEqual([400, '请上传凭证图片']);
  });
});
