import { formatCents, formatDateTime, PAGE_SIZES } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { activities, activityApplications, activityTypes } from '../../db/schema/promo';
import { BusinessError } from '../../core/errors';
import { pagedQuery, pageOf, pageOffset, type PageRequest } from '../../core/paging';
import type { Actor } from '../../db/audit';
import { checkApplication, notPending } from './bonus';
import { openAt } from '../site/window';
import { windowRefusal } from './limits';
import { assertNoBreak } from '../protection/guard';
import { termsOf } from './value';

export const MSG_ACTIVITY_MISSING = '活动不存在';
export const MSG_ACTIVITY_PENDING = '您已提交申请，请等待审核';
export const MSG_APPLY_SUBMITTED = '提交成功，等待后台审核';

export async function activityTypeList(db: Db) {
  const rows = await db.select().from(activityTypes).orderBy(asc(activityTypes.sort), asc(activityTypes.id));
  return rows.map((t) => ({ id: t.id, name: t.name }));
}

/** Listed activities open now (inside their window), of one type or all (type null). */
export async function activityList(db: Db, type: number | null) {
  const listed = and(eq(activities.enabled, 1), openAt(activities, now()));
  const rows = await db
    .select()
    .from(activities)
    .where(type === null ? listed : and(listed, eq(activities.typeId, type)))
    .orderBy(asc(activities.sort), asc(activities.id));
  return { data: rows.map((a) => ({ id: a.id, banner: a.banner, title: a.title, type: a.typeId })) };
}

export async function activityDetailOf(db: Db, id: number) {
  const [a] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.enabled, 1)));
  if (!a) throw new BusinessError(MSG_ACTIVITY_MISSING, 404);
  return {
    id: a.id,
    title: a.title,
    banner: a.banner,
    content: a.content,
    memo: a.memo,
    terms: termsOf(a),
    // The same rule as the application's own refusal (bonus.ts eligibility: basis 'none').
    applicable: a.bonusBasis !== 'none',
  };
}

/**
 * A pending application (state 1), when the activity's rule allows it (bonus.ts checkApplication);
 * a second while one is pending is refused (partial unique index).
 */
export async function applyForActivity(db: Db, userId: number, activityId: number): Promise<void> {
  const [a] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.enabled, 1)));
  if (!a) throw new BusinessError(MSG_ACTIVITY_MISSING, 404);
  await assertNoBreak(db, userId);
  const closed = windowRefusal(a, now());
  if (closed) throw new BusinessError(closed);
  const period = await checkApplication(db, userId, a);
  const rows = await db
    .insert(activityApplications)
    .values({ userId, activityId, state: REVIEW_STATES.pending, createdAt: new Date(now()), period })
    .onConflictDoNothing()
    .returning({ id: activityApplications.id });
  if (rows.length === 0) throw new BusinessError(MSG_ACTIVITY_PENDING);
}

export async function applicationLog(db: Db, userId: number, page: number) {
  const where = eq(activityApplications.userId, userId);
  const [c] = await db.select({ n: count() }).from(activityApplications).where(where);
  const rows = await db
    .select({ a: activityApplications, title: activities.title })
    .from(activityApplications)
    .innerJoin(activities, eq(activities.id, activityApplications.activityId))
    .where(where)
    .orderBy(desc(activityApplications.createdAt), desc(activityApplications.id))
    .limit(PAGE_SIZES.activityApplications)
    .offset(pageOffset(page, PAGE_SIZES.activityApplications));
  return pageOf(
    rows.map((r) => ({
      id: r.a.id,
      activity_name: r.title,
      created_at: formatDateTime(r.a.createdAt.getTime()),
      state: r.a.state,
      money: r.a.bonusCents === null ? '' : formatCents(r.a.bonusCents),
    })),
    c?.n ?? 0,
    page,
    PAGE_SIZES.activityApplications,
  );
}

/* Operator side ------------------------------------------------------------------------------------ */

/**
 * The activity-application queue, the one query every door lists it with: each application (one state,
 * or every state with null), its activity and its member's name, newest first.
 */
export function activityApplicationQueue(db: Db, q: PageRequest & { state: number | null }) {
  const where = q.state === null ? undefined : eq(activityApplications.state, q.state);
  const rows = db
    .select({ a: activityApplications, rule: activities, username: users.username })
    .from(activityApplications)
    .innerJoin(activities, eq(activities.id, activityApplications.activityId))
    .innerJoin(users, eq(users.id, activityApplications.userId))
    .where(where)
    .orderBy(desc(activityApplications.createdAt), desc(activityApplications.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(activityApplications, where), q, (r) => r);
}

/** The command line's activity:list: the queue's newest `limit`, in its columns. */
export async function listApplications(db: Db, state: number | null, limit: number) {
  const { items } = await activityApplicationQueue(db, { state, page: 1, pageSize: limit });
  return items.map((r) => ({
    id: r.a.id,
    username: r.username,
    activity: r.rule.title,
    state: r.a.state,
    bonus: r.a.bonusCents === null ? '' : formatCents(r.a.bonusCents),
    created_at: formatDateTime(r.a.createdAt.getTime()),
  }));
}

/**
 * Rejects a pending application with the reviewer and the reason (approval pays a bonus: bonus.ts
 * approveApplication). Reviewed already: 409 naming who and when.
 */
export async function rejectApplication(db: Db, id: number, actor: Actor, reason = '') {
  const state = REVIEW_STATES.rejected;
  const reviewedAt = new Date(now());
  const [row] = await db
    .update(activityApplications)
    .set({ state, reviewedAt, reviewedBy: actor.name, reviewNote: reason })
    .where(and(eq(activityApplications.id, id), eq(activityApplications.state, REVIEW_STATES.pending)))
    .returning({ id: activityApplications.id });
  if (!row) return notPending(db, id);
  return { id: row.id, state, reviewedBy: actor.name, reviewedAt, reviewNote: reason };
}
