/* Activities as the console edits them: title, type, banner, sanitised content, memo, listing, order
 * and the bonus rule modules/promo/bonus.ts pays by. Each write runs in the console call's
 * transaction; an approved application keeps the bonus it was paid (activity_applications.bonus_cents). */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  bonusRuleProblem,
  MSG_ACTIVITY_CONTENT,
  MSG_ACTIVITY_MISSING,
  MSG_ACTIVITY_TITLE_TAKEN,
  MSG_ACTIVITY_TYPE_MISSING,
  percentText,
  type ActivityInput,
  type ActivityRow,
} from '@app/contract/console-promo';
import { windowProblem } from '@app/contract/time-window';
import { windowColumns, windowOf } from '../site/window';
import { REVIEW_STATES } from '@app/contract/enums';
import type { CategoryCosts } from '@app/contract/promo-value';
import { weightsOf } from '@app/contract/turnover';
import { and, asc, count, eq, isNotNull, ne } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import { pgErrorCode, UNIQUE_VIOLATION, type Db } from '../../db/client';
import { activities, activityApplications, activityTypes } from '../../db/schema/promo';
import { sanitizeRichText } from '../../http/rich-text';
import { activityProblem, activityValue, costsNow } from './value';

type Activity = typeof activities.$inferSelect;

/** Applications paid under each activity. */
async function paidCounts(db: Db, id?: number): Promise<Map<number, number>> {
  const paid = and(
    eq(activityApplications.state, REVIEW_STATES.approved),
    isNotNull(activityApplications.bonusCents),
  );
  const rows = await db
    .select({ id: activityApplications.activityId, n: count() })
    .from(activityApplications)
    .where(id === undefined ? paid : and(paid, eq(activityApplications.activityId, id)))
    .groupBy(activityApplications.activityId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

function rowOf(a: Activity, paid: number, costs: CategoryCosts | null): ActivityRow {
  return {
    id: a.id,
    title: a.title,
    type_id: a.typeId,
    banner: a.banner,
    content: a.content,
    memo: a.memo,
    enabled: a.enabled === 1,
    sort: a.sort,
    bonus_basis: a.bonusBasis,
    bonus_percent: percentText(a.bonusPercentBp),
    bonus_cap: formatCents(a.bonusCapCents),
    bonus_min_deposit: formatCents(a.bonusMinDepositCents),
    bonus_pay_type: a.bonusPayType,
    turnover_multiple: a.turnoverMultiple,
    turnover_basis: a.turnoverBasis,
    turnover_weights: weightsOf(a.turnoverWeights),
    value: costs ? activityValue(a, costs) : null,
    paid_count: paid,
    ...windowOf(a),
    budget: formatCents(a.budgetCents),
    paid: formatCents(a.paidCents),
    per_member_limit: a.perMemberLimit,
    created_at: formatDateTime(a.createdAt.getTime()),
  };
}

/** What the audit log records of an activity: the fields an operator edits, money as yuan strings. */
export function auditView(a: Activity) {
  const row = rowOf(a, 0, null);
  const { id: _id, created_at: _at, paid_count: _count, paid: _paid, value: _value, content, ...rest } = row;
  // Content can be long: the log keeps its size and start, the row itself keeps all of it.
  return {
    ...rest,
    content: content.length > 500 ? `${content.slice(0, 500)}…（共${content.length}字）` : content,
  };
}

/** Every activity by sort (listed or not), and the types to choose from. */
export async function activityAdminList(db: Db) {
  const rows = await db.select().from(activities).orderBy(asc(activities.sort), asc(activities.id));
  const paid = await paidCounts(db);
  const types = await db
    .select({ id: activityTypes.id, name: activityTypes.name })
    .from(activityTypes)
    .orderBy(asc(activityTypes.sort), asc(activityTypes.id));
  const costs = await costsNow(db);
  return { items: rows.map((a) => rowOf(a, paid.get(a.id) ?? 0, costs)), types };
}

/** The activity locked for the rest of the transaction (404 when it does not exist). */
async function lockedActivity(db: Db, id: number): Promise<Activity> {
  const [a] = await db.select().from(activities).where(eq(activities.id, id)).for('update');
  if (!a) throw new BusinessError(MSG_ACTIVITY_MISSING, 404);
  return a;
}

/** The columns of a checked input: content sanitised, the rule re-checked here as well. */
async function columnsOf(db: Db, input: ActivityInput, id: number | null) {
  const problem = bonusRuleProblem(input);
  if (problem) throw new BusinessError(problem);
  const content = sanitizeRichText(input.content);
  if (!content) throw new BusinessError(MSG_ACTIVITY_CONTENT);
  const [type] = await db
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(eq(activityTypes.id, input.type_id));
  if (!type) throw new BusinessError(MSG_ACTIVITY_TYPE_MISSING);
  const [same] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(
      id === null
        ? eq(activities.title, input.title)
        : and(eq(activities.title, input.title), ne(activities.id, id)),
    );
  if (same) throw new BusinessError(MSG_ACTIVITY_TITLE_TAKEN, 409);
  return {
    title: input.title,
    typeId: input.type_id,
    banner: input.banner,
    content,
    memo: input.memo,
    enabled: input.enabled ? 1 : 0,
    sort: input.sort,
    bonusBasis: input.bonus_basis,
    bonusPercentBp: input.bonus_percent,
    bonusCapCents: BigInt(input.bonus_cap),
    bonusMinDepositCents: BigInt(input.bonus_min_deposit),
    bonusPayType: input.bonus_pay_type,
    turnoverMultiple: input.turnover_multiple,
    turnoverBasis: input.turnover_basis,
    turnoverWeights: { ...input.turnover_weights },
    ...limitColumns(input),
  };
}

/**
 * The window, budget and per-member limit of an input. A 待复核 payload filed before these fields
 * existed has none of them: the activity keeps its own.
 */
function limitColumns(
  input: Partial<Pick<ActivityInput, 'starts_at' | 'ends_at' | 'budget' | 'per_member_limit'>>,
) {
  if (input.budget === undefined) return {};
  const problem = windowProblem(input);
  if (problem) throw new BusinessError(problem);
  return {
    ...windowColumns(input),
    budgetCents: BigInt(input.budget),
    perMemberLimit: input.per_member_limit ?? 0,
  };
}

/** A listed rule worth more than 0 to a member is refused, with its figure (as odds above 98 % are). */
async function refusePositive(db: Db, a: Activity): Promise<CategoryCosts> {
  const costs = await costsNow(db);
  const problem = a.enabled === 1 ? activityProblem(a, costs) : null;
  if (problem) throw new BusinessError(problem);
  return costs;
}

/** A title taken by a write at the same moment: the unique key's refusal in words. */
function titleTaken(err: unknown): never {
  if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new BusinessError(MSG_ACTIVITY_TITLE_TAKEN, 409);
  throw err;
}

export async function createActivity(db: Db, input: ActivityInput) {
  const values = await columnsOf(db, input, null);
  const [a] = await db.insert(activities).values(values).returning().catch(titleTaken);
  if (!a) throw new Error('activity not created');
  const costs = await refusePositive(db, a);
  return { row: rowOf(a, 0, costs), after: auditView(a) };
}

/**
 * Saves an activity's new text and rule. Applications approved before keep their bonus and the
 * turnover it added; pending ones are computed by the new rule when approved.
 */
export async function updateActivity(db: Db, id: number, input: ActivityInput) {
  const before = await lockedActivity(db, id);
  const values = await columnsOf(db, input, id);
  const [a] = await db
    .update(activities)
    .set(values)
    .where(eq(activities.id, id))
    .returning()
    .catch(titleTaken);
  if (!a) throw new BusinessError(MSG_ACTIVITY_MISSING, 404);
  const costs = await refusePositive(db, a);
  const paid = (await paidCounts(db, id)).get(id) ?? 0;
  return { row: rowOf(a, paid, costs), ...changes(auditView(before), auditView(a)) };
}

/** Lists or unlists an activity (members see only listed ones, and apply only to them). */
export async function enableActivity(db: Db, id: number, enabled: boolean) {
  const before = await lockedActivity(db, id);
  const [a] = await db
    .update(activities)
    .set({ enabled: enabled ? 1 : 0 })
    .where(eq(activities.id, id))
    .returning();
  if (!a) throw new BusinessError(MSG_ACTIVITY_MISSING, 404);
  const costs = await refusePositive(db, a);
  const paid = (await paidCounts(db, id)).get(id) ?? 0;
  return { row: rowOf(a, paid, costs), before: { enabled: before.enabled === 1 }, after: { enabled } };
}

/** Only the fields that changed, before and after (the title always, to name the activity). */
function changes<T extends Record<string, unknown>>(before: T, after: T) {
  const same = (k: string) => JSON.stringify(before[k]) === JSON.stringify(after[k]);
  const keys = Object.keys(after).filter((k) => k === 'title' || !same(k));
  const pick = (o: T) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  return { before: pick(before), after: pick(after) };
}
