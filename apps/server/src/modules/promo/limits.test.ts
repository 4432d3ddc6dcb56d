/* An activity's window, budget and per-member limit (limits.ts), through the member's and the
 * console's doors. On PostgreSQL (project server-pg) the approvals at once really run in parallel. */
import { REVIEW_STATES } from '@app/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { DAY_MS, now } from '../../core/clock';
import { ledgerEntries } from '../../db/schema/money';
import { activities, activityApplications } from '../../db/schema/promo';
import { lastWeekend } from './relief';
import {
  approvedDeposit,
  reliefApplication,
  seededActivity,
} from '../../../test/console-samples/applications';

let t: TestApp;
let c: TestConsole;
let finance: ConsoleAgent;
let content: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  finance = await c.signIn('finance');
  content = await c.signIn('content');
}, 120_000);
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

let seq = 0;
type Columns = Partial<typeof activities.$inferInsert>;

/** A listed copy of the seeded 'USDT 存款加赠 2%' (latest deposit, any pay way) with these columns. */
async function activity(columns: Columns = {}): Promise<number> {
  seq += 1;
  const [base] = await t.db
    .select()
    .from(activities)
    .where(eq(activities.id, await seededActivity(t, 'USDT 存款加赠 2%')));
  if (!base) throw new Error('no seeded activity');
  const { id: _id, createdAt: _at, ...rule } = base;
  const [a] = await t.db
    .insert(activities)
    .values({ ...rule, title: `限额活动${seq}-${now()}`, bonusPayType: '', ...columns })
    .returning({ id: activities.id });
  if (!a) throw new Error('no activity');
  return a.id;
}

const apply = (m: { token: string }, id: number) =>
  t.post('/api/doactivityapply', { activityid: id }, { token: m.token });
const listed = async (m: { token: string }) =>
  dataOf<{ data: { id: number }[] }>(await t.post('/api/activitylist', {}, { token: m.token })).data.map(
    (a) => a.id,
  );

/** A fresh member's pending application for the activity, through the member's door. */
async function pending(id: number): Promise<number> {
  const m = await t.newMember();
  // 5,000.00: the rule gives 100.00.
  await approvedDeposit(t, m.id, 500_000n);
  const r = await apply(m, id);
  expect([r.status, r.body?.message]).toEqual([200, '提交成功，等待后台审核']);
  const [a] = await t.db
    .select({ id: activityApplications.id })
    .from(activityApplications)
    .where(eq(activityApplications.userId, m.id));
  if (!a) throw new Error('no application');
  return a.id;
}

const paidOf = async (id: number) =>
  (await t.db.select({ paid: activities.paidCents }).from(activities).where(eq(activities.id, id)))[0]?.paid;
const stateOf = async (id: number) =>
  (
    await t.db
      .select({ state: activityApplications.state })
      .from(activityApplications)
      .where(eq(activityApplications.id, id))
  )[0]?.state;

describe('the window', () => {
  it('lists and takes applications only inside it', async () => {
    const before = await activity({ startsAt: new Date(now() + DAY_MS) });
    const inside = await activity({ startsAt: new Date(now() - DAY_MS), endsAt: new Date(now() + DAY_MS) });
    const after = await activity({ endsAt: new Date(now() - DAY_MS) });
    const m = await t.newMember();
    await approvedDeposit(t, m.id, 500_000n);
    const ids = await listed(m);
    expect(ids).toContain(inside);
    expect(ids).not.toContain(before);
    expect(ids).not.toContain(after);
    const early = await apply(m, before);
    expect([early.status, early.body?.message]).toEqual([400, '活动未开始']);
    const late = await apply(m, after);
    expect([late.status, late.body?.message]).toEqual([400, '活动已结束']);
    expect((await apply(m, inside)).status).toBe(200);
  });
});

describe('the budget', () => {
  it('grows paid_cents with each bonus and refuses the one that would overrun it', async () => {
    const id = await activity({ budgetCents: 10_000n });
    const first = await pending(id);
    const second = await pending(id);
    const ok = await finance.post('/api/applications/activity/approve', { id: first, amount: '60.00' });
    expect(ok.status).toBe(200);
    expect(await paidOf(id)).toBe(6_000n);
    const over = await finance.post('/api/applications/activity/approve', { id: second, amount: '40.01' });
    expect([over.status, over.body?.message]).toEqual([409, '活动预算已用完']);
    expect(await stateOf(second)).toBe(REVIEW_STATES.pending);
    expect(await paidOf(id)).toBe(6_000n);
    const exact = await finance.post('/api/applications/activity/approve', { id: second, amount: '40.00' });
    expect(exact.status).toBe(200);
    expect(await paidOf(id)).toBe(10_000n);
  });

  it('is not a limit when 0, and the console lists 已发放 / 预算 and the window', async () => {
    const id = await activity({ budgetCents: 0n, startsAt: new Date(Date.UTC(2026, 0, 1, 2, 0)) });
    const app = await pending(id);
    expect(
      (await finance.post('/api/applications/activity/approve', { id: app, amount: '99.00' })).status,
    ).toBe(200);
    const rows = dataOf<{ items: Record<string, unknown>[] }>(
      await content.get('/api/promo/activities'),
    ).items;
    expect(rows.find((r) => r.id === id)).toMatchObject({
      budget: '0.00',
      paid: '99.00',
      per_member_limit: 0,
      starts_at: '2026-01-01 10:00',
      ends_at: null,
    });
  });

  it('pays one of two approvals at once that together exceed it; the ledger stays balanced', async () => {
    const id = await activity({ budgetCents: 10_000n });
    const [a, b] = [await pending(id), await pending(id)];
    const replies = await Promise.all([
      finance.post('/api/applications/activity/approve', { id: a, amount: '60.00' }),
      content.post('/api/applications/activity/approve', { id: b, amount: '60.00' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body?.message).toBe('活动预算已用完');
    expect(await paidOf(id)).toBe(6_000n);
    const states = [await stateOf(a), await stateOf(b)];
    expect([...states].sort()).toEqual([REVIEW_STATES.pending, REVIEW_STATES.approved].sort());
    const paidId = states[0] === REVIEW_STATES.approved ? a : b;
    const entries = await t.db
      .select({ cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `activity:${id}#${paidId}`));
    // One bonus moved: out of the bonuses account, into the member's wallet.
    expect(entries.map((e) => e.cents).sort()).toEqual([-6_000n, 6_000n]);
  });
});

describe('the console form', () => {
  it('saves the window, budget and limit of an activity, and refuses an end before the start', async () => {
    const id = await activity();
    const rows = dataOf<{ items: Record<string, unknown>[] }>(
      await content.get('/api/promo/activities'),
    ).items;
    const row = rows.find((r) => r.id === id);
    if (!row) throw new Error('not listed');
    const { id: _id, value: _v, paid_count: _n, paid: _p, created_at: _c, ...fields } = row;
    const window = { starts_at: '2026-12-01 10:00', ends_at: '2026-12-31 23:59' };
    const saved = await content.post('/api/promo/activities/update', {
      ...fields,
      id,
      ...window,
      budget: '500.00',
      per_member_limit: 2,
    });
    expect(dataOf(saved)).toMatchObject({ ...window, budget: '500.00', per_member_limit: 2 });
    const [a] = await t.db.select().from(activities).where(eq(activities.id, id));
    expect(a).toMatchObject({ budgetCents: 50_000n, perMemberLimit: 2 });
    const bad = await content.post('/api/promo/activities/update', {
      ...fields,
      id,
      starts_at: '2026-12-01 10:00',
      ends_at: '2026-12-01 09:00',
    });
    expect([bad.status, bad.body?.message]).toEqual([400, '结束时间须晚于开始时间']);
  });
});

describe('the per-member limit', () => {
  it('refuses a member paid as many times as the limit, when applying and when approving', async () => {
    const relief = await seededActivity(t, '周末救援金');
    await t.db.update(activities).set({ perMemberLimit: 1 }).where(eq(activities.id, relief));
    try {
      const id = await reliefApplication(t);
      const [a] = await t.db.select().from(activityApplications).where(eq(activityApplications.id, id));
      if (!a) throw new Error('no application');
      // Paid once already, for an earlier weekend.
      const earlier = new Date(lastWeekend(now()).start - 7 * DAY_MS);
      await t.db.insert(activityApplications).values({
        userId: a.userId,
        activityId: relief,
        state: REVIEW_STATES.approved,
        createdAt: earlier,
        period: '2020-01-04',
        bonusCents: 100n,
      });
      const r = await finance.post('/api/applications/activity/approve', { id, amount: '20.00' });
      expect([r.status, r.body?.message]).toEqual([409, '已达到该活动的领取次数上限']);
      expect(await stateOf(id)).toBe(REVIEW_STATES.pending);
      await t.db.update(activities).set({ perMemberLimit: 2 }).where(eq(activities.id, relief));
      const ok = await finance.post('/api/applications/activity/approve', { id, amount: '20.00' });
      expect(ok.status).toBe(200);
      // A member paid once (limit 1 again) is refused at the member's door too.
      await t.db.update(activities).set({ perMemberLimit: 1 }).where(eq(activities.id, relief));
      const m = await t.newMember();
      await t.db.insert(activityApplications).values({
        userId: m.id,
        activityId: relief,
        state: REVIEW_STATES.approved,
        createdAt: earlier,
        period: '2020-01-04',
        bonusCents: 100n,
      });
      const refused = await apply(m, relief);
      expect([refused.status, refused.body?.message]).toEqual([400, '已达到该活动的领取次数上限']);
    } finally {
      await t.db.update(activities).set({ perMemberLimit: 0 }).where(eq(activities.id, relief));
    }
  });
});
