import { and, eq, isNull } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/accounts';
import { afterCommit } from '../../db/scope';
import type { RoomBus } from '../../http/realtime/room-bus';
import { endGameAccess } from '../games/demo';
import { revokeSession } from '../../identity/sessions';

/*
 * What ends with a sign-in: its demo games and launch tickets, and its chat sockets on every process.
 * The database change comes first (committed), so the games' own checks (joined to the session) and a
 * process re-checking its sockets already see it; then the bus closes the sockets at once.
 */

/** After sign-in sessions ended (password change: the member's other sessions). */
export async function sessionsEnded(
  db: Db,
  bus: RoomBus,
  userId: number,
  sessionIds: number[],
): Promise<void> {
  if (sessionIds.length === 0) return;
  await endGameAccess(db, userId, sessionIds);
  await bus.publishRevocation({ userId, sessionIds, reason: 'revoked' });
}

/** Logout: ends this sign-in session and what belongs to it. */
export async function signOut(
  db: Db,
  bus: RoomBus,
  member: { id: number; sessionId: number },
): Promise<void> {
  await revokeSession(db, member.sessionId);
  await sessionsEnded(db, bus, member.id, [member.sessionId]);
}

/** Revokes every live session row of the member; returns the ids it ended. */
async function revokeAll(db: Db, userId: number): Promise<number[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(now()) })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((r) => r.id);
}

/**
 * A block, from any door (member/admin-actions.ts blockMember): every session of the member ends
 * (revoked, so their next call answers 401 and the app signs them out; signing in again answers 403
 * 账号已被冻结), with every game, ticket and socket. Inside a transaction the sockets close once it has
 * committed. Returns the sessions ended.
 */
export async function memberBlockedSignedOut(db: Db, bus: RoomBus, userId: number): Promise<number> {
  const ended = await revokeAll(db, userId);
  await endGameAccess(db, userId, null);
  await afterCommit(db, () => bus.publishRevocation({ userId, sessionIds: null, reason: 'blocked' }));
  return ended.length;
}

/**
 * Ends every session of the member (an operator reset the login password), with their games,
 * tickets and sockets; inside a transaction the sockets close once it has committed.
 */
export async function allSessionsEnded(db: Db, bus: RoomBus, userId: number): Promise<number> {
  const ended = await revokeAll(db, userId);
  if (ended.length === 0) return 0;
  await endGameAccess(db, userId, ended);
  await afterCommit(db, () => bus.publishRevocation({ userId, sessionIds: ended, reason: 'revoked' }));
  return ended.length;
}
