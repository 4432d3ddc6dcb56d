/* 待复核 (maker–checker): changes one operator asks for that take effect only when a second operator,
 * of a role allowed to approve that kind, approves them; and the risk controls (控制设置) that say
 * which changes need it. Both names, both times and the reason go to the audit log. */
import * as z from 'zod/mini';
import { AmountField } from './codecs';
import {
  defineConsoleCall,
  OPERATOR_ROLE_LABELS,
  PageQuery,
  type ConsoleCallDef,
  type OperatorRole,
} from './console-define';
import { WholeNumber } from './ops-fields';

export const APPROVAL_KINDS = [
  'member.adjust',
  'payment.method',
  'payment.cardCreate',
  'payment.cardUpdate',
  'activity.create',
  'activity.update',
  'operator.create',
  'operator.update',
  'operator.reset',
  'controls',
  'lottery.cancelRound',
  'deposit.late',
  'agent.payStatement',
  'site.addresses',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  'member.adjust': '调整余额',
  'payment.method': '收款账户',
  'payment.cardCreate': '新增收款银行卡',
  'payment.cardUpdate': '修改收款银行卡',
  'activity.create': '新建活动（高额封顶）',
  'activity.update': '修改活动（高额封顶）',
  'operator.create': '新建操作员',
  'operator.update': '更改操作员角色',
  'operator.reset': '重置操作员',
  controls: '风控设置',
  'lottery.cancelRound': '撤销期号',
  'deposit.late': '补单',
  'agent.payStatement': '发放代理佣金',
  'site.addresses': '更改站点地址',
};

/** Who may approve each kind (never the operator who asked for it; 超级管理员 always may). */
export const APPROVER_ROLES: Record<ApprovalKind, readonly OperatorRole[]> = {
  'member.adjust': ['finance'],
  'payment.method': ['finance'],
  'payment.cardCreate': ['finance'],
  'payment.cardUpdate': ['finance'],
  'activity.create': ['finance'],
  'activity.update': ['finance'],
  'operator.create': [],
  'operator.update': [],
  'operator.reset': [],
  controls: [],
  'lottery.cancelRound': ['finance'],
  'deposit.late': ['finance'],
  'agent.payStatement': ['finance'],
  'site.addresses': [],
};

export const mayApprove = (role: OperatorRole, kind: ApprovalKind) =>
  role === 'admin' || APPROVER_ROLES[kind].includes(role);

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'failed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: '待复核',
  approved: '已通过',
  rejected: '已驳回',
  cancelled: '已撤回',
  failed: '未能生效',
};

export const MSG_APPROVAL_SELF = '不能复核自己提交的变更，请由另一位操作员复核';
export const MSG_APPROVAL_ROLE = '你的角色不能复核此类变更';
export const MSG_APPROVAL_DONE = '该变更已被处理，请刷新';
export const MSG_APPROVAL_MISSING = '复核单不存在';
export const MSG_APPROVAL_NOT_MAKER = '只能撤回自己提交的变更';
export const MSG_APPROVAL_NOTE = '请填写驳回原因';

/** What a call answers when its change went to 待复核 instead of taking effect. */
export const ReviewTicket = z.object({
  review_id: z.number(),
  /** The queue's line for it, e.g. '给会员 alice 加款 48,000.00（不计打码量）'. */
  summary: z.string(),
});
export type ReviewTicket = z.output<typeof ReviewTicket>;

export const isReviewTicket = (data: unknown): data is ReviewTicket =>
  typeof data === 'object' && data !== null && 'review_id' in data;

/** The message a maker reads when the change waits for a second operator. */
export const reviewSubmittedMessage = (kind: ApprovalKind) =>
  `已提交复核（${APPROVAL_KIND_LABELS[kind]}），另一位${approverNames(kind)}通过后生效`;

const approverNames = (kind: ApprovalKind) =>
  [...APPROVER_ROLES[kind], 'admin' as const].map((r) => OPERATOR_ROLE_LABELS[r]).join('或');

export const ApprovalItem = z.object({
  id: z.number(),
  kind: z.enum(APPROVAL_KINDS),
  summary: z.string(),
  reason: z.string(),
  maker_name: z.string(),
  made_at: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  checker_name: z.string(),
  checked_at: z.nullable(z.string()),
  check_note: z.string(),
  /** What the change answered, in words (the balance after, or why it could not apply). */
  result: z.string(),
  /** The signed-in operator made it (may withdraw it, may not approve it). */
  mine: z.boolean(),
  /** The signed-in operator may approve or reject it. */
  may_decide: z.boolean(),
});
export type ApprovalItem = z.output<typeof ApprovalItem>;

export const APPROVAL_VIEWS = ['pending', 'done'] as const;

/** The queue: pending ones (oldest first) or the decided ones (newest first). */
export const consoleApprovals = defineConsoleCall({
  name: 'consoleApprovals',
  method: 'GET',
  path: '/approvals',
  roles: ['finance', 'content'],
  request: z.object({ view: z._default(z.enum(APPROVAL_VIEWS, '列表无效'), 'pending'), ...PageQuery }),
  response: z.object({ total: z.number(), pending: z.number(), items: z.array(ApprovalItem) }),
});

/** Approves (the change runs now) or rejects (with a note) a pending change. */
export const consoleDecideApproval = defineConsoleCall({
  name: 'consoleDecideApproval',
  method: 'POST',
  path: '/approvals/decide',
  roles: ['finance'],
  request: z.object({
    id: WholeNumber(1, 2_147_483_647),
    approve: z.boolean({ error: '请选择通过或驳回' }),
    note: z._default(z.string().check(z.trim(), z.maxLength(200, '备注最多200个字')), ''),
  }),
  response: z.object({
    item: ApprovalItem,
    /** A one-time password the change made (a new or reset operator), shown once, to the checker. */
    password: z.optional(z.string()),
  }),
});

/** The maker withdraws its own pending change. */
export const consoleCancelApproval = defineConsoleCall({
  name: 'consoleCancelApproval',
  method: 'POST',
  path: '/approvals/cancel',
  roles: ['finance', 'content'],
  request: z.object({ id: WholeNumber(1, 2_147_483_647) }),
  response: ApprovalItem,
});

/* Risk controls ------------------------------------------------------------------------------------ */

export const CONTROL_HOLD_HOURS_MAX = 168;
export const MSG_CONTROL_HOLD_HOURS = `暂缓时长须为0到${CONTROL_HOLD_HOURS_MAX}小时的整数`;

const Amount = z.string();

export const ControlsView = z.object({
  adjust_review_above: Amount,
  bonus_cap_review_above: Amount,
  daily_adjust: Amount,
  daily_approve: Amount,
  withdrawal_hold_hours: z.number(),
  /** What the signed-in operator has used today. */
  used_adjust: Amount,
  used_approve: Amount,
});
export type ControlsView = z.output<typeof ControlsView>;

export const consoleControls = defineConsoleCall({
  name: 'consoleControls',
  method: 'GET',
  path: '/controls',
  roles: ['finance', 'content'],
  request: z.object({}),
  response: ControlsView,
});

/** Always goes to 待复核: another 超级管理员 approves it. */
export const consoleSaveControls = defineConsoleCall({
  name: 'consoleSaveControls',
  method: 'POST',
  path: '/controls',
  roles: [],
  request: z.object({
    adjust_review_above: AmountField('请输入需复核的调整金额'),
    bonus_cap_review_above: AmountField('请输入需复核的活动封顶金额'),
    daily_adjust: AmountField('请输入每人每日调整上限'),
    daily_approve: AmountField('请输入每人每日审核上限'),
    withdrawal_hold_hours: z.coerce
      .number<number | string>({ error: MSG_CONTROL_HOLD_HOURS })
      .check(
        z.int(MSG_CONTROL_HOLD_HOURS),
        z.minimum(0, MSG_CONTROL_HOLD_HOURS),
        z.maximum(CONTROL_HOLD_HOURS_MAX, MSG_CONTROL_HOLD_HOURS),
      ),
  }),
  response: ReviewTicket,
});

export const APPROVALS_AUDIT_ACTIONS: Record<string, string> = {
  'approval.submit': '提交复核',
  'approval.approve': '复核通过',
  'approval.reject': '复核驳回',
  'approval.cancel': '撤回复核',
  'approval.failed': '复核通过但未能生效',
  'controls.update': '修改风控设置',
};
export const APPROVALS_AUDIT_TARGETS: Record<string, string> = { approval: '复核单', controls: '风控设置' };

export const CONSOLE_APPROVALS_CALLS: readonly ConsoleCallDef[] = [
  consoleApprovals,
  consoleDecideApproval,
  consoleCancelApproval,
  consoleControls,
  consoleSaveControls,
];
