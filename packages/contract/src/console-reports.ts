/* The operators' console, 报表: figures per Beijing day and range that reconcile with the ledger.
 * Money is yuan with two decimals ("100.00", negative for the house's losses); days are YYYY-MM-DD. */
import * as z from 'zod/mini';
import type { ConsoleCallDef, OperatorRole } from './console-define';
import { defineConsoleCall } from './console-define';
import { MSG_RANGE_ORDER, rangeDays } from './date-range';
import { isCalendarDay } from './calendar-day';

/** Who reads reports: 财务 (and 超级管理员). */
export const REPORTS_ROLES: readonly OperatorRole[] = ['finance'];

/** Longest report range, in Beijing days (both ends included). */
export const REPORT_RANGE_MAX_DAYS = 92;
export const MSG_REPORT_DAY = '请选择正确的日期';
export const MSG_REPORT_SPAN = `报表范围不能超过${REPORT_RANGE_MAX_DAYS}天`;

/** Why a report range cannot be asked for, or null (start ≤ end; ≤ 92 days). */
export function reportRangeProblem(from: string, to: string): string | null {
  if (from > to) return MSG_RANGE_ORDER;
  return rangeDays(from, to) > REPORT_RANGE_MAX_DAYS ? MSG_REPORT_SPAN : null;
}

const Day = z.string({ error: MSG_REPORT_DAY }).check(
  z.trim(),
  z.refine((v) => isCalendarDay(v), { message: MSG_REPORT_DAY }),
);

/** Money of one Beijing day ('' on the totals row): approved deposits, paid withdrawals, adjustments. */
export const ReportMoneyRow = z.object({
  day: z.string(),
  deposits: z.string(),
  deposit_count: z.number(),
  withdrawals: z.string(),
  withdrawal_count: z.number(),
  /** Operators' credits to members and debits from them (人工加款 / 人工扣款). */
  adjust_in: z.string(),
  adjust_out: z.string(),
});
export type ReportMoneyRow = z.infer<typeof ReportMoneyRow>;

/** Deposits or withdrawals of one method over the range. */
export const ReportMethodRow = z.object({ method: z.string(), count: z.number(), amount: z.string() });
export type ReportMethodRow = z.infer<typeof ReportMethodRow>;

/** Games of one Beijing day: stakes and payouts of venue games and the lottery; house = stakes − payouts. */
export const ReportGamesRow = z.object({
  day: z.string(),
  venue_stake: z.string(),
  venue_payout: z.string(),
  lottery_stake: z.string(),
  lottery_payout: z.string(),
  house: z.string(),
});
export type ReportGamesRow = z.infer<typeof ReportGamesRow>;

/** One venue or lottery over the range: bets (valid-bet records or order lines), money, house result. */
export const ReportGameRow = z.object({
  code: z.string(),
  name: z.string(),
  bets: z.number(),
  stake: z.string(),
  payout: z.string(),
  house: z.string(),
});
export type ReportGameRow = z.infer<typeof ReportGameRow>;

/** Promotions paid on one Beijing day. */
export const ReportPromoRow = z.object({
  day: z.string(),
  rebates: z.string(),
  rebate_count: z.number(),
  red_packets: z.string(),
  red_packet_count: z.number(),
  bonuses: z.string(),
  bonus_count: z.number(),
  total: z.string(),
});
export type ReportPromoRow = z.infer<typeof ReportPromoRow>;

/** Members of one Beijing day: joined, and active (signed in or bet). The totals row counts each once. */
export const ReportMembersRow = z.object({
  day: z.string(),
  new_members: z.number(),
  active_members: z.number(),
});
export type ReportMembersRow = z.infer<typeof ReportMembersRow>;

const Section = <R extends z.ZodMiniType>(row: R) => ({ days: z.array(row), totals: row });

export const ReportSummary = z.object({
  from: z.string(),
  to: z.string(),
  money: z.object({
    ...Section(ReportMoneyRow),
    deposit_methods: z.array(ReportMethodRow),
    withdrawal_methods: z.array(ReportMethodRow),
  }),
  games: z.object({
    ...Section(ReportGamesRow),
    venues: z.array(ReportGameRow),
    lotteries: z.array(ReportGameRow),
  }),
  promotions: z.object(Section(ReportPromoRow)),
  members: z.object(Section(ReportMembersRow)),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

/** A range of Beijing days, both ends included (from ≤ to, ≤ 92 days). */
const ReportRange = z.object({ from: Day, to: Day }).check(
  z.superRefine((o, ctx) => {
    const problem = reportRangeProblem(o.from, o.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  }),
);

/** Every section of the report over Beijing days `from`…`to`, from the ledger where money moved. */
export const consoleReportSummary = defineConsoleCall({
  name: 'consoleReportSummary',
  method: 'GET',
  path: '/reports/summary',
  request: ReportRange,
  response: ReportSummary,
  roles: REPORTS_ROLES,
});

/* 日报 -------------------------------------------------------------------------------------------- */

/** What NGR subtracts from GGR, in this order: each a field of the daily row, with its label. */
export const NGR_DEDUCTIONS = [
  { field: 'bonuses', label: '活动彩金' },
  { field: 'rebates', label: '返水' },
  { field: 'red_packets', label: '红包' },
] as const;

/**
 * One Beijing day of the summary ('' on the totals row). First and second deposits are each member's
 * first and second approved deposit ever, counted on the day they were credited. GGR = stakes −
 * payouts; NGR = GGR − the NGR_DEDUCTIONS. Liability: the members' balances (central wallet and
 * venue wallets, the trial account's play money left out) at the day's end, from the ledger's running
 * position; on the totals row, at the range's end.
 */
export const ReportDailyRow = z.object({
  day: z.string(),
  registrations: z.number(),
  first_deposit_count: z.number(),
  first_deposit_amount: z.string(),
  second_deposit_count: z.number(),
  second_deposit_amount: z.string(),
  active_members: z.number(),
  deposits: z.string(),
  deposit_count: z.number(),
  withdrawals: z.string(),
  withdrawal_count: z.number(),
  adjust_in: z.string(),
  adjust_out: z.string(),
  stakes: z.string(),
  payouts: z.string(),
  ggr: z.string(),
  bonuses: z.string(),
  rebates: z.string(),
  red_packets: z.string(),
  ngr: z.string(),
  liability_central: z.string(),
  liability_venues: z.string(),
  liability: z.string(),
});
export type ReportDailyRow = z.infer<typeof ReportDailyRow>;

export const ReportDaily = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(ReportDailyRow),
  totals: ReportDailyRow,
  /** The labels of what NGR subtracts (NGR_DEDUCTIONS), for the screen's formula. */
  ngr_deductions: z.array(z.string()),
});
export type ReportDaily = z.infer<typeof ReportDaily>;

/** 日报: one row per Beijing day of the range and the range's totals, every money figure from the ledger. */
export const consoleReportDaily = defineConsoleCall({
  name: 'consoleReportDaily',
  method: 'GET',
  path: '/reports/daily',
  request: ReportRange,
  response: ReportDaily,
  roles: REPORTS_ROLES,
});

/**
 * One operator's work over the range (by name; the command line as 命令行…): reviews of deposits and
 * withdrawals (from the orders they reviewed), balance adjustments that moved money (from the audit
 * log, credited to the operator who asked for them), 待复核 items decided, activity applications
 * reviewed and held withdrawals 风控 cleared.
 */
export const ReportOperatorRow = z.object({
  operator: z.string(),
  /** The role's Chinese label; '' for the command line or an operator no longer found. */
  role: z.string(),
  deposits_approved: z.number(),
  deposits_approved_amount: z.string(),
  deposits_rejected: z.number(),
  withdrawals_approved: z.number(),
  withdrawals_approved_amount: z.string(),
  withdrawals_rejected: z.number(),
  withdrawals_rejected_amount: z.string(),
  adjustments: z.number(),
  adjust_in: z.string(),
  adjust_out: z.string(),
  approvals_reviewed: z.number(),
  applications_reviewed: z.number(),
  /** Withdrawals held for 风控 that this operator decided on (cleared). */
  risk_reviewed: z.number(),
});
export type ReportOperatorRow = z.infer<typeof ReportOperatorRow>;

export const consoleReportOperators = defineConsoleCall({
  name: 'consoleReportOperators',
  method: 'GET',
  path: '/reports/operators',
  request: ReportRange,
  response: z.object({ from: z.string(), to: z.string(), operators: z.array(ReportOperatorRow) }),
  roles: REPORTS_ROLES,
});

/**
 * One activity's cost over the range: applications made, approved and rejected (by review time), and
 * bonuses paid (the ledger's entries of that activity): count, amount and members paid.
 */
export const ReportActivityRow = z.object({
  id: z.number(),
  title: z.string(),
  applications: z.number(),
  approved: z.number(),
  rejected: z.number(),
  paid_count: z.number(),
  paid_amount: z.string(),
  members_paid: z.number(),
});
export type ReportActivityRow = z.infer<typeof ReportActivityRow>;

export const consoleReportActivities = defineConsoleCall({
  name: 'consoleReportActivities',
  method: 'GET',
  path: '/reports/activities',
  request: ReportRange,
  response: z.object({ from: z.string(), to: z.string(), activities: z.array(ReportActivityRow) }),
  roles: REPORTS_ROLES,
});

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_REPORTS_CALLS: readonly ConsoleCallDef[] = [
  consoleReportSummary,
  consoleReportDaily,
  consoleReportOperators,
  consoleReportActivities,
];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const REPORTS_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const REPORTS_AUDIT_TARGETS: Record<string, string> = {};
