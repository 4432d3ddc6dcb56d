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
