/* An activity's window, budget and per-member limit, for every door: members see and apply only
 * inside the window; paying a bonus locks the activity's row, counts the member's paid applications
 * and grows paid_cents by a guarded UPDATE in the paying transaction, so two approvals at once can
 * neither overrun the budget nor both pass the limit. */
import { REVIEW_STATES } from '@app/contract/enums';
import { and, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { activities, activityApplications } from '../../db/schema/promo';

type Activity = typeof activities.$inferSelect;

export const MSG_ACTIVITY_NOT_STARTED = '活动未开始';
export const MSG_ACTIVITY_ENDED = '活动已结束';
export const MSG_ACTIVITY_BUDGET_USED = '活动预算已用完';
export const MSG_ACTIVITY_MEMBER_LIMIT = '已达到该活动的领取次数上限';

/** Why the activity is closed at `nowMs` (before its start, from its end on), else null. */
export function windowRefusal(rule: Pick<Activity, 'startsAt' | 'endsAt'>, nowMs: number): string | null {
  if (rule.startsAt && nowMs < rule.startsAt.getTime()) return MSG_ACTIVITY_NOT_STARTED;
  if (rule.endsAt && nowMs >= rule.endsAt.getTime()) return MSG_ACTIVITY_ENDED;
  return null;
}

/** The member was paid by the activity as many times as its limit allows (limit 0: never). */
export async function memberLimitReached(db: Db | Tx, userId: number, rule: Activity): Promise<boolean> {
  if (rule.perMemberLimit <= 0) return false;
  const [row] = await db
    .select({ n: count() })
    .from(activityApplications)
    .where(
      and(
        eq(activityApplications.userId, userId),
        eq(activityApplications.activityId, rule.id),
        eq(activityApplications.state, REVIEW_STATES.approved),
        isNotNull(activityApplications.bonusCents),
      ),
    );
  return (row?.n ?? 0) >= rule.perMemberLimit;
}

/**
 * The activity locked for the rest of the paying transaction: approvals of one activity at once wait
 * here, and then read its paid_cents and the paid applications the first one committed.
 */
export async function lockActivityForPaying(tx: Tx, id: number): Promise<Activity> {
  const [a] = await tx.select().from(activities).where(eq(activities.id, id)).for('update');
  if (!a) throw new BusinessError('活动不存在', 404);
  return a;
}

/** Adds the bonus to paid_cents, refused (MSG_ACTIVITY_BUDGET_USED) when it would pass the budget. */
export async function chargeBudget(tx: Tx, id: number, bonusCents: bigint): Promise<void> {
  const [row] = await tx
    .update(activities)
    .set({ paidCents: sql`${activities.paidCents} + ${String(bonusCents)}::bigint` })
    .where(
      and(
        eq(activities.id, id),
        or(
          eq(activities.budgetCents, 0n),
          sql`${activities.paidCents} + ${String(bonusCents)}::bigint <= ${activities.budgetCents}`,
        ),
      ),
    )
    .returning({ id: activities.id });
  if (!row) throw new BusinessError(MSG_ACTIVITY_BUDGET_USED, 409);
}
