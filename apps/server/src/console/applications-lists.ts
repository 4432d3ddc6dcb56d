/* The console's application queues: activity applications with each one's rule, qualifying deposit
 * and suggested bonus (modules/promo/bonus.ts), and agent applications. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import type {
  ActivityApplication,
  AgentApplication,
  ApplicationFilter,
} from '@app/contract/console-applications';
import { REVIEW_STATES } from '@app/contract/enums';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { deposits } from '../db/schema/money';
import { activities, activityApplications, agentApplications } from '../db/schema/promo';
import {
  bonusOf,
  MSG_BONUS_NO_DEPOSIT_OPS,
  MSG_BONUS_NOT_APPLICABLE,
  qualifyingDeposit,
  type BonusRule,
} from '../modules/promo/bonus';

const STATE_OF: Record<ApplicationFilter, number | null> = {
  pending: REVIEW_STATES.pending,
  approved: REVIEW_STATES.approved,
  rejected: REVIEW_STATES.rejected,
  all: null,
};

interface ListQuery {
  state: ApplicationFilter;
  page: number;
  pageSize: number;
}

const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

function ruleView(rule: BonusRule) {
  return {
    basis: rule.bonusBasis,
    percent: rule.bonusPercentBp / 100,
    cap: formatCents(rule.bonusCapCents),
    min_deposit: formatCents(rule.bonusMinDepositCents),
    pay_type: rule.bonusPayType,
    turnover_multiple: rule.turnoverMultiple,
  };
}

/** The deposit an application counts: the one it was paid from (approved), else the rule's now. */
async function depositOf(db: Db, userId: number, rule: BonusRule, paidFrom: number | null, paid: boolean) {
  const id = paid ? paidFrom : (await qualifyingDeposit(db, userId, rule))?.id;
  if (!id) return null;
  const [d] = await db
    .select({ amountCents: deposits.amountCents, reviewedAt: deposits.reviewedAt })
    .from(deposits)
    .where(eq(deposits.id, id));
  return d ?? null;
}

/** Why approving is refused by the rule itself ('' when it may be approved). */
function refusalOf(state: number, rule: BonusRule, hasDeposit: boolean): string {
  if (state !== REVIEW_STATES.pending) return '';
  if (rule.bonusBasis === 'none') return MSG_BONUS_NOT_APPLICABLE;
  if (rule.bonusBasis !== 'manual' && !hasDeposit) return MSG_BONUS_NO_DEPOSIT_OPS;
  return '';
}

/** A page of activity applications, newest first. */
export async function activityApplicationPage(
  db: Db,
  q: ListQuery,
): Promise<{ items: ActivityApplication[]; total: number }> {
  const state = STATE_OF[q.state];
  const where: SQL | undefined = state === null ? undefined : eq(activityApplications.state, state);
  const [c] = await db.select({ n: count() }).from(activityApplications).where(where);
  const rows = await db
    .select({ a: activityApplications, rule: activities, username: users.username })
    .from(activityApplications)
    .innerJoin(activities, eq(activities.id, activityApplications.activityId))
    .innerJoin(users, eq(users.id, activityApplications.userId))
    .where(where)
    .orderBy(desc(activityApplications.createdAt), desc(activityApplications.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const items: ActivityApplication[] = [];
  for (const { a, rule, username } of rows) {
    const paid = a.state === REVIEW_STATES.approved && a.bonusCents !== null;
    const deposit = await depositOf(db, a.userId, rule, a.depositId, paid);
    const suggested = deposit && rule.bonusBasis !== 'manual' ? bonusOf(rule, deposit.amountCents) : 0n;
    const multiple = BigInt(rule.turnoverMultiple);
    items.push({
      id: a.id,
      user_id: a.userId,
      username,
      activity_id: rule.id,
      activity_title: rule.title,
      state: a.state,
      created_at: formatDateTime(a.createdAt.getTime()),
      rule: ruleView(rule),
      deposit: deposit ? { amount: formatCents(deposit.amountCents), at: time(deposit.reviewedAt) } : null,
      suggested_bonus: suggested > 0n ? formatCents(suggested) : '',
      suggested_turnover: suggested > 0n ? formatCents(suggested * multiple) : '',
      refusal: refusalOf(a.state, rule, !!deposit),
      bonus: a.bonusCents === null ? '' : formatCents(a.bonusCents),
      turnover: a.bonusCents === null ? '' : formatCents(a.bonusCents * multiple),
      reviewed_by: a.reviewedBy,
      reviewed_at: time(a.reviewedAt),
      review_note: a.reviewNote,
    });
  }
  return { items, total: c?.n ?? 0 };
}

/** A page of agent applications, newest first. */
export async function agentApplicationPage(
  db: Db,
  q: ListQuery,
): Promise<{ items: AgentApplication[]; total: number }> {
  const state = STATE_OF[q.state];
  const where: SQL | undefined = state === null ? undefined : eq(agentApplications.state, state);
  const [c] = await db.select({ n: count() }).from(agentApplications).where(where);
  const rows = await db
    .select({
      a: agentApplications,
      username: users.username,
      realname: users.realname,
      isagent: users.isagent,
    })
    .from(agentApplications)
    .innerJoin(users, eq(users.id, agentApplications.userId))
    .where(where)
    .orderBy(desc(agentApplications.createdAt), desc(agentApplications.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    items: rows.map(({ a, username, realname, isagent }) => ({
      id: a.id,
      user_id: a.userId,
      username,
      realname,
      mobile: a.mobile,
      reason: a.reason,
      state: a.state,
      isagent,
      created_at: formatDateTime(a.createdAt.getTime()),
      reviewed_by: a.reviewedBy,
      reviewed_at: time(a.reviewedAt),
      review_note: a.reviewNote,
    })),
    total: c?.n ?? 0,
  };
}
