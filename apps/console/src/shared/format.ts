import dayjs from 'dayjs';

/** "2026-11-25 10:31" from the wire's "Y-m-d H:i:s" (Beijing) or an ISO time. */
export function shortTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = dayjs(value.replace(' ', 'T'));
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : value;
}

/** "¥1,234.50" from a wire amount ("1234.50"). */
export function yuan(amount: string | number): string {
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  return `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** The Beijing day (YYYY-MM-DD) `back` days before today's. */
export function beijingDay(back = 0, nowMs = Date.now()): string {
  return new Date(nowMs + BEIJING_OFFSET_MS - back * DAY_MS).toISOString().slice(0, 10);
}
