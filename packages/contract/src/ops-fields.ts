/* The pieces every operator call shares: the /ops root, list limits, the fields the operator's
 * requests carry (names, ids, days, amounts) and their messages. The server parses with them, and the
 * command line checks its arguments with the same patterns before it sends. */
import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS, reject, toCents } from './codecs';
import { isCalendarDay } from './calendar-day';

/** Root of the operator API: every operator call's path starts with it (the server mounts there). */
export const OPS_PREFIX = '/ops';
/** Who runs the command line (`--operator NAME`, else the system account's name), on every request. */
export const OPS_OPERATOR_HEADER = 'x-ops-operator';
export const OPS_OPERATOR_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
export const MSG_OPS_OPERATOR = '操作人名称为1-32位字母、数字、点、下划线或连字符';
/** How the command line signs the audit log and reviewed items: 命令行（alice）. */
export const cliActorName = (who: string | undefined) => (who ? `命令行（${who}）` : '命令行');

/** Review lists (deposits, withdrawals, applications): rows per request, default and most. */
export const OPS_LIST_DEFAULT = 100;
export const OPS_LIST_MAX = 1000;
/** Review states a list can show: 1 pending (the default), 2 approved, 3 rejected, 0 all of them. */
export const OPS_LIST_STATES = [0, 1, 2, 3] as const;
export const OPS_LIST_STATE_DEFAULT = 1;
export const OPS_LIST_STATE_ALL = 0;
/** Longest member name, venue platform or lottery code the operator may name. */
export const OPS_NAME_MAX = 32;
/** Largest row id (a PostgreSQL integer). */
export const OPS_ID_MAX = 2_147_483_647;

/** An amount the operator types (credit, valid bet): digits with at most two decimals. */
export const OPS_AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
/** One bound of a deposit method's range, in yuan. */
export const YUAN_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;
/** A Beijing day as the operator writes it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const MSG_OPS_AMOUNT = '金额无效';
export const MSG_OPS_DAY = '日期格式：YYYY-MM-DD';

/**
 * A whole number in [min, max]: a query string (GET) or a JSON number or numeric string (POST).
 * Coerced as `Number(value)` does, so `true` is 1 and `null` is 0 (then refused by `min` ≥ 1).
 */
export function WholeNumber(min: number, max?: number) {
  const checks = [z.int(), z.minimum(min), ...(max === undefined ? [] : [z.maximum(max)])];
  return z.coerce.number<number | string>().check(...checks);
}

/** A review list's query: which state (default pending) and how many rows (default 100). */
export const ReviewListQuery = z.object({
  state: z._default(WholeNumber(0, 3), OPS_LIST_STATE_DEFAULT),
  limit: z._default(WholeNumber(1, OPS_LIST_MAX), OPS_LIST_DEFAULT),
});

/** A member's name as the operator types it (any case). */
export const OpsUsername = z.string().check(z.minLength(1), z.maxLength(OPS_NAME_MAX));
/** A row id (withdrawal, application). */
export const OpsId = z.object({ id: WholeNumber(1, OPS_ID_MAX) });
/** A Beijing day that exists. */
export const OpsDay = z.object({ day: z.string().check(z.refine(isCalendarDay, MSG_OPS_DAY)) });

/** Cents of an operator amount: 0.01 up to the largest single amount (100 million yuan); else null. */
export function opsAmountCents(text: string): number | null {
  const trimmed = text.trim();
  const cents = OPS_AMOUNT_PATTERN.test(trimmed) ? toCents(trimmed) : null;
  return cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS ? null : cents;
}

/** The text of an operator amount, before its value is checked (WithOpsAmount). */
export const OpsAmountText = z.string().check(z.maxLength(32));

/**
 * A request with an `amount` the operator typed: every field is checked first, then the amount's
 * value (MSG_OPS_AMOUNT when it is not one), which the server gets in cents.
 */
export function WithOpsAmount<S extends z.ZodMiniObject<{ amount: typeof OpsAmountText }>>(request: S) {
  return z.pipe(
    request,
    z.transform((o: z.output<S>, ctx) => {
      const cents = opsAmountCents(o.amount);
      return cents === null ? reject(ctx, MSG_OPS_AMOUNT) : { ...o, amount: cents };
    }),
  );
}

/** A call that reads nothing of its request: whatever is sent (or nothing) is accepted. */
export const OpsNothing = z.pipe(
  z.unknown(),
  z.transform(() => ({})),
);
