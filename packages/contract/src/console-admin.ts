/* Console calls: dashboard, audit log and operators. */
import * as z from 'zod/mini';
import { CONTENT_AUDIT_ACTIONS, CONTENT_AUDIT_TARGETS } from './console-content';
import { PAYMENTS_AUDIT_ACTIONS, PAYMENTS_AUDIT_TARGETS } from './console-payments';
import { SITE_AUDIT_ACTIONS, SITE_AUDIT_TARGETS } from './console-site';
import { PROMO_AUDIT_ACTIONS, PROMO_AUDIT_TARGETS } from './console-promo';
import { LOTTERY_AUDIT_ACTIONS, LOTTERY_AUDIT_TARGETS } from './console-lottery';
import { CHAT_AUDIT_ACTIONS, CHAT_AUDIT_TARGETS } from './console-chat';
import { REPORTS_AUDIT_ACTIONS, REPORTS_AUDIT_TARGETS } from './console-reports';
import { RISK_AUDIT_ACTIONS, RISK_AUDIT_TARGETS } from './console-risk';
import { parseDateTime } from './codecs';
import { OperatorName } from './console-auth';
import {
  OperatorRoleSchema,
  OPERATOR_ROLES,
  PageQuery,
  defineConsoleCall,
  type ConsoleCallDef,
} from './console-define';
import { OPS_ID_MAX, WholeNumber } from './ops-fields';
import { APPROVALS_AUDIT_ACTIONS, APPROVALS_AUDIT_TARGETS, ReviewTicket } from './console-approvals';
import { ANNOTATIONS_AUDIT_ACTIONS, ANNOTATIONS_AUDIT_TARGETS } from './console-annotations';
import { SEGMENTS_AUDIT_ACTIONS, SEGMENTS_AUDIT_TARGETS } from './console-segments';
import { BLACKLIST_AUDIT_ACTIONS, BLACKLIST_AUDIT_TARGETS } from './console-blacklist';
import { AGENTS_AUDIT_ACTIONS, AGENTS_AUDIT_TARGETS } from './console-agents';
import { SUPPORT_AUDIT_ACTIONS, SUPPORT_AUDIT_TARGETS } from './console-support';

/* Dashboard ------------------------------------------------------------------------------------- */

/** A queue's or a day's figure: how many, and how much money (decimal string, two places). */
const CountAndSum = z.object({ count: z.number(), amount: z.string() });

/** Members count as online when a session of theirs was used this recently. */
export const ONLINE_WINDOW_MINUTES = 5;

/** What waits for review, and the Beijing day's figures so far. */
export const consoleDashboard = defineConsoleCall({
  name: 'consoleDashboard',
  method: 'GET',
  path: '/dashboard',
  roles: ['finance', 'support', 'content', 'risk'],
  request: z.object({}),
  response: z.object({
    pending: z.object({
      deposits: CountAndSum,
      withdrawals: CountAndSum,
      /** Pending withdrawals waiting for 风控. */
      risk_withdrawals: CountAndSum,
      activity_applications: z.number(),
      agent_applications: z.number(),
    }),
    today: z.object({
      /** The Beijing day, YYYY-MM-DD. */
      day: z.string(),
      /** Deposits approved today. */
      deposits: CountAndSum,
      /** Withdrawals paid out (approved) today. */
      withdrawals: CountAndSum,
      new_members: z.number(),
      /** Distinct members whose session was used in the last ONLINE_WINDOW_MINUTES minutes. */
      online_members: z.number(),
    }),
  }),
});
export type Dashboard = z.output<typeof consoleDashboard.response>;

/* Audit log ------------------------------------------------------------------------------------- */

/** Every audit action with its label: the console's own ('<target>.<verb>') and the command line's (its call names). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'deposit.approve': '存款审核通过',
  'deposit.reject': '存款审核拒绝',
  'withdrawal.approve': '取款审核通过',
  'withdrawal.reject': '取款审核拒绝',
  'deposit.claim': '领取存款订单',
  'deposit.release': '释放存款订单',
  'deposit.late': '补单入账',
  'withdrawal.claim': '领取取款订单',
  'withdrawal.release': '释放取款订单',
  'activity.approve': '活动申请通过',
  'activity.reject': '活动申请拒绝',
  'agent.approve': '代理申请通过',
  'agent.reject': '代理申请拒绝',
  'member.read': '查看会员资料',
  'member.block': '冻结会员',
  'member.unblock': '解冻会员',
  'member.adjust': '调整余额',
  'member.adjustReplay': '重复提交余额调整（未再入账）',
  'member.resetPassword': '重置登录密码',
  'member.resetPayPassword': '重置支付密码',
  'member.unlockPayPassword': '解除支付密码锁定',
  'member.message': '发送站内信',
  'member.tightenLimit': '收紧会员限额',
  'member.liftExclusion': '解除自我排除',
  'operator.create': '创建操作员',
  'operator.update': '修改操作员',
  'operator.reset': '重置操作员',
  'operator.signIn': '操作员登录',
  'operator.signInFailed': '登录失败（用户名或密码错误）',
  'operator.totpFailed': '登录失败（动态验证码错误）',
  'operator.lockedOut': '登录尝试过多，已暂停',
  'operator.signOut': '退出登录',
  'operator.firstPassword': '首次登录设置密码',
  'operator.enrollTotp': '绑定动态验证码',
  'operator.changePassword': '修改密码',
  'operator.changePasswordFailed': '修改密码失败（原密码错误）',
  // The command line: every write is recorded under its call's name.
  opsUsers: '查询会员（命令行）',
  opsBlockUser: '冻结/解冻会员（命令行）',
  opsResetMemberPassword: '重置会员密码（命令行）',
  opsMaintenance: '维护模式（命令行）',
  opsSiteUrls: '站点地址设置（命令行）',
  opsSendMessage: '发送站内信（命令行）',
  opsCreateOperator: '创建操作员（命令行）',
  opsResetOperator: '重置操作员（命令行）',
  opsPayMethods: '查询支付方式（命令行）',
  opsSetPayMethod: '修改支付方式（命令行）',
  opsDeposits: '查询存款（命令行）',
  opsApproveDeposit: '存款审核通过（命令行）',
  opsRejectDeposit: '存款审核拒绝（命令行）',
  opsWithdrawals: '查询取款（命令行）',
  opsApproveWithdrawal: '取款审核通过（命令行）',
  opsRejectWithdrawal: '取款审核拒绝（命令行）',
  opsRecordBet: '录入有效投注（命令行）',
  opsLedgerCheck: '账目核对（命令行）',
  opsCreditWallet: '钱包加款（命令行）',
  opsLotteryRounds: '查询彩票期数（命令行）',
  opsDrawLottery: '彩票开奖（命令行）',
  opsActivityApplications: '查询活动申请（命令行）',
  opsApproveActivity: '活动申请通过（命令行）',
  opsRejectActivity: '活动申请拒绝（命令行）',
  opsAgentApplications: '查询代理申请（命令行）',
  opsApproveAgent: '代理申请通过（命令行）',
  opsRejectAgent: '代理申请拒绝（命令行）',
  opsComputeRebates: '计算返水（命令行）',
  opsRunVip: 'VIP晋级（命令行）',
  opsPromoDaily: '每日任务（命令行）',
  'upload.image': '上传图片',
  ...CONTENT_AUDIT_ACTIONS,
  ...PAYMENTS_AUDIT_ACTIONS,
  ...SITE_AUDIT_ACTIONS,
  ...PROMO_AUDIT_ACTIONS,
  ...LOTTERY_AUDIT_ACTIONS,
  ...CHAT_AUDIT_ACTIONS,
  ...REPORTS_AUDIT_ACTIONS,
  ...RISK_AUDIT_ACTIONS,
  ...APPROVALS_AUDIT_ACTIONS,
  ...ANNOTATIONS_AUDIT_ACTIONS,
  ...SEGMENTS_AUDIT_ACTIONS,
  ...BLACKLIST_AUDIT_ACTIONS,
  ...AGENTS_AUDIT_ACTIONS,
  ...SUPPORT_AUDIT_ACTIONS,
};

/** What an audit row is about (its target_type). */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  deposit: '存款',
  withdrawal: '取款',
  activityApplication: '活动申请',
  agentApplication: '代理申请',
  member: '会员',
  operator: '操作员',
  upload: '图片',
  ...CONTENT_AUDIT_TARGETS,
  ...PAYMENTS_AUDIT_TARGETS,
  ...SITE_AUDIT_TARGETS,
  ...PROMO_AUDIT_TARGETS,
  ...LOTTERY_AUDIT_TARGETS,
  ...CHAT_AUDIT_TARGETS,
  ...REPORTS_AUDIT_TARGETS,
  ...RISK_AUDIT_TARGETS,
  ...APPROVALS_AUDIT_TARGETS,
  ...ANNOTATIONS_AUDIT_TARGETS,
  ...SEGMENTS_AUDIT_TARGETS,
  ...BLACKLIST_AUDIT_TARGETS,
  ...AGENTS_AUDIT_TARGETS,
  ...SUPPORT_AUDIT_TARGETS,
};

/** An action's label; an unknown one (a newer server) shows as it is. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
export const auditTargetLabel = (type: string) => AUDIT_TARGET_LABELS[type] ?? type;

export const MSG_AUDIT_TIME = '时间格式：YYYY-MM-DD HH:mm:ss';
/** A Beijing time `YYYY-MM-DD HH:mm:ss` (a bound of the audit log's time filter). */
const BeijingTime = z.string().check(z.refine((v) => parseDateTime(v) !== null, MSG_AUDIT_TIME));
const Filter = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, '筛选条件过长')));

/** The audit log, newest first, filtered by operator name, action, target and time (Beijing, inclusive). */
export const consoleAudit = defineConsoleCall({
  name: 'consoleAudit',
  method: 'GET',
  path: '/audit',
  roles: [],
  request: z.object({
    ...PageQuery,
    operator: Filter(64),
    action: Filter(64),
    target_type: Filter(64),
    target_id: Filter(64),
    from: z.optional(BeijingTime),
    to: z.optional(BeijingTime),
  }),
  response: z.object({
    rows: z.array(
      z.object({
        id: z.number(),
        /** Beijing time, Y-m-d H:i:s. */
        at: z.string(),
        /** Null for the command line. */
        operator_id: z.nullable(z.number()),
        operator_name: z.string(),
        action: z.string(),
        target_type: z.string(),
        target_id: z.string(),
        before: z.unknown(),
        after: z.unknown(),
        ip: z.string(),
      }),
    ),
    total: z.number(),
  }),
});
export type AuditRow = z.output<typeof consoleAudit.response>['rows'][number];

/* Operators ------------------------------------------------------------------------------------- */

export const MSG_LAST_ADMIN = '至少需要保留一名启用的超级管理员';
export const MSG_DISABLE_SELF = '不能停用自己的账号';
export const MSG_RESET_SELF = '不能重置自己的账号，请使用修改密码';
export const MSG_OPERATOR_MISSING = '操作员不存在';

const OperatorItem = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totp_enabled: z.boolean(),
  disabled: z.boolean(),
  /** Still on a one-time password (never signed in since created or reset). */
  must_change_password: z.boolean(),
  /** Beijing time, Y-m-d H:i:s; null: never signed in. */
  last_login_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type OperatorItem = z.output<typeof OperatorItem>;

export const consoleOperators = defineConsoleCall({
  name: 'consoleOperators',
  method: 'GET',
  path: '/operators',
  roles: [],
  request: z.object({}),
  response: z.object({ rows: z.array(OperatorItem) }),
});

export const consoleCreateOperator = defineConsoleCall({
  name: 'consoleCreateOperator',
  method: 'POST',
  path: '/operators/create',
  roles: [],
  request: z.object({ name: OperatorName, role: OperatorRoleSchema }),
  /** Always 待复核: another 超级管理员 approves it and is shown the one-time password. */
  response: ReviewTicket,
});

/** Changes an operator's role or disables / enables it (its sessions end at once). */
export const consoleUpdateOperator = defineConsoleCall({
  name: 'consoleUpdateOperator',
  method: 'POST',
  path: '/operators/update',
  roles: [],
  request: z.object({
    id: WholeNumber(1, OPS_ID_MAX),
    role: z.optional(OperatorRoleSchema),
    disabled: z.optional(z.boolean()),
  }),
  /** Disabling or enabling applies now; a role change goes to 待复核 (its ticket). */
  response: z.union([OperatorItem, ReviewTicket]),
});

/** A new one-time password and a new TOTP enrolment (a lost phone); its sessions end at once. */
export const consoleResetOperator = defineConsoleCall({
  name: 'consoleResetOperator',
  method: 'POST',
  path: '/operators/reset',
  roles: [],
  request: z.object({ id: WholeNumber(1, OPS_ID_MAX) }),
  /** Always 待复核: another 超级管理员 approves it and is shown the one-time password. */
  response: ReviewTicket,
});

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_ADMIN_CALLS: readonly ConsoleCallDef[] = [
  consoleDashboard,
  consoleAudit,
  consoleOperators,
  consoleCreateOperator,
  consoleUpdateOperator,
  consoleResetOperator,
];
