import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dayStartOf, resetClock, setClock } from '../../core/clock';
import { rebates } from '../../db/schema/promo';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => {
  resetClock();
});
afterAll(async () => {
  await t.close();
});

type Fanshui = { list: { data: { gamename: string; money: string; state: number }[]; total: number } };

/** A rebate created at `when` (epoch ms), 1.00 × n, pending (0) or claimed (1). */
async function rebate(userId: number, n: number, when: number, state: 0 | 1) {
  await t.db.insert(rebates).values({
    userId,
    category: 'realperson',
    day: `2026-10-${String(n).padStart(2, '0')}`,
    validCents: 10_000n,
    rateBasisPoints: 100,
    amountCents: BigInt(n * 100),
    vipLevel: 1,
    state,
    createdAt: new Date(when),
    claimedAt: state === 1 ? new Date(when) : null,
  });
}

describe('getfanshui date range and state', () => {
  it('honours start_date..end_date as whole Beijing days and the type filter', async () => {
    setClock(dayStartOf('2026-11-20') + 10 * 3600_000);
    const m = await t.newMember();
    // Beijing 2026-11-10 00:00 is 11-09 16:00 UTC: the first row belongs to the 9th, the second to the 10th.
    await rebate(m.id, 1, dayStartOf('2026-11-10') - 1, 0);
    await rebate(m.id, 2, dayStartOf('2026-11-10'), 0);
    await rebate(m.id, 3, dayStartOf('2026-11-12') + 12 * 3600_000, 1);
    await rebate(m.id, 4, dayStartOf('2026-11-13') - 1, 0);
    await rebate(m.id, 5, dayStartOf('2026-11-13'), 1);
    const page = async (body: Record<string, unknown>) =>
      dataOf<Fanshui>(await t.post('/api/getfanshui', body, { token: m.token })).list.data.map(
        (r) => r.money,
      );
    expect(await page({ start_date: '2026-11-10', end_date: '2026-11-12' })).toEqual([
      '4.00',
      '3.00',
      '2.00',
    ]);
    expect(await page({ start_date: '2026-11-10', end_date: '2026-11-12', type: 0 })).toEqual([
      '4.00',
      '2.00',
    ]);
    expect(await page({ start_date: '2026-11-10', end_date: '2026-11-13', type: 1 })).toEqual([
      '5.00',
      '3.00',
    ]);
    expect(await page({ start_date: '2026-11-09', end_date: '2026-11-09' })).toEqual(['1.00']);
    // Without a range the date filter still counts (4: the last 30 days).
    expect(await page({})).toHaveLength(5);
  });

  it('refuses a reversed range, one longer than 90 days, half a range or a day that does not exist', async () => {
    const m = await t.newMember();
    const refused = async (body: Record<string, unknown>) => {
      const r = await t.post('/api/getfanshui', body, { token: m.token });
      return [r.status, r.body?.message];
    };
    expect(await refused({ start_date: '2026-11-12', end_date: '2026-11-10' })).toEqual([
      400,
      '开始日期不能晚于结束日期',
    ]);
    expect(await refused({ start_date: '2026-08-01', end_date: '2026-10-30' })).toEqual([
      400,
      '查询范围不能超过90天',
    ]);
    expect(await refused({ start_date: '2026-11-10' })).toEqual([400, '请选择正确的日期']);
    expect(await refused({ start_date: '2026-02-30', end_date: '2026-03-01' })).toEqual([
      400,
      '请选择正确的日期',
    ]);
    // 90 days exactly is allowed.
    expect(
      (
        await t.post(
          '/api/getfanshui',
          { start_date: '2026-08-02', end_date: '2026-10-30' },
          { token: m.token },
        )
      ).status,
    ).toBe(200);
  });
});
