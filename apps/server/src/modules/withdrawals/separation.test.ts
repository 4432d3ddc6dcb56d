/* Separation of duties over time: an operator who reset a member's password or approved their bonus
 * cannot approve their withdrawal for SEPARATION_DAYS days (a file of its own: the clock moves a week);
 * the check runs under the withdrawal's lock, in the approval's transaction. */
import { CSRF_HEADER } from '@app/contract/console-define';
import { MSG_SEPARATION, SEPARATION_DAYS } from '@app/contract/console-money';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestConsole, OPERATOR_TEST_PASSWORD, type TestConsole } from '../../../test/console-helpers';
import { pendingWithdrawal } from '../../../test/console-samples/money';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { advanceClock, DAY_MS, now, resetClock } from '../../core/clock';
import { withdrawals } from '../../db/schema/money';
import { auditLog } from '../../db/schema/operators';
import { activities, activityApplications } from '../../db/schema/promo';
import { currentTotp, findOperator } from '../../identity/operators';
import { REVIEW_STATES } from '@app/contract/enums';

let t: TestApp;
let c: TestConsole;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
}, 60_000);
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

describe('separation of duties', () => {
  it('holds SEPARATION_DAYS days after a password reset or a bonus approval, then lets the operator approve', async () => {
    const admin = await c.signIn('admin');
    const approve = (id: number) => admin.post('/api/withdrawals/approve', { id });
    const reset = await pendingWithdrawal(t, { yuan: '100.00' });
    dataOf(await admin.post('/api/members/reset-password', { id: reset.userId, kind: 'pay' }));
    const refused = await approve(reset.id);
    expect([refused.status, refused.body?.message]).toEqual([409, MSG_SEPARATION.reset]);

    // A bonus this operator approved (the row as the review writes it).
    const bonus = await pendingWithdrawal(t, { yuan: '100.00' });
    const [rule] = await t.db.select({ id: activities.id }).from(activities).limit(1);
    await t.db.insert(activityApplications).values({
      userId: bonus.userId,
      activityId: rule?.id ?? 0,
      state: REVIEW_STATES.approved,
      reviewedBy: admin.name,
      reviewedAt: new Date(now()),
      createdAt: new Date(now()),
    });
    expect((await approve(bonus.id)).body?.message).toBe(MSG_SEPARATION.bonus);

    // A week later (sessions end in 12 hours: the same operator signs in again).
    advanceClock(SEPARATION_DAYS * DAY_MS + 60_000);
    const secret = (await findOperator(t.db, admin.id))?.totpSecret ?? '';
    const login = await c.send('POST', '/api/login', {
      body: { name: admin.name, password: OPERATOR_TEST_PASSWORD },
    });
    const cookie = /console_sid=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1] ?? '';
    const csrf = (login.body?.data as { csrf: string }).csrf;
    const verify = await c.send('POST', '/api/login/totp', {
      cookie,
      headers: { [CSRF_HEADER]: csrf },
      body: { code: currentTotp(secret) },
    });
    const headers = { [CSRF_HEADER]: (verify.body?.data as { csrf: string }).csrf };
    for (const id of [reset.id, bonus.id]) {
      dataOf(await c.send('POST', '/api/withdrawals/approve', { cookie, headers, body: { id } }));
    }
  });
});

// PGlite runs one transaction at a time, so the interleaving only exists (and is only tested) on PostgreSQL.
describe.runIf(inject('serverTestDb').kind === 'postgres')('the check under the lock', () => {
  it('an adjustment committed while the approval waits on the withdrawal is seen: refused', async () => {
    const fin = await c.signIn('finance');
    const w = await pendingWithdrawal(t, { yuan: '100.00' });
    let locked: () => void = () => undefined;
    let release: () => void = () => undefined;
    const isLocked = new Promise<void>((r) => (locked = r));
    const released = new Promise<void>((r) => (release = r));
    // Stands in for a review holding the withdrawal while this operator's adjustment of the member
    // commits: the approval, started meanwhile, must check after it, not before.
    const holder = t.db.transaction(async (tx) => {
      await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, w.id)).for('update');
      locked();
      await released;
      await tx.insert(auditLog).values({
        operatorId: fin.id,
        operatorName: fin.name,
        action: 'member.adjust',
        targetType: 'member',
        targetId: String(w.userId),
        at: new Date(now()),
      });
    });
    await isLocked;
    const approval = fin.post('/api/withdrawals/approve', { id: w.id });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await holder;
    const r = await approval;
    expect([r.status, r.body?.message]).toEqual([409, MSG_SEPARATION.adjusted]);
    const [still] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    expect(still?.state).toBe(REVIEW_STATES.pending);
  });
});
