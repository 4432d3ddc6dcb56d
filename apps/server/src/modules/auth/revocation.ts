import type { Db } from '../../db/client';
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

/**
 * A block: the member's sessions stay (their next call answers 403 账号已被冻结), but every game,
 * ticket and socket of the member ends, whichever session opened it.
 */
export async function memberBlocked(db: Db, bus: RoomBus, userId: number): Promise<void> {
  await endGameAccess(db, userId, null);
  await bus.publishRevocation({ userId, sessionIds: null, reason: 'blocked' });
}
