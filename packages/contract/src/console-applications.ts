/* Console calls: activity and agent applications review. */
import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS, reject, toCents } from './codecs';
import {
  defineConsoleCall,
  PageQuery,
  ReviewedBy,
  ReviewReason,
  type ConsoleCallDef,
} from './console-define';
import { REVIEW_STATE_OPERATOR_LABELS, REVIEW_STATES } from './enums';
import { OPS_ID_MAX, WholeNumber } from './ops-fields';

/** Which applications a queue lists: pending (default), approved, rejected or all of them. */
export const APPLICATION_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];
export const APPLICATION_FILTER_LABELS: Record<ApplicationFilter, string> = {
  pending: REVIEW_STATE_OPERATOR_LABELS[REVIEW_STATES.pending],
  approved: REVIEW_STATE_OPERATOR_LABELS[REVIEW_STATES.approved],
  rejected: REVIEW_STATE_OPERATOR_LABELS[REVIEW_STATES.rejected],
  all: '全部',
};
const ListQuery = z.object({
  state: z._default(z.enum(APPLICATION_FILTERS, '状态无效'), 'pending'),
  ...PageQuery,
});
const Id = WholeNumber(1, OPS_ID_MAX);

/** What an activity's bonus is computed from (server: db/schema/promo.ts BONUS_BASES). */
export const BONUS_BASIS_LABELS: Record<string, string> = {
  first_deposit: '首笔存款',
  latest_deposit: '最近一笔存款',
  net_loss: '上周末净亏损',
  manual: '人工核定',
  none: '系统自动发放',
};
/** Deposit pay ways an activity may require. */
export const PAY_TYPE_LABELS: Record<string, string> = {
  bank: '银行卡',
  usdt: 'USDT',
  wxpay: '微信',
  wechat: '微信',
  alipay: '支付宝',
};

export const MSG_BONUS_AMOUNT = '请输入正确的彩金金额（大于0，最多两位小数）';

/** The activity's bonus rule as the operator reads it; money in yuan, percent as 38 or 2.5. */
const BonusRuleView = z.object({
  basis: z.string(),
  percent: z.number(),
  /** '0.00': no cap. */
  cap: z.string(),
  min_deposit: z.string(),
  /** '' any pay way. */
  pay_type: z.string(),
  turnover_multiple: z.number(),
  /** bonus: 彩金 × 倍数; deposit_bonus: （存款 + 彩金）× 倍数. */
  turnover_basis: z.string(),
  /** How much of each game counts toward the turnover, in words (turnover.ts weightsText). */
  weights: z.string(),
});
export type BonusRuleView = z.output<typeof BonusRuleView>;

const ActivityApplication = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  activity_id: z.number(),
  activity_title: z.string(),
  /** 1 pending, 2 approved, 3 rejected. */
  state: z.number(),
  created_at: z.string(),
  rule: BonusRuleView,
  /** The deposit the rule counts now (pending) or was computed from (approved); null: none. */
  deposit: z.nullable(z.object({ amount: z.string(), at: z.nullable(z.string()) })),
  /** A relief's weekend net loss (yuan) and its Saturday; null for other rules. */
  loss: z.nullable(z.object({ amount: z.string(), weekend: z.string() })),
  /** The rule's bonus for that deposit and the turnover it would add ('' when the rule gives none). */
  suggested_bonus: z.string(),
  suggested_turnover: z.string(),
  /** What approving it is refused with ('' when it may be approved). */
  refusal: z.string(),
  /** Paid (approved): the bonus and the turnover it added; '' otherwise. */
  bonus: z.string(),
  turnover: z.string(),
  /** Pending: the member's linked accounts (console-risk.ts) that already had this activity. */
  linked_claims: z.array(z.object({ user_id: z.number(), username: z.string() })),
  ...ReviewedBy.shape,
});
export type ActivityApplication = z.output<typeof ActivityApplication>;

const AgentApplication = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string(),
  /** The member's own words: render as text. */
  reason: z.string(),
  state: z.number(),
  /** 1 when the member is an agent now. */
  isagent: z.number(),
  created_at: z.string(),
  ...ReviewedBy.shape,
});
export type AgentApplication = z.output<typeof AgentApplication>;

const Reviewed = z.object({ id: z.number(), state: z.number(), ...ReviewedBy.shape });

/** A bonus amount the operator typed (yuan, up to two places) → cents. */
const BonusAmount = z.pipe(
  z.union([z.string().check(z.maxLength(32, MSG_BONUS_AMOUNT)), z.number()], { error: MSG_BONUS_AMOUNT }),
  z.transform((value, ctx) => {
    const text = String(value).trim();
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? toCents(text) : null;
    return cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS ? reject(ctx, MSG_BONUS_AMOUNT) : cents;
  }),
);

const ROLES_ACTIVITY = ['finance', 'content'] as const;
const ROLES_AGENT = ['content', 'support'] as const;

/** Activity applications, newest first, with each one's rule, deposit and suggested bonus. */
export const consoleActivityApplications = defineConsoleCall({
  name: 'consoleActivityApplications',
  method: 'GET',
  path: '/applications/activity',
  roles: ROLES_ACTIVITY,
  request: ListQuery,
  response: z.object({ items: z.array(ActivityApplication), total: z.number() }),
});

/** Approves a pending application and pays `amount` (≤ the activity's cap); 409 when reviewed already. */
export const consoleApproveActivity = defineConsoleCall({
  name: 'consoleApproveActivity',
  method: 'POST',
  path: '/applications/activity/approve',
  roles: ROLES_ACTIVITY,
  request: z.object({ id: Id, amount: BonusAmount }),
  response: z.object({ ...Reviewed.shape, bonus: z.string(), turnover: z.string() }),
});

export const consoleRejectActivity = defineConsoleCall({
  name: 'consoleRejectActivity',
  method: 'POST',
  path: '/applications/activity/reject',
  roles: ROLES_ACTIVITY,
  request: z.object({ id: Id, reason: ReviewReason }),
  response: Reviewed,
});

export const consoleAgentApplications = defineConsoleCall({
  name: 'consoleAgentApplications',
  method: 'GET',
  path: '/applications/agent',
  roles: ROLES_AGENT,
  request: ListQuery,
  response: z.object({ items: z.array(AgentApplication), total: z.number() }),
});

/** Approves a pending agent application: the member becomes an agent. */
export const consoleApproveAgent = defineConsoleCall({
  name: 'consoleApproveAgent',
  method: 'POST',
  path: '/applications/agent/approve',
  roles: ROLES_AGENT,
  request: z.object({ id: Id }),
  response: Reviewed,
});

export const consoleRejectAgent = defineConsoleCall({
  name: 'consoleRejectAgent',
  method: 'POST',
  path: '/applications/agent/reject',
  roles: ROLES_AGENT,
  request: z.object({ id: Id, reason: ReviewReason }),
  response: Reviewed,
});

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_APPLICATIONS_CALLS: readonly ConsoleCallDef[] = [
  consoleActivityApplications,
  consoleApproveActivity,
  consoleRejectActivity,
  consoleAgentApplications,
  consoleApproveAgent,
  consoleRejectAgent,
];
