/* Console calls: deposits and withdrawals review. Amounts are yuan with two decimals ("100.00"). */
import * as z from 'zod/mini';
import {
  defineConsoleCall,
  PageQuery,
  ReviewReason,
  type ConsoleCallDef,
  type OperatorRole,
} from './console-define';
import { REVIEW_STATE_OPERATOR_LABELS, REVIEW_STATES } from './enums';
import { WholeNumber, OPS_ID_MAX } from './ops-fields';
import {
  WithdrawalFilterFields,
  withdrawalFilterProblem,
  WithdrawalHold,
  WithdrawalMemberFacts,
} from './withdrawal-review';
import { WithdrawalRisk } from './console-risk';

/** Who reviews money: 财务 (and 超级管理员). */
export const MONEY_ROLES: readonly OperatorRole[] = ['finance'];
/** Who reads the withdrawal queue and may reject: 财务 and 风控 (only 财务 pays out). */
const WITHDRAWAL_READ_ROLES: readonly OperatorRole[] = ['finance', 'risk'];

/**
 * Separation of duties: an operator may not approve the withdrawal of a member whose balance it
 * adjusted, whose bonus it approved or whose password it reset within this many days.
 */
export const SEPARATION_DAYS = 7;
const anotherReviewer = '，请由其他财务审核此提款';
export const MSG_SEPARATION = {
  adjusted: `你在${SEPARATION_DAYS}天内调整过该会员的余额${anotherReviewer}`,
  bonus: `你在${SEPARATION_DAYS}天内审批过该会员的活动彩金${anotherReviewer}`,
  reset: `你在${SEPARATION_DAYS}天内重置过该会员的密码${anotherReviewer}`,
} as const;

/** Review states a queue can show: 0 all, 1 pending (default), 2 approved, 3 rejected. */
export const MONEY_STATE_ALL = 0;
const { pending, approved, rejected } = REVIEW_STATES;
export const MONEY_STATE_FILTERS = [
  { value: pending, label: REVIEW_STATE_OPERATOR_LABELS[pending] },
  { value: approved, label: REVIEW_STATE_OPERATOR_LABELS[approved] },
  { value: rejected, label: REVIEW_STATE_OPERATOR_LABELS[rejected] },
  { value: MONEY_STATE_ALL, label: '全部' },
] as const;

/**
 * Members' uploads (deposit vouchers, WeChat QR codes of withdrawals) as the console serves them to a
 * 财务 session: this prefix and the upload's path (`ab…12.png`). Rows carry the full URL.
 */
export const CONSOLE_UPLOAD_PREFIX = '/api/uploads/';

/** The method of a deposit in Chinese (USDT with its protocol). */
export function depositMethodLabel(paytype: string, protocol: string): string {
  switch (paytype) {
    case 'bank':
      return '银行卡转账';
    case 'usdt':
      return `USDT-${protocol.toUpperCase()}`;
    case 'wxpay':
      return '微信支付';
    case 'alipay':
      return '支付宝';
    default:
      return paytype;
  }
}

/** The kind of a withdrawal in Chinese. */
export const WITHDRAWAL_KIND_LABELS: Record<string, string> = {
  bank: '银行卡',
  usdt: 'USDT',
  alipay: '支付宝',
  wechat: '微信',
};

const Reviewed = {
  state: z.number(),
  created_at: z.string(),
  reviewed_by: z.string(),
  reviewed_at: z.nullable(z.string()),
  review_note: z.string(),
  /** Who holds a pending item's live claim (领取, console-queue.ts) and until when; absent or '' / null: nobody. */
  claimed_by: z.optional(z.string()),
  claim_expires_at: z.optional(z.nullable(z.string())),
};

export const ConsoleDepositRow = z.object({
  id: z.number(),
  deposit_no: z.string(),
  user_id: z.number(),
  username: z.string(),
  /** The member's real name ('' when never given). */
  realname: z.string(),
  /** bank, usdt, wxpay, alipay. */
  paytype: z.string(),
  /** TRC20 / ERC20 for USDT, else ''. */
  protocol: z.string(),
  amount: z.string(),
  /** USDT due ('0.00' for other methods). */
  usdt_amount: z.string(),
  payer_name: z.string(),
  payer_bank: z.string(),
  payer_card_no: z.string(),
  /** The voucher's console URL (CONSOLE_UPLOAD_PREFIX…), '' when none was sent. */
  voucher_url: z.string(),
  ...Reviewed,
});
export type ConsoleDepositRow = z.infer<typeof ConsoleDepositRow>;

export const ConsoleWithdrawalRow = z.object({
  id: z.number(),
  order_no: z.string(),
  user_id: z.number(),
  username: z.string(),
  /** bank, usdt, alipay, wechat. */
  kind: z.string(),
  amount: z.string(),
  /** Card number, USDT address or Alipay account ('' for WeChat: see qr_url). */
  account: z.string(),
  /** Card holder or Alipay name; the protocol for USDT. */
  account_name: z.string(),
  /** The bank of a card ('' otherwise). */
  bank: z.string(),
  /** The WeChat QR code's console URL ('' otherwise). */
  qr_url: z.string(),
  /** USDT: fee and amount received, in USDT ('0.00' otherwise). */
  usdt_fee: z.string(),
  usdt_receive: z.string(),
  /** Account-takeover holds of a pending withdrawal (withdrawal-review.ts); [] when none or reviewed. */
  holds: z.array(WithdrawalHold),
  /** The risk score when it was made and the 风控 state (console-risk.ts RISK_STATES). */
  risk_score: z.number(),
  risk_state: z.number(),
  ...Reviewed,
});
export type ConsoleWithdrawalRow = z.infer<typeof ConsoleWithdrawalRow>;

/** The withdrawal queue's query: state, page and the filters of withdrawal-review.ts. */
const WithdrawalListQuery = z
  .object({ state: z._default(WholeNumber(0, 3), 1), ...PageQuery, ...WithdrawalFilterFields })
  .check(
    z.superRefine((q, ctx) => {
      const problem = withdrawalFilterProblem(q);
      if (problem)
        ctx.issues.push({ code: 'custom', message: problem.message, path: [problem.path], input: q });
    }),
  );
export type WithdrawalListQuery = z.output<typeof WithdrawalListQuery>;
const Id = WholeNumber(1, OPS_ID_MAX);
/** A rejection's reason: missing counts as empty (请填写拒绝原因). */
const Reason = z.pipe(z._default(z.string(), ''), ReviewReason);
const Done = z.object({ id: z.number(), order_no: z.string(), amount: z.string(), state: z.number() });

/* The deposit queue's filters ---------------------------------------------------------------------- */

/** The deposit methods a queue filters by (the deposit's paytype). */
export const DEPOSIT_METHODS = ['bank', 'usdt', 'wxpay', 'alipay'] as const;
export const MSG_FILTER_METHOD = '请选择正确的存款方式';

const DepositMethodFilter = z.pipe(
  z.optional(
    z.string().check(
      z.refine((v) => v === '' || (DEPOSIT_METHODS as readonly string[]).includes(v), {
        message: MSG_FILTER_METHOD,
      }),
    ),
  ),
  z.transform((v) => (v ? v : null)),
);

/** The withdrawal queue's text, amount and day filters, the same on deposits. */
const { username, realname, order_no, min_amount, max_amount, from, to } = WithdrawalFilterFields;
/** The deposit queue's filters: member name and real name (prefix), order number (prefix), method, amount, days. */
export const DepositFilterFields = {
  username,
  realname,
  order_no,
  method: DepositMethodFilter,
  min_amount,
  max_amount,
  from,
  to,
};

/** The amount and day order of the filters as an issue (the withdrawal queue's rule), or null. */
function depositFilterIssue(q: Parameters<typeof withdrawalFilterProblem>[0]) {
  const problem = withdrawalFilterProblem(q);
  return problem && { code: 'custom' as const, message: problem.message, path: [problem.path], input: q };
}

/** The deposit queue's filters alone: what the console checks before it asks. */
export const DepositFilters = z.object(DepositFilterFields).check(
  z.superRefine((q, ctx) => {
    const issue = depositFilterIssue(q);
    if (issue) ctx.issues.push(issue);
  }),
);
export type DepositFilters = z.output<typeof DepositFilters>;

/** The deposit queue's query: state, page and its filters (every one optional, all given must match). */
const DepositListQuery = z
  .object({ state: z._default(WholeNumber(0, 3), 1), ...PageQuery, ...DepositFilterFields })
  .check(
    z.superRefine((q, ctx) => {
      const issue = depositFilterIssue(q);
      if (issue) ctx.issues.push(issue);
    }),
  );
export type DepositListQuery = z.output<typeof DepositListQuery>;

export const consoleDeposits = defineConsoleCall({
  name: 'consoleDeposits',
  method: 'GET',
  path: '/deposits',
  request: DepositListQuery,
  response: z.object({
    rows: z.array(ConsoleDepositRow),
    total: z.number(),
    /** The newest pending deposit's id, whatever the filters (0 when none): the queue beeps when it grows. */
    newest_pending_id: z.number(),
  }),
  roles: MONEY_ROLES,
});

/** Approves a pending deposit within its window: the member's central wallet is credited. */
export const consoleApproveDeposit = defineConsoleCall({
  name: 'consoleApproveDeposit',
  method: 'POST',
  path: '/deposits/approve',
  request: z.object({ id: Id }),
  response: Done,
  roles: MONEY_ROLES,
});

export const consoleRejectDeposit = defineConsoleCall({
  name: 'consoleRejectDeposit',
  method: 'POST',
  path: '/deposits/reject',
  request: z.object({ id: Id, reason: Reason }),
  response: Done,
  roles: MONEY_ROLES,
});

export const consoleWithdrawals = defineConsoleCall({
  name: 'consoleWithdrawals',
  method: 'GET',
  path: '/withdrawals',
  request: WithdrawalListQuery,
  response: z.object({
    rows: z.array(ConsoleWithdrawalRow),
    total: z.number(),
    /** The newest pending withdrawal's id, whatever the filters (0 when none): the queue beeps when it grows. */
    newest_pending_id: z.number(),
  }),
  roles: WITHDRAWAL_READ_ROLES,
});

const HistoryItem = z.object({
  /** Order number, or the venue / lottery of a bet. */
  ref: z.string(),
  /** What it is: the method, kind, play or game category, in Chinese. */
  label: z.string(),
  amount: z.string(),
  /** State in Chinese (审核中 / 已通过 / 已拒绝, 未结算 / 已中奖 / 未中奖 / 已结算). */
  state: z.string(),
  created_at: z.string(),
});
export type ConsoleHistoryItem = z.infer<typeof HistoryItem>;

const OtherMember = z.object({ user_id: z.number(), username: z.string() });
export type ConsoleOtherMember = z.infer<typeof OtherMember>;

export const ConsoleWithdrawalDetail = z.object({
  withdrawal: ConsoleWithdrawalRow,
  turnover: z.object({ done: z.string(), required: z.string() }),
  /** The member's central balance now. */
  balance: z.string(),
  /** Real name, when the destination was bound, recent resets, lifetime figures. */
  member: WithdrawalMemberFacts,
  history: z.object({
    deposits: z.array(HistoryItem),
    withdrawals: z.array(HistoryItem),
    bets: z.array(HistoryItem),
  }),
  warnings: z.object({
    /** Other members who bound this card / address. */
    account_bound_by: z.array(OtherMember),
    /** Other members who withdrew to this card / address / account. */
    account_used_by: z.array(OtherMember),
    /** The member's sign-in addresses that other members signed in from. */
    shared_ips: z.array(z.object({ ip: z.string(), members: z.array(OtherMember) })),
  }),
  /** The risk panel: score, flags, linked accounts, 风控's decision. */
  risk: WithdrawalRisk,
});
export type ConsoleWithdrawalDetail = z.infer<typeof ConsoleWithdrawalDetail>;

/** A withdrawal with what its review needs: turnover, the member's last moves, warnings. */
export const consoleWithdrawal = defineConsoleCall({
  name: 'consoleWithdrawal',
  method: 'GET',
  path: '/withdrawals/detail',
  request: z.object({ id: Id }),
  response: ConsoleWithdrawalDetail,
  roles: WITHDRAWAL_READ_ROLES,
});

/** Approves a pending withdrawal: the money is paid out. */
export const consoleApproveWithdrawal = defineConsoleCall({
  name: 'consoleApproveWithdrawal',
  method: 'POST',
  path: '/withdrawals/approve',
  request: z.object({ id: Id }),
  response: Done,
  roles: MONEY_ROLES,
});

/** Rejects a pending withdrawal: the whole amount returns to the member's central wallet. */
export const consoleRejectWithdrawal = defineConsoleCall({
  name: 'consoleRejectWithdrawal',
  method: 'POST',
  path: '/withdrawals/reject',
  request: z.object({ id: Id, reason: Reason }),
  response: Done,
  roles: WITHDRAWAL_READ_ROLES,
});

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_MONEY_CALLS: readonly ConsoleCallDef[] = [
  consoleDeposits,
  consoleApproveDeposit,
  consoleRejectDeposit,
  consoleWithdrawals,
  consoleWithdrawal,
  consoleApproveWithdrawal,
  consoleRejectWithdrawal,
];
