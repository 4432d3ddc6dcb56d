import { msgAccountLoginLocked, msgLoginLocked } from '@app/contract/auth';
import { msgPayPasswordLocked } from '@app/contract/withdrawals';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { DAY_MS, now } from '../core/clock';
import type { Config } from '../core/config';
import type { Db } from '../db/client';
import { attemptLimits } from '../db/schema/accounts';
import { BusinessError } from '../core/errors';

/**
 * Failure limits of guessable secrets, kept in `attempt_limits` so they hold across processes.
 * Each counter runs in a fixed 15-minute window from its first failure. An attempt is reserved with
 * one atomic upsert BEFORE the secret is checked, so concurrent tries cannot all slip under the
 * limit: of 50 at once, exactly `max` are checked.
 */

export const ATTEMPT_WINDOW_MS = 15 * 60_000;
/** Wrong payment passwords per member per window (server-rules.md, Withdrawals). */
export const PAY_PASSWORD_MAX_FAILURES = 5;
/** A successful sign-in keeps its address "usual" for the name this long (exempt from the name ceiling). */
export const KNOWN_ADDRESS_MS = 30 * DAY_MS;
/** Expired rows are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

export const KIND = {
  /** Failed sign-ins per (name, client address). */
  login: 'login',
  /** Failed sign-ins per name from all addresses: the ceiling against many addresses. */
  loginName: 'login_name',
  /** Addresses that signed in to a name (window_start = the last success; failures unused). */
  loginKnown: 'login_known',
  /** Wrong payment passwords per member. */
  payPassword: 'pay_password',
  /** Console: failed operator sign-ins per (name, address), per name, and wrong TOTP codes per operator. */
  consoleLogin: 'console_login',
  consoleLoginName: 'console_login_name',
  consoleTotp: 'console_totp',
} as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

export interface Reservation {
  /** Failures in the current window, this attempt included. */
  failures: number;
  /** Whole minutes (at least 1) until the window ends. */
  minutesLeft: number;
}

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Counts one attempt against (kind, subject), starting a new window when the last one is over. */
export async function reserveAttempt(db: Db, kind: Kind, subject: string): Promise<Reservation> {
  const t = now();
  // A window is over when it started a full window ago, or lies beyond a window in the future
  // (the clock was moved back); every expression below sees the row as it was before this update.
  const over = sql`(${attemptLimits.windowStart} <= ${at(t - ATTEMPT_WINDOW_MS)} or ${attemptLimits.windowStart} > ${at(t + ATTEMPT_WINDOW_MS)})`;
  const [row] = await db
    .insert(attemptLimits)
    .values({ kind, subject, windowStart: new Date(t), failures: 1 })
    .onConflictDoUpdate({
      target: [attemptLimits.kind, attemptLimits.subject],
      set: {
        failures: sql`case when ${over} then 1 else ${attemptLimits.failures} + 1 end`,
        windowStart: sql`case when ${over} then ${at(t)} else ${attemptLimits.windowStart} end`,
      },
    })
    .returning({ failures: attemptLimits.failures, windowStart: attemptLimits.windowStart });
  if (!row) throw new Error('attempt_limits upsert returned no row');
  if (row.failures === 1) await pruneAttempts(db);
  const left = Math.min(ATTEMPT_WINDOW_MS, row.windowStart.getTime() + ATTEMPT_WINDOW_MS - t);
  return { failures: row.failures, minutesLeft: Math.max(1, Math.ceil(left / 60_000)) };
}

/** Gives back one reserved attempt (a success that must not clear others' failures). */
async function releaseAttempt(db: Db, kind: Kind, subject: string): Promise<void> {
  await db
    .update(attemptLimits)
    .set({ failures: sql`greatest(${attemptLimits.failures} - 1, 0)` })
    .where(and(eq(attemptLimits.kind, kind), eq(attemptLimits.subject, subject)));
}

export async function clearAttempts(db: Db, kind: Kind, subject: string): Promise<void> {
  await db.delete(attemptLimits).where(and(eq(attemptLimits.kind, kind), eq(attemptLimits.subject, subject)));
}

let lastPruneAt = Number.NEGATIVE_INFINITY;

/** Deletes counters whose window is over and usual addresses not seen for KNOWN_ADDRESS_MS. */
export async function pruneAttempts(db: Db, force = false): Promise<void> {
  const t = now();
  if (!force && Math.abs(t - lastPruneAt) < PRUNE_EVERY_MS) return;
  lastPruneAt = t;
  await db
    .delete(attemptLimits)
    .where(
      or(
        and(
          ne(attemptLimits.kind, KIND.loginKnown),
          lt(attemptLimits.windowStart, new Date(t - ATTEMPT_WINDOW_MS)),
        ),
        lt(attemptLimits.windowStart, new Date(t - KNOWN_ADDRESS_MS)),
      ),
    );
}

/* Payment password ----------------------------------------------------------------------------- */

/**
 * Checks a payment password under the limit: refuses with 429 while the member's window is full,
 * else reserves a try, runs `verify`, and clears the count when it passes. Returns verify's answer.
 */
export async function limitedPayPasswordCheck(
  db: Db,
  userId: number,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const subject = String(userId);
  const r = await reserveAttempt(db, KIND.payPassword, subject);
  if (r.failures > PAY_PASSWORD_MAX_FAILURES)
    throw new BusinessError(msgPayPasswordLocked(r.minutesLeft), 429);
  const ok = await verify();
  if (ok) await clearAttempts(db, KIND.payPassword, subject);
  return ok;
}

/* Sign-in -------------------------------------------------------------------------------------- */

type LoginLimits = Pick<Config['rateLimit'], 'loginFailuresPer15Min' | 'loginNameFailuresPer15Min'>;

const knownSubject = (name: string, address: string) => `${name.toLowerCase()}|${address}`;

/**
 * Reserves a sign-in attempt for (name, address) and for the name; throws 429 when either is over
 * its limit. The name ceiling does not refuse an address that signed in to this name before, so
 * failures from elsewhere cannot keep the member out. Call before checking the password.
 */
export async function reserveLogin(
  db: Db,
  limits: LoginLimits,
  name: string,
  address: string,
): Promise<void> {
  const pair = knownSubject(name, address);
  const byAddress = await reserveAttempt(db, KIND.login, pair);
  if (byAddress.failures > limits.loginFailuresPer15Min) {
    throw new BusinessError(msgLoginLocked(byAddress.minutesLeft), 429);
  }
  // Only tries this address may still make reach the name's count, so one address alone cannot
  // push the name to its ceiling by hammering.
  const byName = await reserveAttempt(db, KIND.loginName, name.toLowerCase());
  if (byName.failures > limits.loginNameFailuresPer15Min && !(await isKnownAddress(db, pair))) {
    throw new BusinessError(msgAccountLoginLocked(byName.minutesLeft), 429);
  }
}

/** After a correct password: clears this address's failures, gives back the name's reserved try, remembers the address. */
export async function loginSucceeded(db: Db, name: string, address: string): Promise<void> {
  const pair = knownSubject(name, address);
  await clearAttempts(db, KIND.login, pair);
  await releaseAttempt(db, KIND.loginName, name.toLowerCase());
  const seen = new Date(now());
  await db
    .insert(attemptLimits)
    .values({ kind: KIND.loginKnown, subject: pair, windowStart: seen, failures: 0 })
    .onConflictDoUpdate({ target: [attemptLimits.kind, attemptLimits.subject], set: { windowStart: seen } });
}

async function isKnownAddress(db: Db, pair: string): Promise<boolean> {
  const [row] = await db
    .select({ kind: attemptLimits.kind })
    .from(attemptLimits)
    .where(
      and(
        eq(attemptLimits.kind, KIND.loginKnown),
        eq(attemptLimits.subject, pair),
        gt(attemptLimits.windowStart, new Date(now() - KNOWN_ADDRESS_MS)),
      ),
    );
  return row !== undefined;
}
