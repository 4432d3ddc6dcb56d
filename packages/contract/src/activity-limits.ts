/* An activity's window, budget and per-member limit as the console sends them (consoleCreateActivity,
 * consoleUpdateActivity) and lists them (ActivityRow): all optional. */
import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS, reject, toCents } from './codecs';
import { WINDOW_FIELDS, WindowRowFields } from './time-window';

export const ACTIVITY_MEMBER_LIMIT_MAX = 9999;
export const MSG_ACTIVITY_BUDGET = '活动预算金额无效（0 至 1 亿元，最多两位小数）';
export const MSG_ACTIVITY_MEMBER_LIMIT = `每人限领次数为 0–${ACTIVITY_MEMBER_LIMIT_MAX} 的整数`;

/** A figure the operator may leave empty ('' or absent: 0); else `parse` it (null: refused). */
const ZeroIfEmpty = (message: string, parse: (text: string) => number | null) =>
  z._default(
    z.pipe(
      z.union([z.string().check(z.maxLength(32, message)), z.number()], { error: message }),
      z.transform((v, ctx) => {
        const text = String(v).trim();
        if (text === '') return 0;
        return parse(text) ?? reject(ctx, message);
      }),
    ),
    0,
  );

const budgetCents = (text: string) => {
  const cents = /^\d{1,12}(\.\d{1,2})?$/.test(text) ? toCents(text) : null;
  return cents !== null && cents <= MAX_AMOUNT_CENTS ? cents : null;
};
const memberLimit = (text: string) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= ACTIVITY_MEMBER_LIMIT_MAX ? n : null;
};

export const ACTIVITY_LIMIT_FIELDS = {
  ...WINDOW_FIELDS,
  /** Total bonuses it may pay, cents (0: no budget). */
  budget: ZeroIfEmpty(MSG_ACTIVITY_BUDGET, budgetCents),
  /** Bonuses one member may be paid by it (0: no limit beyond one per period). */
  per_member_limit: ZeroIfEmpty(MSG_ACTIVITY_MEMBER_LIMIT, memberLimit),
};

export const ACTIVITY_LIMIT_ROW_FIELDS = {
  ...WindowRowFields,
  /** Yuan: the budget ("0.00": none) and what it paid so far. */
  budget: z.string(),
  paid: z.string(),
  per_member_limit: z.number(),
};
