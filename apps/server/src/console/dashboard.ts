import { ONLINE_WINDOW_MINUTES, type Dashboard } from '@app/contract/console-admin';
import { RISK_STATES } from '@app/contract/console-risk';
import { formatCents } from '@app/contract/codecs';
import { and, count, countDistinct, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { beijingDate, beijingDayStart, DAY_MS, now } from '../core/clock';
import type { Db } from '../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sessions, users } from '../db/schema/accounts';
import { deposits, withdrawals } from '../db/schema/money';
import { activityApplications, agentApplications } from '../db/schema/promo';

/* The dashboard's figures: the review queues, and the Beijing day so far. */

const PENDING = 1;
const APPROVED = 2;

/** How many rows and the sum of their amounts (cents as text: sums can pass 2^53 in theory). */
const countAndSum = (amount: AnyPgColumn) => ({
  count: count(),
  cents: sql<string>`coalesce(sum(${amount}), 0)::text`,
});

const figure = (row: { count: number; cents: string } | undefined) => ({
  count: Number(row?.count ?? 0),
  amount: formatCents(BigInt(row?.cents ?? '0')),
});

async function pendingFigures(db: Db) {
  const [dep] = await db
    .select(countAndSum(deposits.amountCents))
    .from(deposits)
    .where(eq(deposits.state, PENDING));
  const [wd] = await db
    .select(countAndSum(withdrawals.amountCents))
    .from(withdrawals)
    .where(eq(withdrawals.state, PENDING));
  const [risky] = await db
    .select(countAndSum(withdrawals.amountCents))
    .from(withdrawals)
    .where(and(eq(withdrawals.state, PENDING), eq(withdrawals.riskState, RISK_STATES.waiting)));
  const [act] = await db
    .select({ n: count() })
    .from(activityApplications)
    .where(eq(activityApplications.state, PENDING));
  const [agent] = await db
    .select({ n: count() })
    .from(agentApplications)
    .where(eq(agentApplications.state, PENDING));
  return {
    deposits: figure(dep),
    withdrawals: figure(wd),
    risk_withdrawals: figure(risky),
    activity_applications: Number(act?.n ?? 0),
    agent_applications: Number(agent?.n ?? 0),
  };
}

async function todayFigures(db: Db, t: number) {
  const start = new Date(beijingDayStart(t));
  const end = new Date(beijingDayStart(t) + DAY_MS);
  const [dep] = await db
    .select(countAndSum(deposits.amountCents))
    .from(deposits)
    .where(and(eq(deposits.state, APPROVED), gte(deposits.reviewedAt, start), lt(deposits.reviewedAt, end)));
  const [wd] = await db
    .select(countAndSum(withdrawals.amountCents))
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.state, APPROVED),
        gte(withdrawals.reviewedAt, start),
        lt(withdrawals.reviewedAt, end),
      ),
    );
  const [joined] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isTrial, 0), gte(users.createdAt, start), lt(users.createdAt, end)));
  // A session's last_seen_at is written at most once a minute (SESSION_TOUCH_MS), so a member
  // polling now may show a time up to a minute old: the window is wide enough for that.
  const [online] = await db
    .select({ n: countDistinct(sessions.userId) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        isNull(sessions.revokedAt),
        gte(sessions.lastSeenAt, new Date(t - ONLINE_WINDOW_MINUTES * 60_000)),
        eq(users.isTrial, 0),
        eq(users.blocked, false),
      ),
    );
  return {
    day: beijingDate(t),
    deposits: figure(dep),
    withdrawals: figure(wd),
    new_members: Number(joined?.n ?? 0),
    online_members: Number(online?.n ?? 0),
  };
}

/** What waits for review and today's figures (trial accounts are not members here). */
export async function dashboardFigures(db: Db): Promise<Dashboard> {
  return { pending: await pendingFigures(db), today: await todayFigures(db, now()) };
}
