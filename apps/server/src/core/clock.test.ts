import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  advanceClock,
  beijingDate,
  beijingDayStart,
  beijingTime,
  DAY_MS,
  dayStartOf,
  now,
  resetClock,
  setClock,
  wholeDaysBetween,
} from './clock';

afterEach(() => resetClock());

describe('clock', () => {
  it('follows real time until a test sets it, then moves only when told', () => {
    expect(Math.abs(now() - Date.now())).toBeLessThan(50);
    setClock(Date.UTC(2026, 10, 22, 2, 0, 0));
    expect(now()).toBe(Date.UTC(2026, 10, 22, 2, 0, 0));
    advanceClock(90_000);
    expect(now()).toBe(Date.UTC(2026, 10, 22, 2, 1, 30));
    resetClock();
    advanceClock(DAY_MS);
    expect(Math.abs(now() - (Date.now() + DAY_MS))).toBeLessThan(50);
  });

  it('Beijing days start at 16:00 UTC the day before', () => {
    const t = Date.UTC(2026, 0, 1, 16, 30); // 2026-01-02 00:30 in Beijing
    expect(beijingDate(t)).toBe('2026-01-02');
    expect(beijingDayStart(t)).toBe(Date.UTC(2026, 0, 1, 16, 0));
    expect(beijingTime(t)).toEqual({ hour: 0, minute: 30 });
    const before = Date.UTC(2026, 0, 1, 15, 59, 59);
    expect(beijingDate(before)).toBe('2026-01-01');
    expect(beijingTime(before)).toEqual({ hour: 23, minute: 59 });
  });

  it('a Beijing day written YYYY-MM-DD starts at its 00:00 Beijing; days add across months', () => {
    expect(dayStartOf('2026-01-02')).toBe(Date.UTC(2026, 0, 1, 16, 0));
    expect(beijingDate(dayStartOf('2026-01-02'))).toBe('2026-01-02');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('counts whole days', () => {
    expect(wholeDaysBetween(0, DAY_MS - 1)).toBe(0);
    expect(wholeDaysBetween(0, DAY_MS)).toBe(1);
    expect(wholeDaysBetween(DAY_MS, 0)).toBe(0);
  });
});
