/* The console's application queues: activity applications with each one's rule, qualifying deposit
 * and suggested bonus (modules/promo/bonus.ts), and agent applications. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import type {
  ActivityApplication,
  AgentApplication,
  ApplicationFilter,
} from '@app/contract/console-applications';
import { REVIEW_STATES } from '@app/contract/enums';
import { weightsOf, weightsText } from '@app/contract/turnover';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { deposits } from '../db/schema/money';
import { activities, activityApplications, agentApplications } from '../db/schema/promo';
import { eligibility, qualifyingDeposit, turnoverOf } from '../modules/promo/bonus';
import { weekendOf, netLoss } from '../modules/promo/relief';
import { turnoverRequirements } from '../db/schema/wallets';

type Activity = typeof activities.$inferSelect;

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
  };
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
  for (const r of rows) items.push(await itemOf(db, r));
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
