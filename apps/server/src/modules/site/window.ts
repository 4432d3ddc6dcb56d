/* The showing window of banners, home notices, announcements and activities (starts_at / ends_at,
 * null: unbounded): members see an item from its start up to, not including, its end. */
import { windowTimeMs, windowTimeText } from '@app/contract/time-window';
import { and, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Rows whose window holds `nowMs`. */
export function openAt(t: { startsAt: AnyPgColumn; endsAt: AnyPgColumn }, nowMs: number): SQL {
  const at = new Date(nowMs);
  return and(or(isNull(t.startsAt), lte(t.startsAt, at)), or(isNull(t.endsAt), gt(t.endsAt, at))) as SQL;
}

/** The columns of a checked input's window ('YYYY-MM-DD HH:mm' Beijing or null). */
export function windowColumns(input: { starts_at?: string | null; ends_at?: string | null }) {
  const at = (t: string | null | undefined) => {
    const ms = windowTimeMs(t);
    return ms === null ? null : new Date(ms);
  };
  return { startsAt: at(input.starts_at), endsAt: at(input.ends_at) };
}

/** A row's window as the console shows it. */
export function windowOf(row: { startsAt: Date | null; endsAt: Date | null }) {
  return {
    starts_at: row.startsAt ? windowTimeText(row.startsAt.getTime()) : null,
    ends_at: row.endsAt ? windowTimeText(row.endsAt.getTime()) : null,
  };
}
