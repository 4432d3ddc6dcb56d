/* The console's activity-application queue: each application with its rule, qualifying deposit and
 * suggested bonus (bonus.ts), or what was paid. */
import { linkedWhoHad } from '../risk/links';
import { formatCents, formatDateTime } from '@app/contract/codecs';
import type { ActivityApplication, ApplicationFilter } from '@app/contract/console-applications';
import { REVIEW_STATES } from '@app/contract/enums';
import { weightsOf, weightsText } from '@app/contract/turnover';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deposits } from '../../db/schema/money';
import { activities, activityApplications } from '../../db/schema/promo';
import { activityApplicationQueue } from './activities';
import { eligibility, qualifyingDeposit, turnoverOf } from './bonus';
import { weekendOf, netLoss } from './relief';
import { turnoverRequirements } from '../../db/schema/wallets';

type Activity = typeof activities.$inferSelect;

const STATE_OF: Record<ApplicationFilter, number | null> = {
  pending: REVIEW_STATES.pending,
  approved: REVIEW_STATES.approved,
  rejected: REVIEW_STATES.rejected,
  all: null,
};

/** A page of an application queue, by the console's filter. */
export interface ApplicationPageQuery {
  state: ApplicationFilter;
  page: number;
  pageSize: number;
}

const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

function ruleView(rule: Activity) {
  return {
    basis: rule.bonusBasis,
    percent: rule.bonusPercentBp / 100,
    cap: formatCents(rule.bonusCapCents),
    min_deposit: formatCents(rule.bonusMinDepositCents),
    pay_type: rule.bonusPayType,
    turnover_multiple: rule.turnoverMultiple,
    turnover_basis: rule.turnoverBasis,
    weights: weightsText(weightsOf(rule.turnoverWeights)),
  };
}

async function depositRow(db: Db, id: number | null | undefined) {
  if (!id) return null;
  const [d] = await db
    .select({ amountCents: deposits.amountCents, reviewedAt: deposits.reviewedAt })
    .from(deposits)
    .where(eq(deposits.id, id));
  return d ?? null;
}

/** The turnover a paid bonus added: its requirement row (older approvals: bonus × multiple). */
async function paidTurnover(db: Db, rule: Activity, id: number, bonus: bigint): Promise<bigint> {
  const [row] = await db
    .select({ cents: turnoverRequirements.requiredCents })
    .from(turnoverRequirements)
    .where(eq(turnoverRequirements.reference, `activity:${rule.id}#${id}`));
  return row?.cents ?? bonus * BigInt(rule.turnoverMultiple);
}

type Row = { a: typeof activityApplications.$inferSelect; rule: Activity; username: string };

/** What the queue shows of one application: what the rule gives now (pending) or what was paid. */
async function itemOf(db: Db, { a, rule, username }: Row): Promise<ActivityApplication> {
  const common = {
    id: a.id,
    user_id: a.userId,
    username,
    activity_id: rule.id,
    activity_title: rule.title,
    state: a.state,
    created_at: formatDateTime(a.createdAt.getTime()),
    rule: ruleView(rule),
    reviewed_by: a.reviewedBy,
    reviewed_at: time(a.reviewedAt),
    review_note: a.reviewNote,
  };
  const weekend = rule.bonusBasis === 'net_loss' && a.period ? weekendOf(a.period) : null;
  const loss = weekend
    ? { amount: formatCents(await netLoss(db, a.userId, weekend)), weekend: weekend.saturday }
    : null;
  if (a.state !== REVIEW_STATES.pending) {
    const paid = a.bonusCents;
    const d = await depositRow(db, a.depositId);
    return {
      ...common,
      deposit: d ? { amount: formatCents(d.amountCents), at: time(d.reviewedAt) } : null,
      loss,
      suggested_bonus: '',
      suggested_turnover: '',
      refusal: '',
      bonus: paid === null ? '' : formatCents(paid),
      turnover: paid === null ? '' : formatCents(await paidTurnover(db, rule, a.id, paid)),
      linked_claims: [],
    };
  }
  const e = await eligibility(db, a.userId, rule, rule.bonusBasis === 'net_loss' ? a.period : null);
  const d = await depositRow(db, e.ok ? e.deposit?.id : (await qualifyingDeposit(db, a.userId, rule))?.id);
  const suggested = e.ok ? e.bonusCents : 0n;
  return {
    ...common,
    deposit: d ? { amount: formatCents(d.amountCents), at: time(d.reviewedAt) } : null,
    loss,
    suggested_bonus: suggested > 0n ? formatCents(suggested) : '',
    suggested_turnover: suggested > 0n ? formatCents(turnoverOf(rule, suggested, d)) : '',
    refusal: e.ok ? '' : e.refusal.operator,
    bonus: '',
    turnover: '',
    linked_claims: await linkedWhoHad(db, a.userId, rule.id),
  };
}

/** The state an application filter lists; null: every state. */
export function stateOfFilter(filter: ApplicationFilter): number | null {
  return STATE_OF[filter];
}

/** A page of the queue (activities.ts activityApplicationQueue) as the console shows it. */
export async function activityApplicationPage(
  db: Db,
  q: ApplicationPageQuery,
): Promise<{ items: ActivityApplication[]; total: number }> {
  const page = await activityApplicationQueue(db, { ...q, state: STATE_OF[q.state] });
  const items: ActivityApplication[] = [];
  for (const r of page.items) items.push(await itemOf(db, r));
  return { items, total: page.total };
}

/** The member and activity of an activity application, for the audit row. */
export async function activitySubject(db: Db, id: number) {
  const [row] = await db
    .select({ member: users.username, activity: activities.title })
    .from(activityApplications)
    .innerJoin(users, eq(users.id, activityApplications.userId))
    .innerJoin(activities, eq(activities.id, activityApplications.activityId))
    .where(eq(activityApplications.id, id));
  return row ?? {};
}
