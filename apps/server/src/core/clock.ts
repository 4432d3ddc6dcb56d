/**
 * The one clock of the server. Everything that depends on time (session expiry, join days, business
 * days, draws) asks `now()`, so tests can move time with `setClock` / `advanceClock`.
 */
import { BEIJING_OFFSET_MS } from '@app/contract/codecs';

const DAY_MS = 86_400_000;

let offsetMs = 0;
let frozenAt: number | null = null;

/** Epoch milliseconds. */
export function now(): number {
  return frozenAt ?? Date.now() + offsetMs;
}

export function nowDate(): Date {
  return new Date(now());
}

/** Test hook: freeze the clock at `epochMs` (advanceClock moves it on). */
export function setClock(epochMs: number): void {
  frozenAt = epochMs;
}

/** Test hook: move the clock forward (or back, with a negative value). */
export function advanceClock(ms: number): void {
  if (frozenAt !== null) frozenAt += ms;
  else offsetMs += ms;
}

/** Test hook: back to real time. */
export function resetClock(): void {
  frozenAt = null;
  offsetMs = 0;
}

/* Beijing (UTC+8) business days ------------------------------------------------------------------ */

/** Start (epoch ms) of the Beijing day containing `epochMs`. */
export function beijingDayStart(epochMs: number = now()): number {
  return Math.floor((epochMs + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

/** `YYYY-MM-DD` of the Beijing day containing `epochMs`. */
export function beijingDate(epochMs: number = now()): string {
  return new Date(epochMs + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** Beijing wall-clock hour (0–23) and minute at `epochMs`. */
export function beijingTime(epochMs: number = now()): { hour: number; minute: number } {
  const d = new Date(epochMs + BEIJING_OFFSET_MS);
  return { hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

/** Epoch ms of 00:00 Beijing of a `YYYY-MM-DD` day. */
export function dayStartOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS;
}

/** The Beijing day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days elapsed between two instants (never negative). */
export function wholeDaysBetween(fromMs: number, toMs: number = now()): number {
  return Math.max(0, Math.floor((toMs - fromMs) / DAY_MS));
}

export { DAY_MS };
