import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { DAY_MS, now } from '../core/clock';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/accounts';
import { playSettings } from '../db/schema/protection';

/** A session ends 7 days after its last use, and 30 days after sign-in at the latest. */
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** last_seen_at is written at most once a minute (the app polls every 2.5 s). */
export const SESSION_TOUCH_MS = 60_000;

/** 256 random bits, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface Member {
  id: number;
  username: string;
  isTrial: boolean;
  sessionId: number;
}

/**
 * 'password_reset': a live session of a member whose login password is a one-time one an operator
 * set (users.must_change_password): only the calls of PASSWORD_CHANGE_CALLS take it (http/plugins/
 * auth.ts); anything else that looks sessions up (the chat socket) refuses it as it refuses any
 * status but 'ok', and games refuse it through liveSessionOf.
 */
export type SessionLookup =
  | { status: 'ok'; member: Member }
  | { status: 'password_reset'; member: Member }
  | { status: 'blocked' }
  /** The member's 单次登录时长 (责任博彩) has run out for this session. */
  | { status: 'session_limit' }
  | { status: 'invalid' }
  | { status: 'missing' };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a session for the user; the token is returned once and only its hash is stored. A member's
 * session-time limit (play_settings) fixes when it ends.
 */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = new Date(now());
  const [settings] = await db
    .select({ minutes: playSettings.sessionLimitMinutes })
    .from(playSettings)
    .where(eq(playSettings.userId, userId));
  const endsAt = settings?.minutes ? new Date(at.getTime() + settings.minutes * 60_000) : null;
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, createdAt: at, lastSeenAt: at, endsAt });
  return token;
}

/** Removes the user's sessions that can no longer be used (called at sign-in, keeps the table small). */
export async function pruneSessions(db: Db, userId: number): Promise<void> {
  const t = now();
  await db.delete(sessions).where(and(eq(sessions.userId, userId), not(usableAt(t))));
}

/** The session lookup of every signed-in request, prepared once per database (planned once). */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();

function prepareSessionQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      endsAt: sessions.endsAt,
      userId: users.id,
      username: users.username,
      isTrial: users.isTrial,
      blocked: users.blocked,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_lookup');
}

function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

export async function lookupSession(db: Db, token: string | null): Promise<SessionLookup> {
  if (!token) return { status: 'missing' };
  if (!TOKEN_PATTERN.test(token)) return { status: 'invalid' };
  const [row] = await sessionQuery(db).execute({ tokenHash: hashToken(token) });
  if (!row || row.revokedAt) return { status: 'invalid' };
  const t = now();
  if (t - row.lastSeenAt.getTime() >= SESSION_IDLE_MS || t - row.createdAt.getTime() >= SESSION_ABSOLUTE_MS) {
    return { status: 'invalid' };
  }
  if (row.endsAt && t >= row.endsAt.getTime()) return { status: 'session_limit' };
  if (row.blocked) return { status: 'blocked' };
  if (t - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    // Guarded, so concurrent polls of one session write once.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(t) })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, new Date(t - SESSION_TOUCH_MS))));
  }
  return {
    status: row.mustChangePassword ? 'password_reset' : 'ok',
    member: { id: row.userId, username: row.username, isTrial: row.isTrial === 1, sessionId: row.sessionId },
  };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now()) })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} is null`));
}

/** Ends every session of a user (password change, block). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now()) })
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
}

/**
 * Ends every session of a user except `keepSessionId` (the one that changed the password); returns
 * the ids of the sessions it ended.
 */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<number[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(now()) })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), sql`${sessions.revokedAt} is null`),
    )
    .returning({ id: sessions.id });
  return ended.map((r) => r.id);
}

/**
 * The condition of a session still usable at time `t` (not revoked, neither idle nor too old) whose
 * member is not blocked and not waiting to change a one-time login password — the same rule as
 * lookupSession's 'ok', for queries that join sessions and users (a game's calls, the chat's re-check).
 */
export function liveSessionOf(t: number): SQL {
  return and(usableAt(t), eq(users.blocked, false), eq(users.mustChangePassword, false)) as SQL;
}

/** A session not revoked, neither idle nor too old at time `t` (whoever its member is). */
function usableAt(t: number): SQL {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.lastSeenAt, new Date(t - SESSION_IDLE_MS)),
    gt(sessions.createdAt, new Date(t - SESSION_ABSOLUTE_MS)),
    or(isNull(sessions.endsAt), gt(sessions.endsAt, new Date(t))),
  ) as SQL;
}

/**
 * Of the given sessions, those that ended and why: 'blocked' when the member is blocked, else
 * 'revoked' (revoked, expired or gone). Sessions still live are not listed.
 */
export async function endedSessions(db: Db, ids: number[]): Promise<Map<number, 'revoked' | 'blocked'>> {
  const ended = new Map<number, 'revoked' | 'blocked'>();
  if (ids.length === 0) return ended;
  const t = now();
  const rows = await db
    .select({ id: sessions.id, blocked: users.blocked, live: sql<boolean>`${liveSessionOf(t)}` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.id, ids));
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const r = found.get(id);
    if (!r) ended.set(id, 'revoked');
    else if (r.blocked) ended.set(id, 'blocked');
    else if (!r.live) ended.set(id, 'revoked');
  }
  return ended;
}
