import { BEIJING_OFFSET_MS, DAY_MS } from '../../core/clock';

/** Page size of every promotions list (records, logs). */
export const PAGE_SIZE = 15;

export function pageOf<T>(data: T[], total: number, page: number) {
  return { data, total, current_page: page, last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Epoch ms of 00:00 Beijing of a `YYYY-MM-DD` day. */
export function dayStartOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS;
}

/** The Beijing day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}

/** True for a unique violation (SQLSTATE 23505), whether the driver error is wrapped or not. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
