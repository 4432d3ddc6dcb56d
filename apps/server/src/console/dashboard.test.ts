import { toCents } from '@app/contract/codecs';
import type { Dashboard } from '@app/contract/console-admin';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beijingDayStart, resetClock, setClock } from '../core/clock';
import { sessions, users } from '../db/schema/accounts';
import { deposits, withdrawals } from '../db/schema/money';
import { activities, activityApplications, agentApplications } from '../db/schema/promo';
import { buildTestApp, dataOf, type TestApp } from '../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../test/console-helpers';

/* The dashboard's figures, every one checked against rows made for it (as differences from what the
 * seed already holds), at a fixed moment: 2030-05-10 10:00 Beijing. */

const T = Date.UTC(2030, 4, 10, 2, 0, 0);
const DAY = beijingDayStart(T);
const MIN = 60_000;

let t: TestApp;
let c: TestConsole;
let finance: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});
afterEach(() => resetClock());

const no = () => randomBytes(8).toString('hex');
const at = (ms: number) => new Date(ms);

async function deposit(userId: number, yuan: string, state: number, reviewedAt: number | null) {
  await t.db.insert(deposits).values({
    depositNo: `D${no()}`,
    userId,
    payType: 'bank',
    amountCents: BigInt(toCents(yuan) ?? 0),
    state,
    createdAt: at((reviewedAt ?? T) - 5 * MIN),
    reviewedAt: reviewedAt === null ? null : at(reviewedAt),
  });
}

async function withdrawal(userId: number, yuan: string, state: number, reviewedAt: number | null) {
  await t.db.insert(withdrawals).values({
    orderNo: `W${no()}`,
    userId,
    kind: 'bank',
    amountCents: BigInt(toCents(yuan) ?? 0),
    state,
    createdAt: at((reviewedAt ?? T) - 5 * MIN),
    reviewedAt: reviewedAt === null ? null : at(reviewedAt),
  });
}

async function dashboard(): Promise<Dashboard> {
  return dataOf<Dashboard>(await finance.get('/api/dashboard'));
}

const cents = (s: string) => toCents(s) ?? NaN;

describe('dashboard', () => {
  it('counts the queues, today’s approved money, new members and members online', async () => {
    setClock(T);
    // Signed in at the moved clock (a session idle 30 minutes by the clock is over).
    finance = await c.signIn('finance');
    const before = await dashboard();
    expect(before.today.day).toBe('2030-05-10');

    // Members: three registered now (today), one registered yesterday.
    const m1 = await t.newMember();
    const m2 = await t.newMember();
    const m3 = await t.newMember();
    const old = await t.newMember();
    await t.db
      .update(users)
      .set({ createdAt: at(DAY - MIN) })
      .where(eq(users.id, old.id));
    // Sessions: m1 twice (counted once), m2 now, m3 ten minutes ago (and one revoked now: not
    // online), the old member four minutes ago (online).
    await t.login(m1.name, m1.password);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: at(T - 10 * MIN) })
      .where(eq(sessions.userId, m3.id));
    await t.login(m3.name, m3.password);
    await t.db
      .update(sessions)
      .set({ revokedAt: at(T) })
      .where(and(eq(sessions.lastSeenAt, at(T)), eq(sessions.userId, m3.id)));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: at(T - 4 * MIN) })
      .where(eq(sessions.userId, old.id));

    // Deposits: two pending, two approved today (one a minute after midnight), one approved
    // yesterday (a minute before midnight), one rejected today.
    await deposit(m1.id, '100.00', 1, null);
    await deposit(m2.id, '50.50', 1, null);
    await deposit(m1.id, '200.00', 2, T - 60 * MIN);
    await deposit(m2.id, '30.00', 2, DAY + MIN);
    await deposit(m1.id, '999.00', 2, DAY - MIN);
    await deposit(m2.id, '77.00', 3, T - MIN);
    // Withdrawals: one pending, one paid today, one paid yesterday, one rejected today.
    await withdrawal(m1.id, '120.00', 1, null);
    await withdrawal(m2.id, '300.00', 2, T - 2 * MIN);
    await withdrawal(m1.id, '400.00', 2, DAY - 1);
    await withdrawal(m2.id, '500.00', 3, T - MIN);
    // Applications: two activity ones pending and one approved; one agent one pending, one rejected.
    const [activity] = await t.db.select({ id: activities.id }).from(activities).limit(1);
    if (!activity) throw new Error('no seeded activity');
    await t.db.insert(activityApplications).values([
      { userId: m1.id, activityId: activity.id, state: 1, createdAt: at(T) },
      { userId: m2.id, activityId: activity.id, state: 1, createdAt: at(T) },
      { userId: m3.id, activityId: activity.id, state: 2, createdAt: at(T), reviewedAt: at(T) },
    ]);
    await t.db.insert(agentApplications).values([
      { userId: m1.id, mobile: '13800000000', reason: '推广', state: 1, createdAt: at(T) },
      { userId: m2.id, mobile: '13800000001', reason: '推广', state: 3, createdAt: at(T), reviewedAt: at(T) },
    ]);

    const after = await dashboard();
    const p0 = before.pending;
    const p1 = after.pending;
    expect(p1.deposits.count - p0.deposits.count).toBe(2);
    expect(cents(p1.deposits.amount) - cents(p0.deposits.amount)).toBe(15050);
    expect(p1.withdrawals.count - p0.withdrawals.count).toBe(1);
    expect(cents(p1.withdrawals.amount) - cents(p0.withdrawals.amount)).toBe(12000);
    expect(p1.activity_applications - p0.activity_applications).toBe(2);
    expect(p1.agent_applications - p0.agent_applications).toBe(1);

    const d0 = before.today;
    const d1 = after.today;
    expect(d1.deposits.count - d0.deposits.count).toBe(2);
    expect(cents(d1.deposits.amount) - cents(d0.deposits.amount)).toBe(23000);
    expect(d1.withdrawals.count - d0.withdrawals.count).toBe(1);
    expect(cents(d1.withdrawals.amount) - cents(d0.withdrawals.amount)).toBe(30000);
    expect(d1.new_members - d0.new_members).toBe(3);
    expect(d1.online_members - d0.online_members).toBe(3); // m1, m2 and the old member
    expect(d1.deposits.amount).toMatch(/^\d+\.\d{2}$/);

    // The next Beijing day starts from nothing of today's.
    setClock(DAY + 24 * 60 * MIN + MIN);
    finance = await c.signIn('support');
    const tomorrow = await dashboard();
    expect(tomorrow.today.day).toBe('2030-05-11');
    expect(tomorrow.today.deposits).toEqual({ count: 0, amount: '0.00' });
    expect(tomorrow.today.withdrawals).toEqual({ count: 0, amount: '0.00' });
    expect(tomorrow.today.new_members).toBe(0);
    expect(tomorrow.today.online_members).toBe(0);
    expect(tomorrow.pending).toEqual(after.pending);
  });
});
