import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { withdrawals } from '../../db/schema/money';
import { addRequirement } from '../wallet/turnover';
import { buildTestApp, dataOf, idem, type Reply, type TestApp } from '../../../test/helpers';
import { firstId, readyMember, USDT_ADDRESS } from './test-support';

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
const central = async (token: string) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;
/** A member with money, a bank card, a USDT address and a bound mobile (password secret123). */
const ready = (yuan?: string) => readyMember(t, yuan);
function found<T>(v: T | undefined): T {
  if (v === undefined) throw new Error('not found');
  return v;
}
const withdraw = (token: string, body: Record<string, unknown>, key?: string) =>
  t.post('/api/withdraw', body, { token, headers: idem(key) });

describe('trial account', () => {
  it('a trial account cannot bind cards or withdraw', async () => {
    const trial = await t.login('guest888', 'guest888');
    const r = await t.post(
      '/api/bindcard',
      { bank: 'USDT', bank_owner: 'TRC20', bank_no: USDT_ADDRESS, pay_pass: 'guest888' },
      { token: trial },
    );
    expect([r.status, r.body?.message]).toEqual([403, '试玩账号不能进行此操作']);
    const w = await withdraw(trial, { type: 'bank', amount: 100, bank: 1, password: 'guest888' });
    expect(w.status).toBe(403);
  });
});

describe('withdraw', () => {
  it('checks the card, the password, the mobile and the turnover, then holds the amount in review', async () => {
    const m = await t.newMember();
    await t.fund(m.id, '500.00');
    const noCard = await withdraw(m.token, {
      type: 'bank',
      amount: 100,
      bank: 999999,
      password: 'secret123',
    });
    expect([noCard.status, noCard.body?.message]).toEqual([400, '请选择您要提现到的银行卡']);
    dataOf(
      await t.post(
        '/api/bindcard',
        {
          bank: '招商银行',
          bank_owner: '张三',
          bank_no: '6222000011113333',
          bank_address: '深圳',
          pay_pass: 'secret123',
        },
        { token: m.token },
      ),
    );
    const card = firstId(dataOf(await t.post('/api/getcard', { type: 1 }, { token: m.token })));
    const asUsdt = await withdraw(m.token, { type: 'usdt', amount: 100, bank: card, password: 'secret123' });
    expect(asUsdt.body?.message).toBe('请选择USDT地址');
    const badPass = await withdraw(m.token, { type: 'bank', amount: 100, bank: card, password: 'nope1234' });
    expect(badPass.body?.message).toBe('支付密码错误');
    const noMobile = await withdraw(m.token, {
      type: 'bank',
      amount: 100,
      bank: card,
      password: 'secret123',
    });
    expect(noMobile.body?.message).toBe('请先绑定手机号');
    dataOf(await t.post('/api/auth/updateuserinfo', { mobile: '13912345678' }, { token: m.token }));
    await addRequirement(t.db, m.id, { source: 'adjustment', cents: 20_000n });
    expect(dataOf(await t.post('/api/getBetAmount', {}, { token: m.token }))).toEqual({
      bet_amount: '0.00',
      recharge_amount: '200.00',
      items: [
        {
          source: '人工加款',
          required: '200.00',
          done: '0.00',
          weights: '全部游戏按 100% 计入',
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          base: '200.00',
          multiple: 1,
        },
      ],
    });
    const turnover = await withdraw(m.token, {
      type: 'bank',
      amount: 100,
      bank: card,
      password: 'secret123',
    });
    expect(turnover.body?.message).toBe('打码量不足，还需200.00元有效投注');
    dataOf(await t.op('/bets/record', { username: m.name, platform: 'AG', amount: '150' }));
    expect(dataOf(await t.post('/api/getBetAmount', {}, { token: m.token }))).toMatchObject({
      bet_amount: '150.00',
      recharge_amount: '200.00',
      items: [{ required: '200.00', done: '150.00' }],
    });
    const short = await withdraw(m.token, { type: 'bank', amount: 100, bank: card, password: 'secret123' });
    expect(short.body?.message).toBe('打码量不足，还需50.00元有效投注');
    // The requirement met, both counters return to 0: nothing is owed any more.
    dataOf(await t.op('/bets/record', { username: m.name, platform: 'AG', amount: '50' }));
    expect(dataOf(await t.post('/api/getBetAmount', {}, { token: m.token }))).toEqual({
      bet_amount: '0.00',
      recharge_amount: '0.00',
      items: [],
    });
    const tooMuch = await withdraw(m.token, {
      type: 'bank',
      amount: '500.01',
      bank: card,
      password: 'secret123',
    });
    expect(tooMuch.body?.message).toBe('余额不足');
    const r = await withdraw(m.token, { type: 'bank', amount: '150.50', bank: card, password: 'secret123' });
    expect([r.status, r.body?.message]).toEqual([200, '提交成功，等待后台审核']);
    expect(await central(m.token)).toBe('349.50');
    const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    expect([w?.state, w?.account]).toEqual([1, '6222000011113333']);
    expect((await t.ledgerCheck()).accounts.withdrawals_in_review).toBeDefined();
  });

  it('refuses amounts under 100, negative, fractional-cent, NaN, huge and non-numeric, changing nothing', async () => {
    const m = await ready('500.00');
    const cases: [unknown, string][] = [
      [99.99, '单笔取款不能低于100元'],
      [-5, '单笔取款不能低于100元'],
      [0, '单笔取款不能低于100元'],
      ['100.001', '金额无效，无法提交'],
      ['NaN', '单笔取款不能低于100元'],
      ['abc', '单笔取款不能低于100元'],
      [1e20, '金额无效，无法提交'],
    ];
    for (const [amount, message] of cases) {
      const r = await withdraw(m.token, { type: 'bank', amount, bank: m.bank, password: 'secret123' });
      expect(r.status, String(amount)).toBe(400);
      expect(r.body?.message.length, String(amount)).toBeGreaterThan(0);
      if (typeof amount === 'number' && amount < 100) expect(r.body?.message).toBe(message);
    }
    expect(await central(m.token)).toBe('500.00');
  });

  it('50 concurrent withdrawals beyond the balance succeed exactly as far as it allows', async () => {
    const m = await ready('1000.00');
    const replies = await Promise.all(
      range(50).map(() =>
        withdraw(m.token, { type: 'bank', amount: 300, bank: m.bank, password: 'secret123' }),
      ),
    );
    expect(replies.filter(isOk)).toHaveLength(3);
    expect(replies.filter((r) => r.body?.message === '余额不足')).toHaveLength(47);
    expect(await central(m.token)).toBe('100.00');
  });

  it('the same key 20 times at once makes one withdrawal with 20 identical replies', async () => {
    const m = await ready('1000.00');
    const body = { type: 'usdt', amount: 730, bank: m.usdt, password: 'secret123' };
    const replies = await Promise.all(range(20).map(() => withdraw(m.token, body, 'double-tap')));
    expect(new Set(replies.map((r) => r.text)).size).toBe(1);
    expect(isOk(found(replies[0]))).toBe(true);
    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
    // 730 / 7.30 = 100.00 USDT, minus the TRC20 fee 1.00.
    expect(rows.map((w) => [w.amountCents, w.receiveCents, w.feeCents])).toEqual([[73_000n, 9_900n, 100n]]);
    expect(await central(m.token)).toBe('270.00');
    const other = await withdraw(m.token, { ...body, amount: 731 }, 'double-tap');
    expect(other.status).toBe(409);
  });

  it('alipay and wechat QR come as multipart on the same route', async () => {
    const m = await ready('1000.00');
    const boundary = 'b0undary';
    const form = (fields: Record<string, string>, file?: Buffer) => {
      const parts = Object.entries(fields).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      const chunks: Buffer[] = [Buffer.from(parts.join(''))];
      if (file) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="wechat_qrcode"; filename="qr.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          file,
          Buffer.from('\r\n'),
        );
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      return t.app.inject({
        method: 'POST',
        url: '/api/withdraw',
        payload: Buffer.concat(chunks),
        headers: {
          authorization: `Bearer ${m.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...idem(),
        },
      });
    };
    const ali = await form({
      type: 'alipay',
      amount: '100',
      password: 'secret123',
      alipay_account: 'a@b.cn',
      alipay_name: '张三',
    });
    expect(ali.statusCode).toBe(200);
    const noQr = await form({ type: 'wechat', amount: '100', password: 'secret123' });
    expect(JSON.parse(noQr.body)).toMatchObject({ code: 400, message: '请上传微信收款码' });
    const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.alloc(24, 1)]);
    const wx = await form({ type: 'wechat', amount: '100', password: 'secret123' }, png);
    expect(wx.statusCode).toBe(200);
    expect(await central(m.token)).toBe('800.00');
  });

  it('a rejected withdrawal comes back whole; an approved one leaves and restarts turnover', async () => {
    const m = await ready('1000.00');
    dataOf(await withdraw(m.token, { type: 'bank', amount: '123.45', bank: m.bank, password: 'secret123' }));
    dataOf(await withdraw(m.token, { type: 'bank', amount: 200, bank: m.bank, password: 'secret123' }));
    const list = dataOf<{ withdrawals: { id: number; username: string; amount: string }[] }>(
      await t.op('/withdrawals'),
    );
    const mine = list.withdrawals.filter((w) => w.username === m.name);
    const first = found(mine.find((w) => w.amount === '123.45'));
    const second = found(mine.find((w) => w.amount === '200.00'));
    expect(await central(m.token)).toBe('676.55');
    const rejects = await Promise.all([
      t.op('/withdrawals/reject', { id: first.id }),
      t.op('/withdrawals/reject', { id: first.id }),
    ]);
    expect(rejects.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await central(m.token)).toBe('800.00');
    dataOf(await t.op('/withdrawals/approve', { id: second.id }));
    expect((await t.op('/withdrawals/reject', { id: second.id })).body?.message).toMatch(
      /^该提现已由 命令行 于 .+ 通过$/,
    );
    expect(await central(m.token)).toBe('800.00');
    const [u] = await t.db.select().from(users).where(eq(users.id, m.id));
    expect(u?.lastWithdrawalAt).not.toBeNull();
  });
});

describe('passwords and mobile', () => {
  it('editPayPassword needs the old payment password; the new one then works', async () => {
    const m = await ready('200.00');
    const wrong = await t.post(
      '/api/editPayPassword',
      { password: 'wrong123', paypassword: 'newpay123' },
      { token: m.token },
    );
    expect([wrong.status, wrong.body?.message]).toEqual([400, '原支付密码错误']);
    dataOf(
      await t.post(
        '/api/editPayPassword',
        { password: 'secret123', paypassword: 'newpay123' },
        { token: m.token },
      ),
    );
    const old = await withdraw(m.token, { type: 'bank', amount: 100, bank: m.bank, password: 'secret123' });
    expect(old.body?.message).toBe('支付密码错误');
    expect(
      isOk(await withdraw(m.token, { type: 'bank', amount: 100, bank: m.bank, password: 'newpay123' })),
    ).toBe(true);
  });

  it('binds a mobile with the spec pattern only', async () => {
    const m = await t.newMember();
    const bad = await t.post('/api/auth/updateuserinfo', { mobile: '12345' }, { token: m.token });
    expect([bad.status, bad.body?.message]).toEqual([400, '请输入正确的手机号']);
    dataOf(await t.post('/api/auth/updateuserinfo', { mobile: '15012345678' }, { token: m.token }));
    const [u] = await t.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, m.id));
    expect(u?.mobile).toBe('15012345678');
  });
});
