import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, idem, type Reply, type TestApp } from '../../../test/helpers';

/* Issue 30 item 7: 交易记录 opens a pending deposit's 付款信息 again; the server shows it to its owner
 * only, and only while the deposit waits. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const said = (r: Reply) => [r.status, r.body?.message] as const;
const usdtDeposit = async (token: string) =>
  dataOf<{ deposit_no: string }>(
    await t.post(
      '/api/recharge',
      { paytype: 'usdt', amount: 720, catepay: 'TRC20' },
      { token, headers: idem() },
    ),
  ).deposit_no;
const payinfo = (token: string, deposit_no: string) => t.post('/api/payinfo', { deposit_no }, { token });

describe('/api/payinfo of a deposit in review', () => {
  it('gives the owner the address and amount again; another member gets 404', async () => {
    const a = await t.newMember();
    const b = await t.newMember();
    const no = await usdtDeposit(a.token);
    const info = await payinfo(a.token, no);
    expect(said(info)).toEqual([200, 'usdtpay']);
    expect(info.body?.data).toMatchObject({
      deposit_no: no,
      info: { amount: '720.00', paytype: 'usdt' },
      cardlist: { content: 'TRC20', mch_id: expect.stringMatching(/^T/) },
    });
    expect(said(await payinfo(b.token, no))).toEqual([404, '订单不存在']);
  });

  it('is refused once the deposit is approved or rejected: nothing is left to pay', async () => {
    const m = await t.newMember();
    const approved = await usdtDeposit(m.token);
    const rejected = await usdtDeposit(m.token);
    dataOf(await t.op('/deposits/approve', { deposit_no: approved }));
    dataOf(await t.op('/deposits/reject', { deposit_no: rejected }));
    expect(said(await payinfo(m.token, approved))).toEqual([409, '该订单已处理，无需再付款']);
    expect(said(await payinfo(m.token, rejected))).toEqual([409, '该订单已处理，无需再付款']);
  });
});
