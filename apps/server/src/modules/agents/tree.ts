/* The agent tree: who becomes an agent and under whom, whose downline a new member joins (the link's
 * pid or an invite code), and an agent's standing, which its whole sub-tree shares. */
import { AGENT_DEPTH_MAX, type AgentStatus, type CategoryRates } from '@app/contract/agent-plans';
import { REBATE_CATEGORIES } from '@app/contract/enums';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { agentInvites, agents, commissionPlans } from '../../db/schema/agents';
import { memberDevices } from '../../db/schema/risk';

export const MSG_INVITE_INVALID = '邀请码无效或已过期';
export const MSG_INVITE_SELF = '不能使用自己的邀请链接注册';
export const MSG_AGENT_DEPTH = `代理层级最多${AGENT_DEPTH_MAX}级`;

export type AgentRow = typeof agents.$inferSelect;

/** The ids on a path, top first ('/12/40/' → [12, 40]). */
export const pathIds = (path: string) => path.split('/').filter(Boolean).map(Number);

const STATUS_RANK: Record<AgentStatus, number> = { active: 0, suspended: 1, frozen: 2 };

/** An agent's standing: the worst of its own and every upline's (a frozen parent freezes its tree). */
export async function effectiveStatus(db: Db | Tx, agent: Pick<AgentRow, 'path'>): Promise<AgentStatus> {
  const ids = pathIds(agent.path);
  const rows = await db
    .select({ status: agents.status })
    .from(agents)
    .where(
      sql`${agents.userId} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return rows.reduce<AgentStatus>(
    (worst, r) =>
      STATUS_RANK[r.status as AgentStatus] > STATUS_RANK[worst] ? (r.status as AgentStatus) : worst,
    'active',
  );
}

export async function agentRow(db: Db | Tx, userId: number): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.userId, userId));
  return row ?? null;
}

/**
 * An agent's own turnover rates: its own (a sub-agent's, from its link) or its plan's, never above any
 * upline's (a rate raised above the parent's after the fact is capped here, not trusted).
 */
export async function effectiveRates(db: Db | Tx, agent: Pick<AgentRow, 'path'>): Promise<CategoryRates> {
  const ids = pathIds(agent.path);
  const rows = await db
    .select({
      id: agents.userId,
      own: agents.turnoverRates,
      plan: commissionPlans.turnoverRates,
      kind: commissionPlans.kind,
    })
    .from(agents)
    .leftJoin(commissionPlans, eq(commissionPlans.id, agents.planId))
    .where(
      sql`${agents.userId} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  let capped: CategoryRates | null = null;
  for (const id of ids) {
    const r = byId.get(id);
    const own = r?.own ?? (r?.kind === 'turnover' ? r.plan : null) ?? zeroRates();
    capped = capped ? minRates(own, capped) : own;
  }
  return capped ?? zeroRates();
}

export const zeroRates = () => Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, 0])) as CategoryRates;
export const minRates = (a: CategoryRates, b: CategoryRates) =>
  Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, Math.min(a[c], b[c])])) as CategoryRates;
export const ratesWithin = (a: CategoryRates, cap: CategoryRates) =>
  REBATE_CATEGORIES.every((c) => a[c] <= cap[c]);

/**
 * Makes a member an agent (approval, or registration through a sub-agent code): under `parentId`
 * (null: a top agent), its path and depth from the parent's. Members it referred who belong to no
 * agent join its level-1 downline. Refuses a cycle (the member already on the parent's path).
 */
export async function makeAgent(
  tx: Tx,
  userId: number,
  parentId: number | null,
  rates: CategoryRates | null = null,
): Promise<AgentRow> {
  const existing = await agentRow(tx, userId);
  if (existing) return existing;
  const parent = parentId === null ? null : await agentRow(tx, parentId);
  if (parent && pathIds(parent.path).includes(userId))
    throw new BusinessError('不能成为自己下级的下级代理', 409);
  const [row] = await tx
    .insert(agents)
    .values({
      userId,
      parentId: parent?.userId ?? null,
      path: `${parent?.path ?? '/'}${userId}/`,
      depth: (parent?.depth ?? 0) + 1,
      turnoverRates: rates,
      createdAt: new Date(now()),
    })
    .returning();
  if (!row) throw new Error('agent insert returned no row');
  await tx.update(users).set({ isagent: 1 }).where(eq(users.id, userId));
  await tx
    .update(users)
    .set({ agentId: userId })
    .where(and(eq(users.pid, userId), isNull(users.agentId)));
  return row;
}

/** The agent a member's referrals join: the member itself when an agent, else the member's own agent. */
export async function agentForReferrer(db: Db | Tx, referrerId: number): Promise<number | null> {
  const [r] = await db
    .select({ agentId: users.agentId, own: agents.userId })
    .from(users)
    .leftJoin(agents, eq(agents.userId, users.id))
    .where(eq(users.id, referrerId));
  return r?.own ?? r?.agentId ?? null;
}

/** What a registration through a link or code settles: the referrer, the agent, and a sub-agent's rates. */
export interface Placement {
  pid: number | null;
  agentId: number | null;
  subAgent: { rates: CategoryRates | null } | null;
}

/**
 * Places a new member (inside the registration's transaction): an invite code is claimed (one use,
 * guarded, so the last use cannot be taken twice) and must belong to an agent in good standing;
 * without one, the link's pid decides. A device the inviting agent signs in from cannot register
 * under it (the agent inviting itself).
 */
export async function placeNewMember(
  tx: Tx,
  input: { pid: number | null; inviteCode: string | null; deviceId: string },
): Promise<Placement> {
  if (input.inviteCode !== null) {
    const at = new Date(now());
    const [invite] = await tx
      .update(agentInvites)
      .set({ uses: sql`${agentInvites.uses} + 1` })
      .where(
        and(
          eq(agentInvites.code, input.inviteCode),
          isNull(agentInvites.revokedAt),
          or(isNull(agentInvites.expiresAt), gt(agentInvites.expiresAt, at)),
          or(isNull(agentInvites.maxUses), lt(agentInvites.uses, agentInvites.maxUses)),
        ),
      )
      .returning({
        agentId: agentInvites.agentId,
        kind: agentInvites.kind,
        rates: agentInvites.turnoverRates,
      });
    if (!invite) throw new BusinessError(MSG_INVITE_INVALID);
    await assertInvitable(tx, invite.agentId, input.deviceId);
    return {
      pid: invite.agentId,
      agentId: invite.agentId,
      subAgent: invite.kind === 'agent' ? { rates: invite.rates } : null,
    };
  }
  if (input.pid === null) return { pid: null, agentId: null, subAgent: null };
  const agentId = await agentForReferrer(tx, input.pid);
  if (agentId !== null && agentId === input.pid) await assertInvitable(tx, agentId, input.deviceId);
  return { pid: input.pid, agentId, subAgent: null };
}

/** Refuses a registration under an agent that cannot take one: suspended or frozen, or the agent's own device. */
async function assertInvitable(tx: Tx, agentId: number, deviceId: string): Promise<void> {
  const agent = await agentRow(tx, agentId);
  if (!agent || (await effectiveStatus(tx, agent)) !== 'active') throw new BusinessError(MSG_INVITE_INVALID);
  if (deviceId) {
    const [own] = await tx
      .select({ id: memberDevices.userId })
      .from(memberDevices)
      .where(and(eq(memberDevices.userId, agentId), eq(memberDevices.deviceId, deviceId)));
    if (own) throw new BusinessError(MSG_INVITE_SELF);
  }
}
