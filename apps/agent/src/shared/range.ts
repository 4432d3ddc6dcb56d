import type { Schema } from '@app/contract/define';
import { isCalendarDay } from '@app/contract/calendar-day';

export const MSG_DAY = '请选择日期';
export const MSG_RANGE_ORDER = '结束日期不能早于开始日期';

/**
 * Why a date range cannot be asked for, or null: both ends calendar days, the start not after the
 * end; then whatever else the call's own request schema says of it (its span, in the contract's words).
 */
export function rangeProblem(start: string, end: string, request?: Schema, rest: object = {}): string | null {
  if (!isCalendarDay(start) || !isCalendarDay(end)) return MSG_DAY;
  if (start > end) return MSG_RANGE_ORDER;
  if (!request) return null;
  const parsed = request.safeParse({ ...rest, start_date: start, end_date: end });
  return parsed.success ? null : (parsed.error?.issues[0]?.message ?? MSG_DAY);
}
