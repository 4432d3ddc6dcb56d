import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../core/clock';
import { redPacketClaims } from '../../db/schema/promo';
import { siteSettings } from '../../db/schema/site';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { MSG_RED_PACKET_WINDOW } from './redpackets';

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

/** Epoch ms of a Beijing wall-clock time on 2026-11-20 (hours may exceed 24 / go negative). */
const beijing = (hour: number, minute = 0) => Date.UTC(2026, 10, 20, hour - 8, minute);

async function deposit(token: string, yuan: number): Promise<void> {
  const r = await t.post(
    '/api/recharge',
    {
      paytype: 'bank',
      amount: yuan,
      bank_owner: '张三',
      bank: '招商银行',
      bank_no: '6222000011112222',
      bank_address: '深圳',
    },
    { token, headers: idem() },
  );
  const { deposit_no } = dataOf<{ deposit_no: string }>(r);
  dataOf(await t.op('/deposits/approve', { deposit_no }));
}

const info = async (token: string, page?: number) =>
  dataOf<{
    sendnums: number;
    acquirednum: number;
    max_times: number;
    rules: {
      start_time: string;
      day_flow: string;
      flow_money: string;
      recharge: number;
      max_money: string;
    }[];
    list: { data: { redpacketmoney: string }[]; total: number } | null;
  }>(await t.get('/api/userredpacket', page === undefined ? {} : { page: String(page) }, { token }));
const claim = (token: string) => t.post('/api/douserredpacket', undefined, { token, headers: idem() });
const balance = async (token: string) =>
  dataOf<{ balance: string }>(await t.post('/api/balance', {}, { token })).balance;

describe('red packets', () => {
  it('reports the bands; a claim only inside 10:00–12:00, once for the first band', async () => {
    setClock(beijing(9));
    const m = await t.newMember();
    const none = await info(m.token);
    expect(none).toMatchObject({ sendnums: 0, acquirednum: 0, max_times: 3, list: null });
    expect(none.rules.map((r) => [r.start_time, r.day_flow, r.flow_money, r.recharge, r.max_money])).toEqual([
      ['10:00', '500.00', '1999.99', 1, '8.88'],
      ['10:00', '2000.00', '9999.99', 2, '18.88'],
      ['10:00', '10000.00', '999999999.99', 3, '58.88'],
    ]);
    const early = await claim(m.token);
    expect([early.status, early.body?.message]).toEqual([400, MSG_RED_PACKET_WINDOW]);

    await deposit(m.token, 500);
    expect(await info(m.token)).toMatchObject({ sendnums: 1, acquirednum: 0 });
    const stillEarly = await claim(m.token);
    expect(stillEarly.body?.message).toBe(MSG_RED_PACKET_WINDOW);

    setClock(beijing(10, 30));
    const won = dataOf<{ redpacketmoney: string }>(await claim(m.token));
    const cents = Math.round(Number(won.redpacketmoney) * 100);
    expect(cents).toBeGreaterThanOrEqual(100);
    expect(cents).toBeLessThanOrEqual(888);
    expect(await balance(m.token)).toBe((500 + cents / 100).toFixed(2));
    const again = await claim(m.token);
    expect([again.status, again.body?.message]).toEqual([400, '您暂未达到领取条件，快去完成吧！']);
    const after = await info(m.token, 1);
    expect(after).toMatchObject({ sendnums: 0, acquirednum: 1, list: { total: 1 } });
    expect(after.list?.data[0]?.redpacketmoney).toBe(won.redpacketmoney);
    const records = dataOf<{ data: unknown[]; total: number }>(
      await t.post('/api/redpacket', { page: 1 }, { token: m.token }),
    );
    expect(records.total).toBe(1);

    setClock(beijing(12));
    const late = await claim(m.token);
    expect(late.body?.message).toBe(MSG_RED_PACKET_WINDOW);
  });

  it('counts deposits approved since the previous day 12:00 only; the next day starts afresh', async () => {
    setClock(beijing(-13)); // the previous day 11:00
    const m = await t.newMember();
    await deposit(m.token, 2000);
    setClock(beijing(10, 5));
    expect(await info(m.token)).toMatchObject({ sendnums: 0 });
    expect((await claim(m.token)).body?.message).toBe('您暂未达到领取条件，快去完成吧！');

    setClock(beijing(-11)); // the previous day 13:00
    await deposit(m.token, 2500);
    setClock(beijing(10, 6));
    expect(await info(m.token)).toMatchObject({ sendnums: 2, acquirednum: 0 });
    for (let i = 0; i < 2; i++) {
      const r = dataOf<{ redpacketmoney: string }>(await claim(m.token));
      expect(Number(r.redpacketmoney)).toBeLessThanOrEqual(18.88);
    }
    expect((await claim(m.token)).status).toBe(400);

    setClock(beijing(24 + 10, 10)); // the next day: deposits since 2026-11-20 12:00 → none
    expect(await info(m.token)).toMatchObject({ sendnums: 0, acquirednum: 0 });
  });

  it('switched off: 红包已关闭, even inside the window', async () => {
    setClock(beijing(9));
    const m = await t.newMember();
    await deposit(m.token, 600);
    setClock(beijing(11));
    await t.db.update(siteSettings).set({ redpacketSwitch: 0 });
    try {
      const r = await claim(m.token);
      expect([r.status, r.body?.message]).toEqual([400, '红包已关闭']);
    } finally {
      await t.db.update(siteSettings).set({ redpacketSwitch: 1 });
    }
    expect((await claim(m.token)).status).toBe(200);
  });

  it('visitors cannot claim', async () => {
    setClock(beijing(11));
    expect((await t.post('/api/douserredpacket', undefined, { headers: idem() })).status).toBe(401);
    expect((await t.get('/api/userredpacket')).status).toBe(401);
  });

  it('20 taps at once never claim more than allowed (top band: 3)', async () => {
    setClock(beijing(9));
    const m = await t.newMember();
    await deposit(m.token, 12000);
    setClock(beijing(11, 30));
    const replies = await Promise.all(Array.from({ length: 20 }, () => claim(m.token)));
    const won = replies.filter((r) => r.status === 200);
    expect(won).toHaveLength(3);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.body?.message).toBe('您暂未达到领取条件，快去完成吧！');
    }
    const rows = await t.db.select().from(redPacketClaims).where(eq(redPacketClaims.userId, m.id));
    expect(rows.map((r) => r.seq).sort()).toEqual([1, 2, 3]);
    const total = rows.reduce((s, r) => s + r.amountCents, 0n);
    for (const r of rows) expect(r.amountCents <= 5888n && r.amountCents >= 100n).toBe(true);
    expect(await balance(m.token)).toBe((12000 + Number(total) / 100).toFixed(2));
  });
});
