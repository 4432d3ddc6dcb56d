/* Date ranges of the member's record filters (Beijing days YYYY-MM-DD): one check for client and server. */
import * as z from 'zod/mini';
import { isCalendarDay } from './calendar-day';

/** Longest span of a rebate date range, in Beijing days (both ends included). */
export const REBATE_RANGE_MAX_DAYS = 90;
export const MSG_RANGE_DAY = '请选择正确的日期';
export const MSG_RANGE_ORDER = '开始日期不能晚于结束日期';
export const MSG_RANGE_SPAN = `查询范围不能超过${REBATE_RANGE_MAX_DAYS}天`;

/** One end of a range: YYYY-MM-DD, '' or missing (then null). */
export const RangeDay = z.pipe(
  z.optional(
    z
      .string({ error: MSG_RANGE_DAY })
      .check(z.trim(), z.maxLength(10, MSG_RANGE_DAY))
      .check(z.refine((v) => v === '' || isCalendarDay(v), { message: MSG_RANGE_DAY })),
  ),
  z.transform((v) => (v ? v : null)),
);

/** Days from `start` to `end` inclusive (calendar days, YYYY-MM-DD). */
export function rangeDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a date range cannot be asked for, or null (both ends needed; start ≤ end; ≤ 90 days). */
export function rangeProblem(start: string | null, end: string | null): string | null {
  if (!start || !end) return start || end ? MSG_RANGE_DAY : null;
  if (start > end) return MSG_RANGE_ORDER;
  return rangeDays(start, end) > REBATE_RANGE_MAX_DAYS ? MSG_RANGE_SPAN : null;
}
