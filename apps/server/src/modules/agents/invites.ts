/* An agent's invite links and codes (the back office's 推广链接): member links put a new member in its
 * level-1 downline, sub-agent links make an agent under it with the link's rates (at most its own).
 * Registration claims them (tree.ts placeNewMember); here they are made, listed and revoked. */
import { randomInt } from 'node:crypto';
import { AGENT_DEPTH_MAX, type CategoryRates, type InviteKind } from '@app/contract/agent-plans';
import { INVITE_CODE_ALPHABET } from '@app/contract/invite-code';
import { MSG_SUB_RATES, type agentInviteCreate } from '@app/contract/agent-office';
import { formatDateTime } from '@app/contract/codecs';
import type { ReplyOf } from '@app/contract/define';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { DAY_MS, now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { pgErrorCode, UNIQUE_VIOLATION, type Db } from '../../db/client';
import { agentInvites } from '../../db/schema/agents';
import { siteSettings } from '../../db/schema/site';
import { officeAgent } from './office-access';
import { effectiveRates, MSG_AGENT_DEPTH, ratesWithin } from './tree';

export const MSG_AGENT_SUSPENDED_INVITE = '代理账号已停用，不能创建邀请链接';
export const MSG_INVITE_MISSING = '邀请码不存在';
export const INVITE_CODE_LENGTH = 8;
/** The newest links the back office lists (older ones stay valid; revoked and spent ones pile up). */
const INVITES_LISTED = 200;
/** A clash of two random codes is rare (32^8 codes); a few tries make it vanish. */
const CODE_TRIES = 5;

type InviteRow = typeof agentInvites.$inferSelect;
/** An invite on the wire (contract InviteItem). */
export type InviteWire = ReplyOf<typeof agentInviteCreate>;

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** The base of members' links: the site's h5 address, else the public one (as /api/inviteInfo). */
export async function linkBase(db: Db, publicUrl: string): Promise<string> {
  const [s] = await db.select({ h5: siteSettings.h5Url }).from(siteSettings);
  return (s?.h5 || publicUrl).replace(/\/+$/, '');
}

export function inviteItem(row: InviteRow, base: string): InviteWire {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as InviteKind,
    rates: row.kind === 'agent' ? row.turnoverRates : null,
    expires_at: row.expiresAt ? formatDateTime(row.expiresAt.getTime()) : null,
    max_uses: row.maxUses,
    uses: row.uses,
    revoked: row.revokedAt !== null,
    url: `${base}/#/reg?invite=${row.code}`,
  };
}

/** agentInvites: the newest links, the agent's own rates, and whether it may still open sub-agent links. */
export async function listInvites(db: Db, userId: number, publicUrl: string) {
  const { agent } = await officeAgent(db, userId);
  const rows = await db
    .select()
    .from(agentInvites)
    .where(eq(agentInvites.agentId, userId))
    .orderBy(desc(agentInvites.createdAt), desc(agentInvites.id))
    .limit(INVITES_LISTED);
  const base = await linkBase(db, publicUrl);
  return {
    invites: rows.map((r) => inviteItem(r, base)),
    own_rates: await effectiveRates(db, agent),
    can_invite_agents: agent.depth < AGENT_DEPTH_MAX,
  };
}

export interface NewInvite {
  kind: InviteKind;
  /** 0: never expires. */
  days: number;
  /** 0: any number of uses. */
  max_uses: number;
  rates?: CategoryRates | undefined;
}

/**
 * agentInviteCreate: only an agent in good standing (a suspended one's links would not work anyway);
 * a sub-agent link only above the deepest level, with rates at most the agent's own (none: the
 * sub-agent takes its plan's, capped by this agent's all the same).
 */
export async function createInvite(db: Db, userId: number, input: NewInvite, publicUrl: string) {
  const { agent, status } = await officeAgent(db, userId);
  if (status !== 'active') throw new BusinessError(MSG_AGENT_SUSPENDED_INVITE, 403);
  let rates: CategoryRates | null = null;
  if (input.kind === 'agent') {
    if (agent.depth >= AGENT_DEPTH_MAX) throw new BusinessError(MSG_AGENT_DEPTH);
    if (input.rates) {
      if (!ratesWithin(input.rates, await effectiveRates(db, agent))) throw new BusinessError(MSG_SUB_RATES);
      rates = input.rates;
    }
  }
  const at = now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(agentInvites)
        .values({
          agentId: userId,
          code: newInviteCode(),
          kind: input.kind,
          turnoverRates: rates,
          expiresAt: input.days > 0 ? new Date(at + input.days * DAY_MS) : null,
          maxUses: input.max_uses > 0 ? input.max_uses : null,
          createdAt: new Date(at),
        })
        .returning();
      if (!row) throw new Error('invite insert returned no row');
      return inviteItem(row, await linkBase(db, publicUrl));
    } catch (err) {
      if (pgErrorCode(err) !== UNIQUE_VIOLATION || attempt >= CODE_TRIES) throw err;
    }
  }
}

/** agentInviteRevoke: the agent's own link only (another's is 404); revoking twice keeps the first time. */
export async function revokeInvite(db: Db, userId: number, id: number, publicUrl: string) {
  await officeAgent(db, userId);
  const mine = and(eq(agentInvites.id, id), eq(agentInvites.agentId, userId));
  const [revoked] = await db
    .update(agentInvites)
    .set({ revokedAt: new Date(now()) })
    .where(and(mine, isNull(agentInvites.revokedAt)))
    .returning();
  const row = revoked ?? (await db.select().from(agentInvites).where(mine))[0];
  if (!row) throw new BusinessError(MSG_INVITE_MISSING, 404);
  return inviteItem(row, await linkBase(db, publicUrl));
}
