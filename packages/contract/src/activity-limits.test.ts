import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_LIMIT_FIELDS, MSG_ACTIVITY_BUDGET, MSG_ACTIVITY_MEMBER_LIMIT } from './activity-limits';
import { MSG_WINDOW_ORDER, MSG_WINDOW_TIME, windowCheck, windowState } from './time-window';

const Limits = z.object(ACTIVITY_LIMIT_FIELDS).check(windowCheck());
const messageOf = (input: unknown) => {
  const r = Limits.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('an activity’s window, budget and per-member limit', () => {
  it('are optional: empty means no bound, no budget, no limit', () => {
    const none = { starts_at: null, ends_at: null, budget: 0, per_member_limit: 0 };
    expect(Limits.parse({})).toEqual(none);
    expect(Limits.parse({ starts_at: '', ends_at: ' ', budget: '', per_member_limit: '' })).toEqual(none);
    expect(
      Limits.parse({
        starts_at: '2026-12-01 10:00',
        ends_at: '2026-12-02 10:00',
        budget: '12.34',
        per_member_limit: 3,
      }),
    ).toEqual({
      starts_at: '2026-12-01 10:00',
      ends_at: '2026-12-02 10:00',
      budget: 1234,
      per_member_limit: 3,
    });
  });

  it('refuse a bad figure, a bad time and an end not after the start', () => {
    expect(messageOf({ budget: '1.234' })).toBe(MSG_ACTIVITY_BUDGET);
    expect(messageOf({ budget: '100000000.01' })).toBe(MSG_ACTIVITY_BUDGET);
    expect(messageOf({ per_member_limit: -1 })).toBe(MSG_ACTIVITY_MEMBER_LIMIT);
    expect(messageOf({ per_member_limit: '1.5' })).toBe(MSG_ACTIVITY_MEMBER_LIMIT);
    expect(messageOf({ starts_at: '2026-12-01' })).toBe(MSG_WINDOW_TIME);
    expect(messageOf({ starts_at: '2026-02-30 10:00' })).toBe(MSG_WINDOW_TIME);
    expect(messageOf({ starts_at: '2026-12-01 10:00', ends_at: '2026-12-01 10:00' })).toBe(MSG_WINDOW_ORDER);
  });

  it('name the state of a window at a moment (Beijing)', () => {
    const at = Date.parse('2026-12-01T02:00:00Z'); // 10:00 Beijing
    expect(windowState({ starts_at: '2026-12-01 10:01', ends_at: null }, at)).toBe('pending');
    expect(windowState({ starts_at: '2026-12-01 10:00', ends_at: '2026-12-01 10:01' }, at)).toBe('live');
    expect(windowState({ starts_at: null, ends_at: '2026-12-01 10:00' }, at)).toBe('ended');
  });
});
