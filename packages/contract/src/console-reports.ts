/* The operators' console, 报表: figures per Beijing day and range that reconcile with the ledger.
 * Money is yuan with two decimals ("100.00", negative for the house's losses); days are YYYY-MM-DD. */
import * as z from 'zod/mini';
import type { ConsoleCallDef, OperatorRole } from './console-define';
import { defineConsoleCall } from './console-define';
import { MSG_RANGE_ORDER, rangeDays } from './date-range';
import { isCalendarDay } from './member';

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

/** Every section of the report over Beijing days `from`…`to`, from the ledger where money moved. */
export const consoleReportSummary = defineConsoleCall({
  name: 'consoleReportSummary',
  method: 'GET',
  path: '/reports/summary',
  request: z.object({ from: Day, to: Day }).check(
    z.superRefine((o, ctx) => {
      const problem = reportRangeProblem(o.from, o.to);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
    }),
  ),
  response: ReportSummary,
  roles: REPORTS_ROLES,
});

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_REPORTS_CALLS: readonly ConsoleCallDef[] = [consoleReportSummary];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const REPORTS_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const REPORTS_AUDIT_TARGETS: Record<string, string> = {};
