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
