import { formatCents } from '@app/contract/codecs';
import { OPERATOR_ROLE_LABELS, type OperatorRole } from '@app/contract/console-define';
import type { ReportActivityRow, ReportOperatorRow } from '@app/contract/console-reports';
import { REVIEW_STATES } from '@app/contract/enums';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { REPORT_LEDGER, rows, within } from './reports-queries';
import { rangeOf } from './reports-summary';

/* The operators' work and the activities' cost over a range of Beijing days. An operator is known by
 * name: orders keep their reviewer's name (the command line's too), the audit log its author's. */

interface WorkFact {
  op: string;
  role: string | null;
  kind: string;
  n: number;
  cents: string;
}

const APPROVED = REVIEW_STATES.approved;
const REJECTED = REVIEW_STATES.rejected;

/** Every reviewed or adjusted item of the range as (operator, kind, count, cents). */
async function workFacts(db: Db, from: string, to: string): Promise<WorkFact[]> {
  const { span } = rangeOf(from, to);
  const reviewed = (table: string, item: string) =>
    sql`select reviewed_by as op,
        case when state = ${APPROVED} then ${`${item}_approved`} else ${`${item}_rejected`} end as kind,
        amount_cents as cents
      from ${sql.identifier(table)}
      where state in (${APPROVED}, ${REJECTED}) and reviewed_by <> '' and ${within(sql`reviewed_at`, span)}`;
  const found = await rows<WorkFact>(
    db,
    sql`with facts as (
      ${reviewed('deposits', 'deposit')}
      union all ${reviewed('withdrawals', 'withdrawal')}
      union all
      select coalesce(after->>'maker_name', operator_name), 'adjust_' || (after->>'direction'),
        round((after->>'amount')::numeric * 100)::bigint
      from audit_log where action = 'member.adjust' and ${within(sql`at`, span)}
      union all
      select checker_name, 'approval', 0 from approvals
      where status in ('approved', 'rejected', 'failed') and checker_name <> ''
        and ${within(sql`checked_at`, span)}
      union all
      select risk_by, 'risk', 0 from withdrawals where risk_by <> '' and ${within(sql`risk_at`, span)}
      union all
      select reviewed_by, 'application', 0 from activity_applications
      where state in (${APPROVED}, ${REJECTED}) and reviewed_by <> '' and ${within(sql`reviewed_at`, span)}
    )
    select f.op, o.role, f.kind, count(*)::int as n, sum(f.cents)::text as cents
    from facts f left join operators o on lower(o.name) = lower(f.op)
    group by f.op, o.role, f.kind order by f.op, f.kind`,
  );
  return found.map((r) => ({ ...r, n: Number(r.n) }));
}

/** 操作员工作量: one row per operator who did anything in the range, by name. */
export async function reportOperators(db: Db, from: string, to: string): Promise<ReportOperatorRow[]> {
  const facts = await workFacts(db, from, to);
  const names = [...new Set(facts.map((f) => f.op))];
  return names.map((op) => {
    const mine = facts.filter((f) => f.op === op);
    const role = mine.find((f) => f.role)?.role as OperatorRole | undefined;
    const n = (kind: string) => mine.find((f) => f.kind === kind)?.n ?? 0;
    const cents = (kind: string) => BigInt(mine.find((f) => f.kind === kind)?.cents ?? '0');
    const money = (kind: string) => formatCents(cents(kind));
    return {
      operator: op,
      role: role ? (OPERATOR_ROLE_LABELS[role] ?? '') : '',
      deposits_approved: n('deposit_approved'),
      deposits_approved_amount: money('deposit_approved'),
      deposits_rejected: n('deposit_rejected'),
      withdrawals_approved: n('withdrawal_approved'),
      withdrawals_approved_amount: money('withdrawal_approved'),
      withdrawals_rejected: n('withdrawal_rejected'),
      withdrawals_rejected_amount: money('withdrawal_rejected'),
      adjustments: n('adjust_credit') + n('adjust_debit'),
      adjust_in: money('adjust_credit'),
      adjust_out: money('adjust_debit'),
      approvals_reviewed: n('approval'),
      applications_reviewed: n('application'),
      risk_reviewed: n('risk'),
    };
  });
}

interface ActivityFact {
  id: number;
  title: string;
  applications: number;
  approved: number;
  rejected: number;
  paid_count: number;
  paid_cents: string;
  members_paid: number;
}

/**
 * 活动成本: per activity, applications (made in the range), approvals and rejections (reviewed in it)
 * and the bonuses the ledger paid in it: the member wallet's entries, whose reference names the
 * activity (`activity:<id>#<application>`).
 */
export async function reportActivities(db: Db, from: string, to: string): Promise<ReportActivityRow[]> {
  const { span } = rangeOf(from, to);
  const { reason } = REPORT_LEDGER.bonuses;
  const found = await rows<ActivityFact>(
    db,
    sql`with apps as (
      select activity_id::text as id,
        count(*) filter (where ${within(sql`created_at`, span)}) as applications,
        count(*) filter (where state = ${APPROVED} and ${within(sql`reviewed_at`, span)}) as approved,
        count(*) filter (where state = ${REJECTED} and ${within(sql`reviewed_at`, span)}) as rejected
      from activity_applications
      where ${within(sql`created_at`, span)} or ${within(sql`reviewed_at`, span)}
      group by 1
    ), paid as (
      select split_part(split_part(e.reference, ':', 2), '#', 1) as id, count(*) as n,
        sum(e.amount_cents) as cents, count(distinct w.user_id) as members
      from ledger_entries e join wallets w on w.id = e.wallet_id
      where e.reason = ${reason} and e.reference ~ '^activity:[0-9]+#' and ${within(sql`e.created_at`, span)}
      group by 1
    )
    select a.id, a.title, coalesce(p.applications, 0)::int as applications,
      coalesce(p.approved, 0)::int as approved, coalesce(p.rejected, 0)::int as rejected,
      coalesce(x.n, 0)::int as paid_count, coalesce(x.cents, 0)::text as paid_cents,
      coalesce(x.members, 0)::int as members_paid
    from activities a left join apps p on p.id = a.id::text left join paid x on x.id = a.id::text
    where p.id is not null or x.id is not null
    order by a.sort, a.id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    title: r.title,
    applications: Number(r.applications),
    approved: Number(r.approved),
    rejected: Number(r.rejected),
    paid_count: Number(r.paid_count),
    paid_amount: formatCents(BigInt(r.paid_cents)),
    members_paid: Number(r.members_paid),
  }));
}
