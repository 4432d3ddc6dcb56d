import { BEIJING_OFFSET_MS, formatCents, formatDateTime } from '@app/contract/codecs';

/* Money, dates and rates as the back office shows them. Money is integer cents (formatCents); dates are
 * epoch ms shown in Beijing time, the business day of the site. */

/** 123456 → "1,234.56" (thousands grouped, two places). */
export function yuan(cents: number): string {
  const text = formatCents(cents);
  const [whole = '0', frac = '00'] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${text.startsWith('-') ? '-' : ''}${grouped}.${frac}`;
}

/** "2026-11-22 10:05" (Beijing), or `empty` when there is none. */
export function dateTimeText(ms: number | null, empty = '—'): string {
  return ms === null ? empty : formatDateTime(ms).slice(0, 16);
}

/** "2026-11-22" (Beijing). */
export function dayText(ms: number): string {
  return formatDateTime(ms).slice(0, 10);
}

/** A period [start, end) as its first and last Beijing day: "2026-11-01 至 2026-11-30". */
export function periodText(start: number, end: number): string {
  const last = dayText(Math.max(start, end - 1));
  const first = dayText(start);
  return first === last ? first : `${first} 至 ${last}`;
}

/** Today, Beijing, as YYYY-MM-DD. */
export function beijingToday(now = Date.now()): string {
  return new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first day of this Beijing month, YYYY-MM-DD. */
export function monthStart(now = Date.now()): string {
  return `${beijingToday(now).slice(0, 8)}01`;
}

/** Basis points as a percentage: 125 → "1.25%". */
export function percentText(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}

/** Basis points as the number a person types: 125 → "1.25", 100 → "1". */
export function percentInput(bp: number): string {
  return String(bp / 100);
}

/** What a person typed as a percentage ("1.25", "0.5", "2") → basis points; null when not one. */
export function parsePercent(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const [whole = '0', frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
