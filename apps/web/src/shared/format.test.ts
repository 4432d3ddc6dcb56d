import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatMoney } from './format';

describe('format', () => {
  it('shows money in cents as yuan with two places, -- while unknown', () => {
    expect(formatMoney(123450)).toBe('1234.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(undefined)).toBe('--');
    expect(formatMoney(null)).toBe('--');
  });

  it('shows dates in Beijing time', () => {
    const ms = Date.UTC(2026, 10, 22, 2, 3, 4); // 10:03:04 in Beijing
    expect(formatDate(ms)).toBe('2026-11-22 10:03:04');
    expect(formatDay(ms)).toBe('2026-11-22');
    expect(formatDate(null)).toBe('');
  });
});
