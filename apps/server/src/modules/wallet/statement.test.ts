import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { DAY_MS, now, resetClock, setClock } from '../../core/clock';
import { deposits } from '../../db/schema/money';
import { readyMember } from '../withdrawals/test-support';
import { credit } from './ledger';

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

interface Entry {
  id: string;
  reason: string;
  label: string;
  amount: string;
  reference: string;
  created_at: string;
}
interface Page {
  data: Entry[];
  total: number;
  current_page: number;
  last_page: number;
}

const funds = async (token: string, body: Record<string, unknown>) =>
  dataOf<Page>(await t.post('/api/funds_records', body, { token }));
const summary = async (token: string) =>
  dataOf<{ deposits: string; withdrawals: string; net: string }>(
    await t.post('/api/funds_summary', {}, { token }),
  );

/** Credits `yuan` to the member's central wallet as if `daysAgo` days ago (the ledger reads the clock). */
async function creditDaysAgo(userId: number, daysAgo: number, yuan: string) {
  setClock(Date.now() - daysAgo * DAY_MS);
  await t.fund(userId, yuan);
  resetClock();
}

describe('资金明细 (/api/funds_records)', () => {
  it('reaches back 90 Beijing days with date 5: 89 days ago shows, 91 days ago does not', async () => {
    const m = await t.newMember();
    await creditDaysAgo(m.id, 91, '9.00');
    await creditDaysAgo(m.id, 89, '8.00');
    await t.fund(m.id, '1.00');
    const amounts = async (date: number) => (await funds(m.token, { date })).data.map((e) => e.amount);
    expect(await amounts(5)).toEqual(['1.00', '8.00']);
    expect(await amounts(4)).toEqual(['1.00']);
    expect(await amounts(1)).toEqual(['1.00']);
    // No date: 近30天, as the other records.
    expect((await funds(m.token, {})).data.map((e) => e.amount)).toEqual(['1.00']);
    const bad = await t.post('/api/funds_records', { date: 6 }, { token: m.token });
    expect(bad.status).toBe(400);
    expect(bad.body?.message).toBe('日期筛选无效');
  });

  it('gettransrecord and betrecord take date 5 too (近90天)', async () => {
    const m = await readyMember(t, '1000.00');
    const r = dataOf<{ deposit_no: string }>(
      await t.post('/api/recharge', { paytype: 'alipay', amount: 200 }, { token: m.token, headers: idem() }),
    );
    // The deposit was made 60 days ago: outside 近30天, inside 近90天.
    await t.db
      .update(deposits)
      .set({ createdAt: new Date(now() - 60 * DAY_MS) })
      .where(eq(deposits.depositNo, r.deposit_no));
    const records = async (date: number) =>
      dataOf<Page>(await t.post('/api/gettransrecord', { date, type: 1 }, { token: m.token })).total;
    expect(await records(4)).toBe(0);
    expect(await records(5)).toBe(1);
    expect(dataOf<Page>(await t.post('/api/betrecord', { date: 5 }, { token: m.token })).total).toBe(0);
  });

  it('pages 20 at a time, newest first, each entry once', async () => {
    const m = await t.newMember();
    for (let i = 1; i <= 25; i++) await t.fund(m.id, `${i}.00`);
    const first = await funds(m.token, { date: 1, page: 1 });
    const second = await funds(m.token, { date: 1, page: '2' });
    expect(first).toMatchObject({ total: 25, current_page: 1, last_page: 2 });
    expect(first.data).toHaveLength(20);
    expect(second.data).toHaveLength(5);
    const all = [...first.data, ...second.data];
    expect(all.map((e) => e.amount)).toEqual(Array.from({ length: 25 }, (_, i) => `${25 - i}.00`));
    expect(new Set(all.map((e) => e.id)).size).toBe(25);
    expect((await funds(m.token, { date: 1, page: 3 })).data).toEqual([]);
  });

  it('shows signed entries with Chinese labels, and never an operator’s note', async () => {
    const m = await readyMember(t, '1000.00');
    await credit(t.db, m.id, 500n, 'adjustment', '财务小王：补偿');
    dataOf(await t.post('/api/withdraw', withdrawal(m, 100), { token: m.token, headers: idem() }));
    const page = await funds(m.token, { date: 1 });
    const [frozen, adjusted] = page.data;
    expect(frozen).toMatchObject({ reason: 'withdrawal', label: '提款冻结', amount: '-100.00' });
    expect(frozen?.reference).toMatch(/^W\d{20}$/);
    expect(frozen?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(adjusted).toMatchObject({
      reason: 'adjustment',
      label: '人工调整',
      amount: '5.00',
      reference: '',
    });
    expect(JSON.stringify(page)).not.toContain('财务小王');
  });

  it("answers the token's member only: B never sees A's entries, whatever B sends", async () => {
    const a = await t.newMember();
    const b = await t.newMember();
    await t.fund(a.id, '10.00');
    expect((await funds(a.token, { date: 1 })).total).toBe(1);
    for (const body of [{ date: 1 }, { date: 1, id: a.id, user_id: a.id, uid: a.id }]) {
      expect(await funds(b.token, body)).toMatchObject({ total: 0, data: [] });
    }
    expect(await summary(b.token)).toEqual({ deposits: '0.00', withdrawals: '0.00', net: '0.00' });
    expect((await t.post('/api/funds_records', { date: 1 })).status).toBe(401);
    expect((await t.post('/api/funds_summary', {})).status).toBe(401);
  });
});

type Ready = Awaited<ReturnType<typeof readyMember>>;
const withdrawal = (m: Ready, amount: number) => ({
  type: 'bank',
  amount,
  bank: m.bank,
  password: 'secret123',
});

/** The operator's id of the member's newest withdrawal. */
async function newestWithdrawal(m: Ready): Promise<number> {
  const list = dataOf<{ withdrawals: { id: number; username: string }[] }>(await t.op('/withdrawals'));
  const mine = list.withdrawals.filter((w) => w.username === m.name).sort((x, y) => y.id - x.id)[0];
  if (!mine) throw new Error('no withdrawal');
  return mine.id;
}

describe('累计净存款 (/api/funds_summary)', () => {
  it('counts credited deposits less paid withdrawals: not a pending deposit, not a rejected withdrawal', async () => {
    const m = await readyMember(t, '1000.00');
    dataOf(await t.post('/api/withdraw', withdrawal(m, 100), { token: m.token, headers: idem() }));
    dataOf(await t.op('/withdrawals/approve', { id: await newestWithdrawal(m) }));
    dataOf(await t.post('/api/withdraw', withdrawal(m, 130), { token: m.token, headers: idem() }));
    const pending = await summary(m.token);
    expect(pending).toEqual({ deposits: '0.00', withdrawals: '100.00', net: '-100.00' });
    dataOf(await t.op('/withdrawals/reject', { id: await newestWithdrawal(m), reason: '信息不符' }));
    const deposit = async (amount: number) =>
      dataOf<{ deposit_no: string }>(
        await t.post('/api/recharge', { paytype: 'alipay', amount }, { token: m.token, headers: idem() }),
      ).deposit_no;
    dataOf(await t.op('/deposits/approve', { deposit_no: await deposit(250) }));
    await deposit(150); // still in review
    expect(await summary(m.token)).toEqual({ deposits: '250.00', withdrawals: '100.00', net: '150.00' });
    // The ledger tells the same story: the credit, the rejected one's return, both freezes.
    const entries = (await funds(m.token, { date: 1 })).data.map((e) => [e.label, e.amount]);
    expect(entries.slice(0, 4)).toEqual([
      ['存款入账', '250.00'],
      ['提款退回', '130.00'],
      ['提款冻结', '-130.00'],
      ['提款冻结', '-100.00'],
    ]);
  });
});
