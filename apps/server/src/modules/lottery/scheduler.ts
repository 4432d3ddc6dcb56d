/**
 * When rounds happen: fixed time slots aligned to the Beijing day, computed from the clock alone, so
 * every process agrees on the round of any instant without asking the database.
 *
 * With period P seconds, a Beijing day holds n = floor(86400 / P) slots. Slot k (0-based) opens at
 * dayStart + k·P and draws at dayStart + (k+1)·P; the last slot (k = n − 1) draws at midnight, so when
 * P does not divide a day, the day's remainder (< P) lengthens the last round instead of making a
 * round shorter than its close time or one that straddles two days.
 *
 * `expect` = YYYYMMDD (the Beijing date of the slot) followed by k + 1, zero-padded to the digits of n
 * (at least 3): 210 s rounds give 20261122001 … 20261122411, 5 s rounds 2026112200001 … 2026112217280.
 *
 * Betting closes `close` seconds before the draw (ftime). LOTTERY_PERIOD_SECONDS replaces every
 * lottery's period (demos, tests); the close time then keeps its share of the round:
 * close = max(2, round(P × ftime / defaultPeriod)), capped at P − 1 so a round always has an open
 * second. 30 s of 210 s with a 21 s override gives 3 s.
 */
import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { DAY_MS, beijingDayStart } from '../../core/clock';

export interface LotteryTiming {
  periodSeconds: number;
  /** ftime: seconds before the draw when betting closes. */
  closeSeconds: number;
}

export interface RoundSlot {
  expect: string;
  /** Epoch ms. */
  opensAt: number;
  closesAt: number;
  drawsAt: number;
}

/** Shortest close time under an override: the client needs a moment of 封盘中 before 开奖中. */
const MIN_CLOSE_SECONDS = 2;

/** A lottery's period and close time, with LOTTERY_PERIOD_SECONDS applied when set. */
export function lotteryTiming(
  lottery: { periodSeconds: number; closeSeconds: number },
  periodOverride?: number,
): LotteryTiming {
  if (!periodOverride || periodOverride === lottery.periodSeconds) {
    return { periodSeconds: lottery.periodSeconds, closeSeconds: lottery.closeSeconds };
  }
  const scaled = Math.round((periodOverride * lottery.closeSeconds) / lottery.periodSeconds);
  return {
    periodSeconds: periodOverride,
    closeSeconds: Math.min(periodOverride - 1, Math.max(MIN_CLOSE_SECONDS, scaled)),
  };
}

/** Slots in one Beijing day. */
export function slotsPerDay(periodSeconds: number): number {
  return Math.max(1, Math.floor(86_400 / periodSeconds));
}

/** The round slot containing `atMs` (a slot includes its opening instant, not its draw instant). */
export function slotAt(timing: LotteryTiming, atMs: number): RoundSlot {
  const dayStart = beijingDayStart(atMs);
  const periodMs = timing.periodSeconds * 1000;
  const n = slotsPerDay(timing.periodSeconds);
  const k = Math.min(Math.floor((atMs - dayStart) / periodMs), n - 1);
  const opensAt = dayStart + k * periodMs;
  const drawsAt = k === n - 1 ? dayStart + DAY_MS : opensAt + periodMs;
  const date = new Date(dayStart + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  const digits = Math.max(3, String(n).length);
  return {
    expect: `${date}${String(k + 1).padStart(digits, '0')}`,
    opensAt,
    closesAt: drawsAt - timing.closeSeconds * 1000,
    drawsAt,
  };
}

/** The slot after the one containing `atMs`. */
export function nextSlot(timing: LotteryTiming, atMs: number): RoundSlot {
  return slotAt(timing, slotAt(timing, atMs).drawsAt);
}

/** Whole seconds until the draw, rounded up (nowdata.timeout): > ftime exactly while betting is open. */
export function secondsUntil(drawsAt: number, atMs: number): number {
  return Math.ceil((drawsAt - atMs) / 1000);
}

/** The index of a round in its Beijing day: the digits after the date of `expect`. */
const indexOf = (expect: string): number => Number(expect.slice(8)) || 0;

/**
 * The round after a stored one: it opens when `prev` draws. With the timing `prev` was made under,
 * this is the grid's next slot. After an operator changed the period or close time, rounds keep
 * their stored times and the new timing starts here: rounds of the new period follow one another,
 * numbered on from `prev` (the grid's numbers of the new period may already be taken today), the
 * day's last one lengthened to midnight, where the grid lines up again.
 */
export function slotAfter(timing: LotteryTiming, prev: { expect: string; drawsAt: Date }): RoundSlot {
  const opensAt = prev.drawsAt.getTime();
  const grid = slotAt(timing, opensAt);
  if (grid.opensAt === opensAt) return grid;
  const dayEnd = beijingDayStart(opensAt) + DAY_MS;
  const periodMs = timing.periodSeconds * 1000;
  let drawsAt = opensAt + periodMs;
  if (drawsAt + periodMs > dayEnd) drawsAt = dayEnd;
  const digits = grid.expect.length - 8;
  return {
    expect: `${grid.expect.slice(0, 8)}${String(indexOf(prev.expect) + 1).padStart(digits, '0')}`,
    opensAt,
    closesAt: drawsAt - timing.closeSeconds * 1000,
    drawsAt,
  };
}

/**
 * The slot of `atMs` when no stored round holds it (first start, or after a pause): the grid's, but
 * never overlapping the day's last stored round nor taking its number or an earlier one.
 */
export function slotAfterPause(
  timing: LotteryTiming,
  atMs: number,
  last: { expect: string; drawsAt: Date } | undefined,
): RoundSlot {
  const slot = slotAt(timing, atMs);
  if (!last || beijingDayStart(last.drawsAt.getTime() - 1) !== beijingDayStart(slot.opensAt)) return slot;
  const opensAt = Math.max(slot.opensAt, last.drawsAt.getTime());
  const index = Math.max(indexOf(slot.expect), indexOf(last.expect) + 1);
  const digits = slot.expect.length - 8;
  return { ...slot, opensAt, expect: `${slot.expect.slice(0, 8)}${String(index).padStart(digits, '0')}` };
}
