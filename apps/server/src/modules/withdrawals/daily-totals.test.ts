/* Each operator's daily total of approvals (approvals/controls.ts chargeDailyTotal): a withdrawal,
 * a deposit and an activity bonus approved count toward it, in the approval's transaction; above the
 * limit the approval is refused with its message and nothing moves; another operator may approve. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type TestConsole } from '../../../test/console-helpers';
import { reliefApplication } from '../../../test/console-samples/applications';
import { pendingDeposit, pendingWithdrawal } from '../../../test/console-samples/money';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { deposits } from '../../db/schema/money';
import { dailyTotal, getControls, msgDailyTotal, saveControls, type Controls } from '../approvals/controls';

let t: TestApp;
let c: TestConsole;
let defaults: Controls;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  defaults = await getControls(t.db);
}, 60_000);
afterEach(async () => {
  await saveControls(t.db, defaults);
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const limit = (cents: bigint) => saveControls(t.db, { ...defaults, dailyApproveCents: cents });

describe('daily total of approvals per operator', () => {
  it('withdrawals: the approval past the limit is refused and stays pending', async () => {
    await limit(30_000n);
    const fin = await c.signIn('finance');
    const first = await pendingWithdrawal(t, { yuan: '200.00' });
    const second = await pendingWithdrawal(t, { yuan: '200.00' });
    dataOf(await fin.post('/api/withdrawals/approve', { id: first.id }));
    const refused = await fin.post('/api/withdrawals/approve', { id: second.id });
    expect([refused.status, refused.body?.message]).toEqual([
      400,
      msgDailyTotal('approve', 20_000n, 20_000n, 30_000n),
    ]);
    expect(await dailyTotal(t.db, fin.id, 'approve')).toBe(20_000n);
    // Nothing moved: another 财务 approves it, within its own total.
    const other = await c.signIn('finance');
    expect(dataOf(await other.post('/api/withdrawals/approve', { id: second.id }))).toMatchObject({
      state: 2,
    });
  });

  it('deposits: the credit past the limit is refused and nothing is credited', async () => {
    await limit(30_000n);
    const fin = await c.signIn('finance');
    const first = await pendingDeposit(t, 200);
    const second = await pendingDeposit(t, 200);
    dataOf(await fin.post('/api/deposits/approve', { id: first.id }));
    const refused = await fin.post('/api/deposits/approve', { id: second.id });
    expect([refused.status, refused.body?.message]).toEqual([
      400,
      msgDailyTotal('approve', 20_000n, 20_000n, 30_000n),
    ]);
    const [still] = await t.db.select().from(deposits).where(eq(deposits.id, second.id));
    expect(still?.state).toBe(1);
    const other = await c.signIn('finance');
    dataOf(await other.post('/api/deposits/approve', { id: second.id }));
  });

  it('activity bonuses: the bonus past the limit is refused and not paid', async () => {
    await limit(3_000n);
    const fin = await c.signIn('finance');
    const first = await reliefApplication(t);
    const second = await reliefApplication(t);
    dataOf(await fin.post('/api/applications/activity/approve', { id: first, amount: '18.80' }));
    const refused = await fin.post('/api/applications/activity/approve', { id: second, amount: '18.80' });
    expect([refused.status, refused.body?.message]).toEqual([
      400,
      msgDailyTotal('approve', 1_880n, 1_880n, 3_000n),
    ]);
    expect(await dailyTotal(t.db, fin.id, 'approve')).toBe(1_880n);
    const other = await c.signIn('finance');
    dataOf(await other.post('/api/applications/activity/approve', { id: second, amount: '18.80' }));
  });

  it('the three kinds share one total; the command line has none', async () => {
    await limit(25_000n);
    const fin = await c.signIn('finance');
    dataOf(await fin.post('/api/deposits/approve', { id: (await pendingDeposit(t, 200)).id }));
    const w = await pendingWithdrawal(t, { yuan: '100.00' });
    const refused = await fin.post('/api/withdrawals/approve', { id: w.id });
    expect(refused.body?.message).toBe(msgDailyTotal('approve', 20_000n, 10_000n, 25_000n));
    dataOf(await t.op('/withdrawals/approve', { id: w.id }));
  });
});
