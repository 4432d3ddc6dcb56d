/* Who talks to the desk. The desk page runs in an opaque origin (no cookies, no storage of ours), so
 * it holds a support token: a signed-in member's (getservicerurl's one-time ticket, redeemed by
 * supportTicket) or a visitor's (supportVisitor, a nickname and the page's visitor key). Tokens,
 * tickets and visitor keys are random; only their sha256 is stored. A support token opens the desk
 * only: it is no session of the member's (sessions table), so the member's API refuses it. */
import { randomBytes } from 'node:crypto';
import {
  MSG_SUPPORT_EXPIRED,
  MSG_SUPPORT_NICKNAME,
  MSG_SUPPORT_NICKNAME_LONG,
  MSG_SUPPORT_SIGNED_OUT,
  MSG_SUPPORT_TICKET_INVALID,
  SUPPORT_DESK_PATH,
  SUPPORT_NICKNAME_MAX,
  SUPPORT_TICKET_TTL_SECONDS,
  SUPPORT_TOKEN_TTL_HOURS,
} from '@app/contract/support-desk';
import { and, eq, exists, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import { supportSessions, supportTickets } from '../../db/schema/support';
import { MSG_BLOCKED, tokenOf } from '../../http/plugins/auth';
import { hashToken, liveSessionOf, type Member } from '../../identity/sessions';
import { cleanChatText } from '../chat/service';

const randomToken = () => randomBytes(32).toString('base64url');

/** The holder of a support token: a member (userId) or a visitor (visitorHash), and its name. */
export interface SupportCaller {
  sessionId: number;
  kind: 'member' | 'visitor';
  userId: number | null;
  visitorHash: string | null;
  name: string;
  /** A member's sign-in session the token came from (its sockets close when it ends); null for a visitor. */
  signInId: number | null;
  /** When the token expires (epoch ms): a socket it opened closes then. */
  expiresAt: number;
}

/**
 * getservicerurl: our own desk (SUPPORT_DESK_PATH) with a one-time ticket for a signed-in member
 * (60 s, single use, tied to the member's sign-in session); an absolute address (an operator's own
 * desk: 美洽, LiveChat…) or no member: the address as configured. Spent and stale tickets of the
 * member are cleared as a new one is made.
 */
export async function serviceAddress(db: Db, configured: string, member: Member | null): Promise<string> {
  if (!member || configured !== SUPPORT_DESK_PATH) return configured;
  const at = now();
  await db
    .delete(supportTickets)
    .where(
      and(
        eq(supportTickets.userId, member.id),
        or(lt(supportTickets.expiresAt, new Date(at)), isNotNull(supportTickets.usedAt)),
      ),
    );
  const ticket = randomToken();
  await db.insert(supportTickets).values({
    tokenHash: hashToken(ticket),
    userId: member.id,
    sessionId: member.sessionId,
    createdAt: new Date(at),
    expiresAt: new Date(at + SUPPORT_TICKET_TTL_SECONDS * 1000),
  });
  return `${SUPPORT_DESK_PATH}#/?${new URLSearchParams({ t: ticket })}`;
}

async function newSupportSession(
  db: Db,
  who: { userId: number; sessionId: number | null } | { visitorHash: string; nickname: string },
  ip: string,
): Promise<string> {
  const token = randomToken();
  const at = now();
  await db.insert(supportSessions).values({
    ...who,
    tokenHash: hashToken(token),
    ip,
    createdAt: new Date(at),
    expiresAt: new Date(at + SUPPORT_TOKEN_TTL_HOURS * 3600_000),
  });
  return token;
}

/**
 * supportTicket: spends the ticket in one guarded update (unused, unexpired, the member's sign-in
 * session still live: two redemptions at once get one token) and makes a support token.
 */
export async function redeemSupportTicket(db: Db, ticket: string, ip: string): Promise<string> {
  const at = new Date(now());
  const signedIn = db
    .select({ one: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, supportTickets.sessionId), liveSessionOf(at.getTime())));
  const [spent] = await db
    .update(supportTickets)
    .set({ usedAt: at })
    .where(
      and(
        eq(supportTickets.tokenHash, hashToken(ticket)),
        isNull(supportTickets.usedAt),
        gt(supportTickets.expiresAt, at),
        exists(signedIn),
      ),
    )
    .returning({ userId: supportTickets.userId, sessionId: supportTickets.sessionId });
  if (!spent) throw new BusinessError(MSG_SUPPORT_TICKET_INVALID, 401);
  return newSupportSession(db, spent, ip);
}

/** A visitor's nickname: cleaned as chat text, 1–20 characters after that. */
export function cleanNickname(raw: string): string {
  const nickname = cleanChatText(raw);
  if (!nickname) throw new BusinessError(MSG_SUPPORT_NICKNAME);
  if ([...nickname].length > SUPPORT_NICKNAME_MAX) throw new BusinessError(MSG_SUPPORT_NICKNAME_LONG);
  return nickname;
}

/** supportVisitor: a token for the visitor of `visitorKey` (made here when the page has none). */
export async function visitorSession(
  db: Db,
  input: { nickname: string; visitor_key?: string | undefined },
  ip: string,
): Promise<{ token: string; visitor_key: string }> {
  const nickname = cleanNickname(input.nickname);
  const key = input.visitor_key ?? randomBytes(24).toString('base64url');
  const token = await newSupportSession(db, { visitorHash: hashToken(key), nickname }, ip);
  return { token, visitor_key: key };
}

/**
 * The caller of a support call, from its `Authorization: Bearer` support token: 401 without one or
 * with an unknown or expired one (or a member's whose sign-in ended: logout, password change), 403 for a
 * member blocked since.
 */
export async function supportCallerOf(db: Db, request: FastifyRequest): Promise<SupportCaller> {
  return supportCallerOfToken(db, tokenOf(request));
}

/** The holder of a support token (the desk socket's auth frame carries it): as supportCallerOf. */
export async function supportCallerOfToken(db: Db, token: string | null): Promise<SupportCaller> {
  if (!token) throw new BusinessError(MSG_SUPPORT_SIGNED_OUT, 401);
  const [row] = await db
    .select({
      id: supportSessions.id,
      userId: supportSessions.userId,
      visitorHash: supportSessions.visitorHash,
      nickname: supportSessions.nickname,
      expiresAt: supportSessions.expiresAt,
      username: users.username,
      blocked: users.blocked,
      signedOutAt: sessions.revokedAt,
      signInId: supportSessions.sessionId,
    })
    .from(supportSessions)
    .leftJoin(users, eq(users.id, supportSessions.userId))
    .leftJoin(sessions, eq(sessions.id, supportSessions.sessionId))
    .where(eq(supportSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new BusinessError(MSG_SUPPORT_SIGNED_OUT, 401);
  // A member's desk lasts while the sign-in it came from does (not its idle or play-time limits).
  if (row.expiresAt.getTime() <= now() || row.signedOutAt) throw new BusinessError(MSG_SUPPORT_EXPIRED, 401);
  if (row.blocked) throw new BusinessError(MSG_BLOCKED, 403);
  return {
    sessionId: row.id,
    kind: row.userId === null ? 'visitor' : 'member',
    userId: row.userId,
    visitorHash: row.visitorHash,
    name: row.username ?? row.nickname,
    signInId: row.signInId,
    expiresAt: row.expiresAt.getTime(),
  };
}
