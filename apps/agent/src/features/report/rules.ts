import type { TeamDay } from '@app/contract/agent-office';
import { formatCents } from '@app/contract/codecs';
import type { CsvColumn } from '@app/contract/csv';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, type RebateCategory } from '@app/contract/enums';

export interface Totals {
  newMembers: number;
  deposits: number;
  withdrawals: number;
  valid: number;
  profit: number;
}

/** A day's valid bets and the team's net loss over every category. */
export function dayTotals(day: TeamDay): { valid: number; profit: number } {
  return day.lines.reduce((t, l) => ({ valid: t.valid + l.valid, profit: t.profit + l.profit }), {
    valid: 0,
    profit: 0,
  });
}

/**
 * The categories of a day with bets (the server sends every category, zeros included), in the
 * contract's order as the range's totals are, whatever order they came in.
 */
export function activeLines(day: TeamDay): TeamDay['lines'] {
  return REBATE_CATEGORIES.flatMap((c) => day.lines.filter((l) => l.category === c)).filter(
    (l) => l.valid !== 0 || l.profit !== 0,
  );
}

/** A day with anything to show: new members, money in or out, or bets. */
export function hasActivity(day: TeamDay): boolean {
  return day.new_members > 0 || day.deposits !== 0 || day.withdrawals !== 0 || activeLines(day).length > 0;
}

/** The whole range: sums of every day. */
export function reportTotals(days: TeamDay[]): Totals {
  return days.reduce<Totals>(
    (t, d) => {
      const lines = dayTotals(d);
      return {
        newMembers: t.newMembers + d.new_members,
        deposits: t.deposits + d.deposits,
        withdrawals: t.withdrawals + d.withdrawals,
        valid: t.valid + lines.valid,
        profit: t.profit + lines.profit,
      };
    },
    { newMembers: 0, deposits: 0, withdrawals: 0, valid: 0, profit: 0 },
  );
}

/** Per category over the range, in the contract's order, categories without bets left out. */
export function categoryTotals(
  days: TeamDay[],
): { category: RebateCategory; valid: number; profit: number }[] {
  return REBATE_CATEGORIES.map((category) => {
    const lines = days.flatMap((d) => d.lines.filter((l) => l.category === category));
    return {
      category,
      valid: lines.reduce((n, l) => n + l.valid, 0),
      profit: lines.reduce((n, l) => n + l.profit, 0),
    };
  }).filter((c) => c.valid !== 0 || c.profit !== 0);
}

const line = (d: TeamDay, c: RebateCategory) => d.lines.find((l) => l.category === c);

/** 导出CSV: one row a day; amounts in yuan with two places (no grouping, for Excel). */
export const REPORT_CSV_COLUMNS: CsvColumn<TeamDay>[] = [
  { title: '日期', value: (d) => d.day },
  { title: '新增会员', value: (d) => d.new_members },
  { title: '存款', value: (d) => formatCents(d.deposits) },
  { title: '取款', value: (d) => formatCents(d.withdrawals) },
  ...REBATE_CATEGORIES.flatMap((c): CsvColumn<TeamDay>[] => [
    { title: `${REBATE_CATEGORY_LABELS[c]}有效投注`, value: (d) => formatCents(line(d, c)?.valid ?? 0) },
    { title: `${REBATE_CATEGORY_LABELS[c]}负盈利`, value: (d) => formatCents(line(d, c)?.profit ?? 0) },
  ]),
  { title: '有效投注合计', value: (d) => formatCents(dayTotals(d).valid) },
  { title: '负盈利合计', value: (d) => formatCents(dayTotals(d).profit) },
];
