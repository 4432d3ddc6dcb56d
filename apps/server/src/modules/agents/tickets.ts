/* The member app's way into the agent back office without a password: getAgentLoginUrl hands an
 * approved agent a one-time ticket (only its sha256 stored, AGENT_TICKET_TTL_SECONDS, single use, tied
 * to the sign-in session that asked), and agentTicket redeems it for a new session of that agent. */
import { randomBytes } from 'node:crypto';
import { AGENT_TICKET_TTL_SECONDS, MSG_TICKET_INVALID } from '@app/contract/agent-office';
import { and, eq, exists, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import { agentTickets } from '../../db/schema/agents';
import { createSession, hashToken, liveSessionOf, type Member } from '../../identity/sessions';
import { recordSignIn, type SignInClient } from '../auth/service';
import { officeAgent } from './office-access';

/** Where the back office is served (apps/agent), on the members' public address. */
export const AGENT_APP_PATH = '/agent/';

/**
 * getAgentLoginUrl: a ticket for an agent whose back office is open (403 otherwise: not an agent, or
 * frozen), as our back office's address carrying it. The address is root-relative: the back office is
 * served with the members' app, on whatever address the member reached it (a LAN address, a domain
 * behind nginx), which PUBLIC_URL may not name. An operator who runs its own back office sets an
 * absolute address (代理登录地址) instead: the member goes there, with no ticket of ours. The
 * member's spent tickets are cleared here.
 */
export async function agentOfficeUrl(db: Db, member: Member, externalUrl: string): Promise<string> {
  await officeAgent(db, member.id);
  if (/^https?:\/\//i.test(externalUrl)) return externalUrl;
  const at = now();
  await db
    .delete(agentTickets)
    .where(
      and(
        eq(agentTickets.userId, member.id),
        or(isNotNull(agentTickets.usedAt), lte(agentTickets.expiresAt, new Date(at))),
      ),
    );
  const ticket = randomBytes(32).toString('base64url');
  await db.insert(agentTickets).values({
    tokenHash: hashToken(ticket),
    userId: member.id,
    sessionId: member.sessionId,
    createdAt: new Date(at),
    expiresAt: new Date(at + AGENT_TICKET_TTL_SECONDS * 1000),
  });
  return `${AGENT_APP_PATH}#/ticket?${new URLSearchParams({ t: ticket })}`;
}

/**
 * agentTicket: spends the ticket (a guarded update: unused, unexpired, its sign-in session live and
 * the member not blocked, so two redemptions at once get one session) and opens a new session of the
 * agent, recorded among its sign-ins; a back office closed meanwhile (frozen) answers as
 * getAgentLoginUrl would.
 */
export async function redeemAgentTicket(db: Db, ticket: string, client?: SignInClient): Promise<string> {
  const at = new Date(now());
  const live = db
    .select({ one: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, agentTickets.sessionId),
        eq(sessions.userId, agentTickets.userId),
        liveSessionOf(at.getTime()),
      ),
    );
  const [used] = await db
    .update(agentTickets)
    .set({ usedAt: at })
    .where(
      and(
        eq(agentTickets.tokenHash, hashToken(ticket)),
        isNull(agentTickets.usedAt),
        gt(agentTickets.expiresAt, at),
        exists(live),
      ),
    )
    .returning({ userId: agentTickets.userId });
  if (!used) throw new BusinessError(MSG_TICKET_INVALID, 401);
  await officeAgent(db, used.userId);
  await recordSignIn(db, used.userId, client, 'agent_ticket');
  return createSession(db, used.userId);
}
