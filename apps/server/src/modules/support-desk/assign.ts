/* Presence and assignment. An operator at the desk has a support_operators row (made on first use):
 * online or not, the most conversations it serves at once (max_open, automatic assignment only: a
 * 客服 may take more by hand), the name members see, and when it was last given one. A conversation
 * that opens goes to the online 客服 (or 超级管理员) with the fewest open under its max, ties to the
 * one given one longest ago (round robin); none available: it waits. */
import { SUPPORT_ASSIGNED_ROLES, SUPPORT_MAX_OPEN_DEFAULT } from '@app/contract/console-support';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { operators } from '../../db/schema/operators';
import { supportConversations, supportMessages, supportOperators } from '../../db/schema/support';

export interface DeskOperator {
  operatorId: number;
  nickname: string;
}

/** The operator's desk row, made on first use (offline, max 5, named 客服<id>). */
export async function deskOperator(db: Db, operatorId: number) {
  await db
    .insert(supportOperators)
    .values({
      operatorId,
      nickname: `客服${operatorId}`,
      maxOpen: SUPPORT_MAX_OPEN_DEFAULT,
      updatedAt: new Date(now()),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(supportOperators).where(eq(supportOperators.operatorId, operatorId));
  if (!row) throw new Error('support operator row missing');
  return row;
}

/** Conversations each operator serves now (state 'open'). */
export async function openCounts(db: Db, operatorIds: number[]): Promise<Map<number, number>> {
  if (operatorIds.length === 0) return new Map();
  const rows = await db
    .select({ operatorId: supportConversations.operatorId, n: count() })
    .from(supportConversations)
    .where(and(eq(supportConversations.state, 'open'), inArray(supportConversations.operatorId, operatorIds)))
    .groupBy(supportConversations.operatorId);
  return new Map(rows.map((r) => [r.operatorId ?? 0, Number(r.n)]));
}

/** Online, enabled, of a role given conversations: who a new conversation may go to. */
const assignable = and(
  eq(supportOperators.online, true),
  eq(operators.disabled, false),
  inArray(operators.role, [...SUPPORT_ASSIGNED_ROLES]),
);

/** Whether any 客服 is online (members see it; a conversation opened without one is left offline). */
export async function anyoneOnline(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(supportOperators)
    .innerJoin(operators, eq(operators.id, supportOperators.operatorId))
    .where(assignable);
  return Number(row?.n ?? 0) > 0;
}

/**
 * Gives a waiting conversation to `to`: 'open', taken now, a system line for the member
 * (`note`). Guarded by the state: false when it was no longer waiting.
 */
export async function giveTo(
  db: Db,
  conversationId: number,
  to: DeskOperator,
  note: string,
): Promise<boolean> {
  const at = new Date(now());
  const [done] = await db
    .update(supportConversations)
    .set({ state: 'open', operatorId: to.operatorId, takenAt: at })
    .where(and(eq(supportConversations.id, conversationId), eq(supportConversations.state, 'waiting')))
    .returning({ id: supportConversations.id });
  if (!done) return false;
  await systemLine(db, conversationId, note);
  return true;
}

/** A system line in a conversation (joined, transferred, ended). */
export async function systemLine(db: Db, conversationId: number, body: string): Promise<void> {
  const at = new Date(now());
  await db
    .insert(supportMessages)
    .values({ conversationId, sender: 'system', kind: 'text', body, createdAt: at });
  await db
    .update(supportConversations)
    .set({ lastMessageAt: at })
    .where(eq(supportConversations.id, conversationId));
}

export const joinedLine = (nickname: string) => `${nickname} 为您服务`;

/**
 * Assigns the waiting conversation `conversationId`, in a transaction: the rows of every assignable
 * operator are locked FOR UPDATE (in id order) before their open conversations are counted, so two
 * assignments at once count one after the other and never push an operator over its max.
 */
export async function assignConversation(db: Db, conversationId: number): Promise<DeskOperator | null> {
  return db.transaction(async (tx) => {
    const online = await tx
      .select({
        operatorId: supportOperators.operatorId,
        nickname: supportOperators.nickname,
        maxOpen: supportOperators.maxOpen,
        lastAssignedAt: supportOperators.lastAssignedAt,
      })
      .from(supportOperators)
      .innerJoin(operators, eq(operators.id, supportOperators.operatorId))
      .where(assignable)
      .orderBy(asc(supportOperators.operatorId))
      .for('update', { of: supportOperators });
    const counts = await openCounts(
      tx,
      online.map((o) => o.operatorId),
    );
    const [pick] = online
      .map((o) => ({ ...o, open: counts.get(o.operatorId) ?? 0 }))
      .filter((o) => o.open < o.maxOpen)
      .sort(
        (a, b) =>
          a.open - b.open ||
          (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0) ||
          a.operatorId - b.operatorId,
      );
    if (!pick) return null;
    if (!(await giveTo(tx, conversationId, pick, joinedLine(pick.nickname)))) return null;
    await tx
      .update(supportOperators)
      .set({ lastAssignedAt: new Date(now()) })
      .where(eq(supportOperators.operatorId, pick.operatorId));
    return { operatorId: pick.operatorId, nickname: pick.nickname };
  });
}

/**
 * Gives waiting conversations, oldest first, to whoever has room (after an operator comes online,
 * raises its max or closes one). Each in its own transaction; a conversation another process is
 * assigning is skipped (SKIP LOCKED). Returns how many were given (their ids pushed to `givenIds`).
 */
export async function assignWaiting(db: Db, most = 50, givenIds: number[] = []): Promise<number> {
  let given = 0;
  for (let i = 0; i < most; i++) {
    const next = await db.transaction(async (tx) => {
      const [waiting] = await tx
        .select({ id: supportConversations.id })
        .from(supportConversations)
        .where(eq(supportConversations.state, 'waiting'))
        .orderBy(asc(supportConversations.createdAt), asc(supportConversations.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!waiting) return 'none';
      return (await assignConversation(tx, waiting.id)) ? waiting.id : 'none';
    });
    if (next === 'none') break;
    // The caller tells the conversations' sockets (events.ts) once this has committed.
    givenIds.push(next);
    given++;
  }
  return given;
}

/** Sets one's presence (and max, and name); coming online or with more room takes waiting ones. */
export async function setPresence(
  db: Db,
  operatorId: number,
  input: { online: boolean; max_open?: number | undefined; nickname?: string | undefined },
) {
  const before = await deskOperator(db, operatorId);
  await db
    .update(supportOperators)
    .set({
      online: input.online,
      ...(input.max_open !== undefined ? { maxOpen: input.max_open } : {}),
      ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
      updatedAt: new Date(now()),
    })
    .where(eq(supportOperators.operatorId, operatorId));
  return { before, after: await deskOperator(db, operatorId) };
}

/** One's presence as the console shows it. */
export async function presenceOf(db: Db, operatorId: number) {
  const row = await deskOperator(db, operatorId);
  const open = (await openCounts(db, [operatorId])).get(operatorId) ?? 0;
  return { online: row.online, max_open: row.maxOpen, nickname: row.nickname, open };
}

/** SQL: the conversation's operator as members see it (its desk name). */
export const operatorNickname = sql<
  string | null
>`(select so.nickname from support_operators so where so.operator_id = ${supportConversations.operatorId})`;
