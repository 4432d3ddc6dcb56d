import { createHash, randomBytes, randomInt } from 'node:crypto';
import { formatCents } from '@app/contract/codecs';
import { and, eq, exists, gt, inArray, isNull } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import { gameLaunchTickets, gameSessions } from '../../db/schema/games';
import { wallets } from '../../db/schema/wallets';
import { BusinessError } from '../../core/errors';
import { liveSessionOf } from '../../identity/sessions';
import { MSG_INSUFFICIENT, post, SYSTEM, walletId } from '../wallet/ledger';
import { guardPlay } from '../protection/guard';
import { recordValidBet } from '../wallet/turnover';

/**
 * The built-in demo provider: every seeded platform's games are played on a small page we serve
 * (/demo-game/), staking from and paying into the member's wallet of that platform (venue).
 *
 * - getGameUrl makes a launch ticket: 256 random bits, only its sha256 stored, valid TICKET_TTL_MS,
 *   single use. The URL is the same-site path `/demo-game/?ticket=…`.
 * - The page redeems the ticket (a guarded update: unused and unexpired) for a session token
 *   (256 random bits, sha256 stored, valid SESSION_TTL_MS), sent as `Authorization: Bearer` on its calls.
 * - Both belong to the member's sign-in session that asked for the game (session_id). Redeeming and
 *   every call of the page find the ticket or game session in one query joined to that sign-in session
 *   and the member: once it is revoked or expired, or the member blocked, the game is over on every
 *   process with no message needed. Logout, password change and block also delete the rows
 *   (endGameAccess), and so does the cascade when a sign-in session row is removed.
 * - A round (spin): the stake leaves the venue wallet and any payout returns to it, against the
 *   game_house system account, in one ledger movement; one valid_bets row in the platform's category.
 *
 * The rule (house edge 4 %): a roll of 1–100 from the crypto RNG; 53–100 (48 %) pays 2× the stake
 * (stake back plus as much again), 1–52 loses the stake. Return to player 96 %.
 */

export const TICKET_TTL_MS = 60_000;
export const SESSION_TTL_MS = 2 * 3600_000;
export const WIN_FROM = 53;
export const PAYOUT_MULTIPLIER = 2n;
export const DEMO_GAME_PATH = '/demo-game/';

export const MSG_TICKET_INVALID = '游戏链接已失效，请返回重新进入游戏';
export const MSG_SESSION_INVALID = '游戏会话已过期，请返回重新进入游戏';
export const MSG_STAKE_INVALID = '请输入有效的投注金额';
export { MSG_INSUFFICIENT };

/** The most one round may stake (1,000,000.00). */
const MAX_STAKE_CENTS = 100_000_000n;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

export interface Launch {
  userId: number;
  /** The sign-in session that asked for the game. */
  sessionId: number;
  platform: string;
  gameCode: string;
  category: string;
}

/** A launch ticket for the member; returns the URL of the demo game carrying it. */
export async function createLaunchTicket(db: Db, launch: Launch): Promise<string> {
  const ticket = newSecret();
  const at = now();
  await db.insert(gameLaunchTickets).values({
    ticketHash: sha256(ticket),
    userId: launch.userId,
    sessionId: launch.sessionId,
    platform: launch.platform,
    gameCode: launch.gameCode,
    category: launch.category,
    expiresAt: new Date(at + TICKET_TTL_MS),
    createdAt: new Date(at),
  });
  return `${DEMO_GAME_PATH}?${new URLSearchParams({ ticket })}`;
}

export interface GameSession extends Launch {
  id: number;
}

/** Joins a game row to its sign-in session (of the same member). */
function ownSignIn(
  sessionColumn: typeof gameSessions.sessionId | typeof gameLaunchTickets.sessionId,
  userColumn: typeof gameSessions.userId | typeof gameLaunchTickets.userId,
) {
  return and(eq(sessions.id, sessionColumn), eq(sessions.userId, userColumn));
}

/**
 * Redeems a ticket (once, before it expires, while its sign-in session is live and the member not
 * blocked) for a game session of the same sign-in session; returns the session token.
 */
export async function redeemTicket(db: Db, ticket: string): Promise<{ token: string; session: GameSession }> {
  const at = new Date(now());
  const live = db
    .select({ one: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(ownSignIn(gameLaunchTickets.sessionId, gameLaunchTickets.userId), liveSessionOf(at.getTime())),
    );
  const [used] = await db
    .update(gameLaunchTickets)
    .set({ usedAt: at })
    .where(
      and(
        eq(gameLaunchTickets.ticketHash, sha256(ticket)),
        isNull(gameLaunchTickets.usedAt),
        gt(gameLaunchTickets.expiresAt, at),
        exists(live),
      ),
    )
    .returning();
  if (!used) throw new BusinessError(MSG_TICKET_INVALID, 401);
  const token = newSecret();
  const [row] = await db
    .insert(gameSessions)
    .values({
      tokenHash: sha256(token),
      userId: used.userId,
      sessionId: used.sessionId,
      platform: used.platform,
      gameCode: used.gameCode,
      category: used.category,
      expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('game session not created');
  return { token, session: toSession(row) };
}

function toSession(row: typeof gameSessions.$inferSelect): GameSession {
  return {
    id: row.id,
    userId: row.userId,
    sessionId: row.sessionId ?? 0,
    platform: row.platform,
    gameCode: row.gameCode,
    category: row.category,
  };
}

/**
 * The live game session of a token, else 401: unknown or expired, or its sign-in session revoked or
 * expired, or the member blocked — one query, so it holds on every process at once.
 */
export async function sessionOf(db: Db, token: string | null): Promise<GameSession> {
  if (!token) throw new BusinessError(MSG_SESSION_INVALID, 401);
  const t = now();
  const [row] = await db
    .select({ game: gameSessions })
    .from(gameSessions)
    .innerJoin(sessions, ownSignIn(gameSessions.sessionId, gameSessions.userId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(gameSessions.tokenHash, sha256(token)),
        gt(gameSessions.expiresAt, new Date(t)),
        liveSessionOf(t),
      ),
    );
  if (!row) throw new BusinessError(MSG_SESSION_INVALID, 401);
  return toSession(row.game);
}

/**
 * Ends games and unused tickets: of the given sign-in sessions (logout, password change), or all of
 * the member's (sessionIds null: a block). The queries above already refuse them; this removes them.
 */
export async function endGameAccess(db: Db, userId: number, sessionIds: number[] | null): Promise<void> {
  if (sessionIds !== null && sessionIds.length === 0) return;
  const ofTickets = sessionIds === null ? undefined : inArray(gameLaunchTickets.sessionId, sessionIds);
  const ofGames = sessionIds === null ? undefined : inArray(gameSessions.sessionId, sessionIds);
  await db.delete(gameLaunchTickets).where(and(eq(gameLaunchTickets.userId, userId), ofTickets));
  await db.delete(gameSessions).where(and(eq(gameSessions.userId, userId), ofGames));
}

/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? '');
  return m?.[1] ?? null;
}

/** The venue wallet's balance in cents (0 when the wallet does not exist yet). */
export async function venueBalance(
  db: Db,
  session: Pick<GameSession, 'userId' | 'platform'>,
): Promise<bigint> {
  const [row] = await db
    .select({ cents: wallets.balanceCents })
    .from(wallets)
    .where(and(eq(wallets.userId, session.userId), eq(wallets.venue, session.platform)));
  return row?.cents ?? 0n;
}

/** A stake as typed: yuan with at most two decimals ("10", "10.5", "10.50", or a number), > 0. */
export function parseStake(value: unknown): bigint {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') throw new BusinessError(MSG_STAKE_INVALID);
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new BusinessError(MSG_STAKE_INVALID);
  const cents = BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
  if (cents <= 0n || cents > MAX_STAKE_CENTS) throw new BusinessError(MSG_STAKE_INVALID);
  return cents;
}

/** The payout of a roll (1–100) for a stake: the documented rule above. */
export function payoutOf(roll: number, stakeCents: bigint): bigint {
  return roll >= WIN_FROM ? stakeCents * PAYOUT_MULTIPLIER : 0n;
}

export interface SpinResult {
  roll: number;
  stake: string;
  payout: string;
  win: boolean;
  balance: string;
}

/**
 * One round: stake out of the venue wallet (guarded: never below zero, else 余额不足) and the payout
 * back in, against the game house, as one ledger movement; and its valid bet — all in one transaction.
 */
export async function spin(
  db: Db,
  session: GameSession,
  stakeCents: bigint,
  roll: number = randomInt(1, 101),
): Promise<SpinResult> {
  const wallet = await walletId(db, session.userId, session.platform);
  const payout = payoutOf(roll, stakeCents);
  const balance = await db.transaction(async (tx) => {
    await post(tx, {
      reason: 'game_round',
      reference: `game_session:${session.id}`,
      // The debit comes first for the same wallet, so the guard sees the stake alone.
      legs: [
        { wallet, cents: -stakeCents },
        { account: SYSTEM.gameHouse, cents: stakeCents },
        { wallet, cents: payout },
        { account: SYSTEM.gameHouse, cents: -payout },
      ],
    });
    // One spin has one outcome per stake: nothing of it is hedged, so the whole stake is at risk.
    await recordValidBet(tx, session.userId, {
      platform: session.platform,
      category: session.category,
      stakeCents,
      validCents: stakeCents,
      payoutCents: payout,
    });
    // 责任博彩: the round's stake counts as lost whatever it paid (see PlayCheck.unseenWin).
    await guardPlay(tx, session.userId, { kinds: ['loss', 'wager'], amount: stakeCents, unseenWin: payout });
    // The sign-in session checked before this round may have ended since: check it again under a
    // share lock (after the wallet and member rows, the one lock order), so a logout, block or
    // password change either commits first and refuses this round, or waits for it to finish.
    const [live] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId), liveSessionOf(now())),
      )
      .for('share');
    if (!live) throw new BusinessError(MSG_SESSION_INVALID, 401);
    const [row] = await tx
      .select({ cents: wallets.balanceCents })
      .from(wallets)
      .where(eq(wallets.id, wallet));
    return row?.cents ?? 0n;
  });
  return {
    roll,
    stake: formatCents(stakeCents),
    payout: formatCents(payout),
    win: payout > 0n,
    balance: formatCents(balance),
  };
}
