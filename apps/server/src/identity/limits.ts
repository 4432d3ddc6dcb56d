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
  /** Addresses an operator finished a sign-in from (the TOTP code), as loginKnown. */
  consoleLoginKnown: 'console_login_known',
  consoleTotp: 'console_totp',
  /** Wrong old passwords per operator when changing its own. */
  consolePassword: 'console_password',
  /** Member pages an operator opened (every read counts; modules/member/admin-page.ts). */
  consoleMemberReads: 'console_member_reads',
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
          ne(attemptLimits.kind, KIND.consoleLoginKnown),
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

/** The counters of one door's sign-in: per (name, address), per name, and the addresses known to a name. */
export interface SignInKinds {
  pair: Kind;
  name: Kind;
  known: Kind;
}
export const MEMBER_SIGN_IN: SignInKinds = { pair: KIND.login, name: KIND.loginName, known: KIND.loginKnown };
export const OPERATOR_SIGN_IN: SignInKinds = {
  pair: KIND.consoleLogin,
  name: KIND.consoleLoginName,
  known: KIND.consoleLoginKnown,
};

/** A sign-in refused by a limit: which one, for how long, and whether this try is the one that reached it. */
export interface SignInRefusal {
  scope: 'address' | 'name';
  minutesLeft: number;
  justLocked: boolean;
}

const knownSubject = (name: string, address: string) => `${name.toLowerCase()}|${address}`;

/**
 * Reserves a sign-in attempt for (name, address) and for the name; answers the refusal when either
 * is over its limit. The name ceiling does not refuse an address that signed in to this name before,
 * so failures from elsewhere cannot keep the owner out. Call before checking the password.
 */
export async function reserveSignIn(
  db: Db,
  kinds: SignInKinds,
  max: { pair: number; name: number },
  name: string,
  address: string,
): Promise<SignInRefusal | null> {
  const pair = knownSubject(name, address);
  const byAddress = await reserveAttempt(db, kinds.pair, pair);
  if (byAddress.failures > max.pair) {
    return {
      scope: 'address',
      minutesLeft: byAddress.minutesLeft,
      justLocked: byAddress.failures === max.pair + 1,
    };
  }
  // Only tries this address may still make reach the name's count, so one address alone cannot
  // push the name to its ceiling by hammering.
  const byName = await reserveAttempt(db, kinds.name, name.toLowerCase());
  if (byName.failures > max.name && !(await isKnownAddress(db, kinds.known, pair))) {
    return { scope: 'name', minutesLeft: byName.minutesLeft, justLocked: byName.failures === max.name + 1 };
  }
  return null;
}

/** A member's sign-in attempt (reserveSignIn), refused with the app's 429 messages. */
export async function reserveLogin(
  db: Db,
  limits: LoginLimits,
  name: string,
  address: string,
): Promise<void> {
  const max = { pair: limits.loginFailuresPer15Min, name: limits.loginNameFailuresPer15Min };
  const refusal = await reserveSignIn(db, MEMBER_SIGN_IN, max, name, address);
  if (refusal?.scope === 'address') throw new BusinessError(msgLoginLocked(refusal.minutesLeft), 429);
  if (refusal) throw new BusinessError(msgAccountLoginLocked(refusal.minutesLeft), 429);
}

/** After a correct password: clears this address's failures and gives back the name's reserved try. */
export async function passwordAccepted(db: Db, kinds: SignInKinds, name: string, address: string) {
  await clearAttempts(db, kinds.pair, knownSubject(name, address));
  await releaseAttempt(db, kinds.name, name.toLowerCase());
}

/** After a whole sign-in: the address is the name's own for KNOWN_ADDRESS_MS (exempt from its ceiling). */
export async function rememberAddress(db: Db, kinds: SignInKinds, name: string, address: string) {
  const seen = new Date(now());
  await db
    .insert(attemptLimits)
    .values({ kind: kinds.known, subject: knownSubject(name, address), windowStart: seen, failures: 0 })
    .onConflictDoUpdate({ target: [attemptLimits.kind, attemptLimits.subject], set: { windowStart: seen } });
}

/** A member's correct password: the sign-in is whole, so the address is remembered too. */
export async function loginSucceeded(db: Db, name: string, address: string): Promise<void> {
  await passwordAccepted(db, MEMBER_SIGN_IN, name, address);
  await rememberAddress(db, MEMBER_SIGN_IN, name, address);
}

async function isKnownAddress(db: Db, kind: Kind, pair: string): Promise<boolean> {
  const [row] = await db
    .select({ kind: attemptLimits.kind })
    .from(attemptLimits)
    .where(
      and(
        eq(attemptLimits.kind, kind),
        eq(attemptLimits.subject, pair),
        gt(attemptLimits.windowStart, new Date(now() - KNOWN_ADDRESS_MS)),
      ),
    );
  return row !== undefined;
}
