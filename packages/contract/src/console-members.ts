/* Console calls: members: search, the member page and actions. */
import * as z from 'zod/mini';
import { AmountField } from './codecs';
import { ReviewTicket } from './console-approvals';
import { defineConsoleCall, PageQuery, type ConsoleCallDef, type OperatorRole } from './console-define';
import { MemberSearchFilterFields, memberFiltersCheck, MemberTag } from './console-annotations';
import { WholeNumber } from './ops-fields';

/** Who may find members and read a member's page. */
const VIEW_ROLES: readonly OperatorRole[] = ['finance', 'support', 'content', 'risk'];
/** Who reads a member's mobile and card numbers in full (超级管理员 too), each such read audited. */
export const CONTACT_FULL_ROLES: readonly OperatorRole[] = ['finance'];
/** 13812348000 -> 138****8000: what 客服 and 运营 see. */
export const maskMobile = (mobile: string) =>
  mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile ? '****' : '';
/** A card number or address -> ****1234. */
export const maskCardNumber = (number: string) => (number ? `****${number.slice(-4)}` : '');
/** Member pages an operator may open per 15 minutes (a list copied page by page stands out). */
export const MEMBER_READS_PER_15_MIN = 120;
export const MSG_MEMBER_READS_TOO_MANY = '查看会员资料过于频繁，请15分钟后再试';

const MemberRef = { id: WholeNumber(1, 2_147_483_647) };

/** Time on the wire: "Y-m-d H:i:s" (Beijing). */
const Time = z.string();
const NullableTime = z.nullable(z.string());
/** Money on the wire: decimal string with two places ("-12.50" for a debit). */
const Amount = z.string();

const pageOf = <T extends z.ZodMiniType>(item: T) => z.object({ total: z.number(), items: z.array(item) });

/* Search ------------------------------------------------------------------------------------------ */

export const MEMBER_SEARCH_MAX = 100;

/** One row of the search: the member with the central balance and their tags. */
export const MemberRow = z.object({
  id: z.number(),
  name: z.string(),
  realname: z.string(),
  vip_level: z.number(),
  balance: Amount,
  isagent: z.boolean(),
  is_trial: z.boolean(),
  blocked: z.boolean(),
  created_at: Time,
  tags: z.array(MemberTag),
});
export type MemberRow = z.output<typeof MemberRow>;

/**
 * Finds members by one box (name prefix, real name, id, mobile, card number or USDT address, sign-in
 * address) and the filters of console-annotations.ts. Empty: every member, newest first.
 */
export const consoleMembers = defineConsoleCall({
  name: 'consoleMembers',
  method: 'GET',
  path: '/members',
  roles: VIEW_ROLES,
  request: z
    .object({
      q: z._default(z.string().check(z.trim(), z.maxLength(MEMBER_SEARCH_MAX, '搜索内容过长')), ''),
      ...MemberSearchFilterFields,
      ...PageQuery,
    })
    .check(memberFiltersCheck),
  response: pageOf(MemberRow),
});

/* The member page ---------------------------------------------------------------------------------- */

export const CARD_KINDS = ['bank', 'usdt'] as const;

export const MemberDetail = z.object({
  id: z.number(),
  name: z.string(),
  realname: z.string(),
  mobile: z.string(),
  email: z.string(),
  vip_level: z.number(),
  referrer: z.nullable(z.object({ id: z.number(), name: z.string() })),
  isagent: z.boolean(),
  is_trial: z.boolean(),
  blocked: z.boolean(),
  created_at: Time,
  /** Cumulative approved deposits. */
  paysum: Amount,
  turnover_done: Amount,
  turnover_required: Amount,
  /** The payment password is locked (too many wrong tries in the current window). */
  pay_password_locked: z.boolean(),
  /** Wrong payment passwords in the current window. */
  pay_password_failures: z.number(),
  /** The central wallet first ('central', 中心钱包), then every venue wallet. */
  wallets: z.array(z.object({ venue: z.string(), name: z.string(), balance: Amount })),
  cards: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(CARD_KINDS),
      bank: z.string(),
      owner: z.string(),
      number: z.string(),
      branch: z.string(),
      created_at: Time,
    }),
  ),
  /** The latest VIP level changes, newest first. */
  vip_changes: z.array(z.object({ day: z.string(), from: z.number(), to: z.number(), at: Time })),
  /** The mobile and card numbers are masked for this operator's role (CONTACT_FULL_ROLES see them). */
  contact_masked: z.boolean(),
  tags: z.array(MemberTag),
});
export type MemberDetail = z.output<typeof MemberDetail>;

export const consoleMember = defineConsoleCall({
  name: 'consoleMember',
  method: 'GET',
  path: '/members/detail',
  roles: VIEW_ROLES,
  request: z.object(MemberRef),
  response: MemberDetail,
});

/** A paged list of the member page (GET {id, page, pageSize}). */
function memberList<T extends z.ZodMiniType>(name: string, path: string, item: T) {
  return defineConsoleCall({
    name,
    method: 'GET',
    path,
    roles: VIEW_ROLES,
    request: z.object({ ...MemberRef, ...PageQuery }),
    response: pageOf(item),
  });
}

export const LedgerRow = z.object({
  id: z.string(),
  at: Time,
  /** The ledger's reason code and its Chinese label. */
  reason: z.string(),
  reason_label: z.string(),
  /** The wallet's Chinese name (中心钱包 or the venue's). */
  wallet: z.string(),
  amount: Amount,
  reference: z.string(),
});
export type LedgerRow = z.output<typeof LedgerRow>;
export const consoleMemberLedger = memberList('consoleMemberLedger', '/members/ledger', LedgerRow);

const Reviewed = { reviewed_by: z.string(), reviewed_at: NullableTime, review_note: z.string() };

export const MemberDepositRow = z.object({
  id: z.number(),
  deposit_no: z.string(),
  method: z.string(),
  amount: Amount,
  state: z.number(),
  state_label: z.string(),
  created_at: Time,
  ...Reviewed,
});
export const consoleMemberDeposits = memberList(
  'consoleMemberDeposits',
  '/members/deposits',
  MemberDepositRow,
);

export const MemberWithdrawalRow = z.object({
  id: z.number(),
  order_no: z.string(),
  method: z.string(),
  amount: Amount,
  account: z.string(),
  state: z.number(),
  state_label: z.string(),
  created_at: Time,
  ...Reviewed,
});
export const consoleMemberWithdrawals = memberList(
  'consoleMemberWithdrawals',
  '/members/withdrawals',
  MemberWithdrawalRow,
);

/** Valid bets of every venue (the lottery's settled rounds among them). */
export const MemberValidBetRow = z.object({
  id: z.string(),
  venue: z.string(),
  category: z.string(),
  stake: Amount,
  valid: Amount,
  payout: Amount,
  state: z.string(),
  at: Time,
});
export const consoleMemberValidBets = memberList(
  'consoleMemberValidBets',
  '/members/valid-bets',
  MemberValidBetRow,
);

export const MemberLotteryOrderRow = z.object({
  id: z.string(),
  lottery: z.string(),
  round: z.string(),
  play: z.string(),
  stake: Amount,
  odds: z.string(),
  state_label: z.string(),
  payout: Amount,
  at: Time,
});
export const consoleMemberLotteryOrders = memberList(
  'consoleMemberLotteryOrders',
  '/members/lottery-orders',
  MemberLotteryOrderRow,
);

export const MemberRebateRow = z.object({
  id: z.string(),
  day: z.string(),
  category: z.string(),
  valid: Amount,
  /** Percent, e.g. "0.80%". */
  rate: z.string(),
  amount: Amount,
  vip_level: z.number(),
  state_label: z.string(),
  claimed_at: NullableTime,
});
export const consoleMemberRebates = memberList('consoleMemberRebates', '/members/rebates', MemberRebateRow);

export const MemberLoginRow = z.object({
  id: z.string(),
  at: Time,
  ip: z.string(),
  user_agent: z.string(),
  /** How many other members signed in from this address. */
  shared_with: z.number(),
});
export const consoleMemberLogins = memberList('consoleMemberLogins', '/members/logins', MemberLoginRow);

/* Actions ------------------------------------------------------------------------------------------ */

export const MEMBER_NOTE_MAX = 200;
export const MSG_ADJUST_REASON = '请填写调整原因';
export const MSG_ADJUST_AMOUNT = '请输入调整金额';
export const MSG_ADJUST_BELOW_ZERO = '扣款金额超过中心钱包余额，无法扣款';
export const MSG_REQUEST_REUSED = '请求编号已用于另一笔调整，请刷新后重试';
export const MSG_MESSAGE_TITLE = '请输入标题';
export const MSG_MESSAGE_CONTENT = '请输入内容';
export const MEMBER_MESSAGE_TITLE_MAX = 100;
export const MEMBER_MESSAGE_CONTENT_MAX = 5000;

/** Block or unblock: a block ends the member's sessions, games and chat sockets at once. */
export const consoleBlockMember = defineConsoleCall({
  name: 'consoleBlockMember',
  method: 'POST',
  path: '/members/block',
  roles: ['support'],
  request: z.object({
    ...MemberRef,
    blocked: z.boolean(),
    reason: z._default(
      z.string().check(z.trim(), z.maxLength(MEMBER_NOTE_MAX, `原因最多${MEMBER_NOTE_MAX}个字`)),
      '',
    ),
  }),
  response: z.object({ id: z.number(), blocked: z.boolean(), sessions_ended: z.number() }),
});

export const ADJUST_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustDirection = (typeof ADJUST_DIRECTIONS)[number];

/**
 * Credits or debits the central wallet (one balanced ledger movement against the adjustments
 * account). `request_id` (a uuid made by the page) makes a double submit move money once: the repeat
 * answers with the first result. A credit adds its amount to the turnover requirement unless
 * `turnover` is false; a debit never touches turnover and may not take the balance below zero.
 */
export const consoleAdjustMember = defineConsoleCall({
  name: 'consoleAdjustMember',
  method: 'POST',
  path: '/members/adjust',
  roles: ['finance'],
  request: z.object({
    ...MemberRef,
    direction: z.enum(ADJUST_DIRECTIONS, '请选择加款或扣款'),
    amount: AmountField(MSG_ADJUST_AMOUNT),
    reason: z
      .string({ error: MSG_ADJUST_REASON })
      .check(
        z.trim(),
        z.minLength(1, MSG_ADJUST_REASON),
        z.maxLength(MEMBER_NOTE_MAX, `原因最多${MEMBER_NOTE_MAX}个字`),
      ),
    turnover: z._default(z.boolean(), true),
    request_id: z.string({ error: '请求编号无效' }).check(z.uuid('请求编号无效')),
  }),
  /** The adjustment, or (above the review amount, or a credit without turnover) its 待复核 ticket. */
  response: z.union([
    z.object({
      id: z.number(),
      direction: z.enum(ADJUST_DIRECTIONS),
      amount: Amount,
      /** The central balance after the adjustment. */
      balance: Amount,
      turnover_required: Amount,
    }),
    ReviewTicket,
  ]),
});

export const PASSWORD_KINDS = ['login', 'pay'] as const;

/**
 * Sets a one-time random login or payment password, shown once in the reply. A login-password reset
 * ends every session of the member.
 */
export const consoleResetMemberPassword = defineConsoleCall({
  name: 'consoleResetMemberPassword',
  method: 'POST',
  path: '/members/reset-password',
  roles: ['support'],
  request: z.object({ ...MemberRef, kind: z.enum(PASSWORD_KINDS, '请选择密码类型') }),
  response: z.object({ kind: z.enum(PASSWORD_KINDS), password: z.string(), sessions_ended: z.number() }),
});

/** Lifts a payment-password lockout (clears the wrong-password count). */
export const consoleUnlockMemberPayPassword = defineConsoleCall({
  name: 'consoleUnlockMemberPayPassword',
  method: 'POST',
  path: '/members/unlock-pay-password',
  roles: ['support'],
  request: z.object(MemberRef),
  response: z.object({ failures: z.number() }),
});

/** Sends a site message to this member: plain text (shown as text in the member app). */
export const consoleMessageMember = defineConsoleCall({
  name: 'consoleMessageMember',
  method: 'POST',
  path: '/members/message',
  roles: ['support', 'content'],
  request: z.object({
    ...MemberRef,
    title: z
      .string({ error: MSG_MESSAGE_TITLE })
      .check(
        z.trim(),
        z.minLength(1, MSG_MESSAGE_TITLE),
        z.maxLength(MEMBER_MESSAGE_TITLE_MAX, `标题最多${MEMBER_MESSAGE_TITLE_MAX}个字`),
      ),
    content: z
      .string({ error: MSG_MESSAGE_CONTENT })
      .check(
        z.trim(),
        z.minLength(1, MSG_MESSAGE_CONTENT),
        z.maxLength(MEMBER_MESSAGE_CONTENT_MAX, `内容最多${MEMBER_MESSAGE_CONTENT_MAX}个字`),
      ),
  }),
  response: z.object({ id: z.number(), created_at: Time }),
});

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_MEMBERS_CALLS: readonly ConsoleCallDef[] = [
  consoleMembers,
  consoleMember,
  consoleMemberLedger,
  consoleMemberDeposits,
  consoleMemberWithdrawals,
  consoleMemberValidBets,
  consoleMemberLotteryOrders,
  consoleMemberRebates,
  consoleMemberLogins,
  consoleBlockMember,
  consoleAdjustMember,
  consoleResetMemberPassword,
  consoleUnlockMemberPayPassword,
  consoleMessageMember,
];
