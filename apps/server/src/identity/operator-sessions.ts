import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CONSOLE_IDLE_MINUTES,
  CONSOLE_SESSION_MAX_HOURS,
  type OperatorRole,
} from '@app/contract/console-define';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { now } from '../core/clock';
import type { Db } from '../db/client';
import { operatorSessions, operators } from '../db/schema/operators';

/* Console sessions: an opaque token in the cookie, its sha256 in operator_sessions. */

export const CONSOLE_IDLE_MS = CONSOLE_IDLE_MINUTES * 60_000;
export const CONSOLE_SESSION_MAX_MS = CONSOLE_SESSION_MAX_HOURS * 3_600_000;
/** Sign-in must be finished (TOTP) this soon after the password. */
export const PENDING_SESSION_MS = 10 * 60_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_MS = 30_000;

export type SessionStage = 'pending' | 'active';

export interface ConsoleOperator {
  id: number;
  name: string;
  role: OperatorRole;
  sessionId: number;
  stage: SessionStage;
  /** The CSRF token of this session (derived from the cookie's token, never stored). */
  csrf: string;
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The CSRF token of a session: an HMAC of its secret token, so it needs no storage and no other tab can guess it. */
export function csrfOf(token: string): string {
  return createHmac('sha256', token).update('console-csrf').digest('base64url');
}

export function csrfMatches(presented: string | undefined, token: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(csrfOf(token));
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function createSession(
  db: Db,
  operatorId: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = new Date(now());
  await db.insert(operatorSessions).values({
    tokenHash: hashSessionToken(token),
    operatorId,
    stage: 'pending',
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
    createdAt: at,
    lastSeenAt: at,
  });
  return token;
}

/**
 * The operator behind a cookie's token, or null when it is unknown, revoked, idle too long, older
 * than CONSOLE_SESSION_MAX_HOURS or the operator is disabled. A call a person made (`byPerson`)
 * keeps the session alive; the console's own refreshes do not, so an open tab still times out.
 */
export async function lookupSession(db: Db, token: string, byPerson = true): Promise<ConsoleOperator | null> {
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      stage: operatorSessions.stage,
      createdAt: operatorSessions.createdAt,
      lastSeenAt: operatorSessions.lastSeenAt,
      revokedAt: operatorSessions.revokedAt,
      id: operators.id,
      name: operators.name,
      role: operators.role,
      disabled: operators.disabled,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashSessionToken(token)));
  if (!row || row.revokedAt || row.disabled) return null;
  const t = now();
  const stage = row.stage as SessionStage;
  if (stage === 'pending' && t - row.createdAt.getTime() > PENDING_SESSION_MS) return null;
  if (t - row.lastSeenAt.getTime() > CONSOLE_IDLE_MS) return null;
  if (t - row.createdAt.getTime() > CONSOLE_SESSION_MAX_MS) return null;
  if (byPerson && t - row.lastSeenAt.getTime() > TOUCH_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(t) })
      .where(eq(operatorSessions.id, row.sessionId));
  }
  return {
    id: row.id,
    name: row.name,
    role: row.role as OperatorRole,
    sessionId: row.sessionId,
    stage,
    csrf: csrfOf(token),
  };
}

export async function activateSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ stage: 'active', lastSeenAt: new Date(now()) })
    .where(eq(operatorSessions.id, sessionId));
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date(now()) })
    .where(and(eq(operatorSessions.tokenHash, hashSessionToken(token)), isNull(operatorSessions.revokedAt)));
}

/**
 * Ends every session of an operator (disabled, role changed, password reset), or every one but
 * `keep` (its own password changed in that session). Answers how many it ended.
 */
export async function revokeOperatorSessions(db: Db, operatorId: number, keep?: number): Promise<number> {
  const ended = await db
    .update(operatorSessions)
    .set({ revokedAt: new Date(now()) })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keep === undefined ? undefined : ne(operatorSessions.id, keep),
      ),
    )
    .returning({ id: operatorSessions.id });
  return ended.length;
}

/** The operator and address of a session still open (for the sign-out's audit row), or null. */
export async function openSession(db: Db, token: string) {
  const [row] = await db
    .select({ sessionId: operatorSessions.id, operatorId: operatorSessions.operatorId, name: operators.name })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashSessionToken(token)), isNull(operatorSessions.revokedAt)));
  return row ?? null;
}

/**
 * Hands a pending enrolment its secret once: set on the session that asked if it has none, else
 * null (it was shown already). Another session's enrolment gets a secret of its own.
 */
export async function takeEnrolmentSecret(db: Db, sessionId: number, secret: string): Promise<boolean> {
  const set = await db
    .update(operatorSessions)
    .set({ totpSecret: secret })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.totpSecret)))
    .returning({ id: operatorSessions.id });
  return set.length === 1;
}

/** The secret the session's enrolment showed, if any. */
export async function enrolmentSecretOf(db: Db, sessionId: number): Promise<string | null> {
  const [row] = await db
    .select({ secret: operatorSessions.totpSecret })
    .from(operatorSessions)
    .where(eq(operatorSessions.id, sessionId));
  return row?.secret ?? null;
}

/** Deletes sessions that can no longer be used (called now and then at sign-in). */
export async function pruneSessions(db: Db): Promise<void> {
  const idle = new Date(now() - CONSOLE_IDLE_MS);
  await db
    .delete(operatorSessions)
    .where(or(lt(operatorSessions.lastSeenAt, idle), lt(operatorSessions.revokedAt, idle)));
}
