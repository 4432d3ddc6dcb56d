import { REVIEW_STATES } from '@app/contract/enums';
import { eq } from 'drizzle-orm';
import { deposits, validBets } from '../../src/db/schema/money';
import { lastWeekend } from '../../src/modules/promo/relief';
import { activities, activityApplications, agentApplications } from '../../src/db/schema/promo';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

let seq = 0;

/** The id of a seeded activity by title. */
export async function seededActivity(t: TestApp, title: string): Promise<number> {
  const [a] = await t.db.select({ id: activities.id }).from(activities).where(eq(activities.title, title));
  if (!a) throw new Error(`no activity ${title}`);
  return a.id;
}

/** An approved deposit of `cents` for a member, approved `minutesAgo` minutes ago (default 5). */
export async function approvedDeposit(
  t: TestApp,
  userId: number,
  cents: bigint,
  opts: { payType?: string; minutesAgo?: number } = {},
): Promise<number> {
  seq += 1;
  const at = new Date(Date.now() - (opts.minutesAgo ?? 5) * 60_000);
  const [d] = await t.db
    .insert(deposits)
    .values({
      depositNo: `DAPP${process.pid}${Date.now()}${seq}`,
      userId,
      payType: opts.payType ?? 'bank',
      amountCents: cents,
      state: REVIEW_STATES.approved,
      createdAt: at,
      reviewedAt: at,
    })
    .returning({ id: deposits.id });
  if (!d) throw new Error('no deposit');
  return d.id;
}

/** A pending application of a member for an activity (as /api/doactivityapply leaves it). */
export async function pendingActivityApplication(t: TestApp, userId: number, activityId: number) {
  const [a] = await t.db
    .insert(activityApplications)
    .values({ userId, activityId, state: REVIEW_STATES.pending, createdAt: new Date() })
    .returning({ id: activityApplications.id });
  if (!a) throw new Error('no application');
  return a.id;
}

/** A pending agent application of a member (as /api/applyagentdo leaves it). */
export async function pendingAgentApplication(t: TestApp, userId: number, reason = '我有很多朋友想一起玩') {
  const [a] = await t.db
    .insert(agentApplications)
    .values({ userId, mobile: '13812345678', reason, state: REVIEW_STATES.pending, createdAt: new Date() })
    .returning({ id: agentApplications.id });
  if (!a) throw new Error('no application');
  return a.id;
}

/**
 * A fresh member who lost `lossCents` (1,000.00) on bets last weekend, with a pending application for
 * 周末救援金 (2 % of the loss: the rule gives 20.00) for that weekend.
 */
export async function reliefApplication(t: TestApp, lossCents = 100_000n): Promise<number> {
  const m = await t.newMember();
  const weekend = lastWeekend(Date.now());
  await t.db.insert(validBets).values({
    userId: m.id,
    platform: 'jnd28',
    category: 'lottery',
    stakeCents: lossCents,
    validCents: lossCents,
    payoutCents: 0n,
    createdAt: new Date(weekend.start + 3_600_000),
    recordedAt: new Date(weekend.start + 3_600_000),
  });
  const [a] = await t.db
    .insert(activityApplications)
    .values({
      userId: m.id,
      activityId: await seededActivity(t, '周末救援金'),
      state: REVIEW_STATES.pending,
      createdAt: new Date(),
      period: weekend.saturday,
    })
    .returning({ id: activityApplications.id });
  if (!a) throw new Error('no application');
  return a.id;
}

async function agentApplication(t: TestApp): Promise<number> {
  const m = await t.newMember();
  return pendingAgentApplication(t, m.id);
}

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleActivityApplications: async () => ({ state: 'pending', page: 1, pageSize: 20 }),
  consoleApproveActivity: async (t) => ({ id: await reliefApplication(t), amount: '18.80' }),
  consoleRejectActivity: async (t) => ({ id: await reliefApplication(t), reason: '不符合活动条件' }),
  consoleAgentApplications: async () => ({ state: 'all' }),
  consoleApproveAgent: async (t) => ({ id: await agentApplication(t) }),
  consoleRejectAgent: async (t) => ({ id: await agentApplication(t), reason: '资料不全' }),
};
