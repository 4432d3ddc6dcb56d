/* What the desk's calls tell the sockets (sockets.ts): after a change commits, small events on the
 * room bus (ids and flags, DeskEvent); every process re-reads what it delivers. A receiver may get a
 * message twice (in a call's reply and on the socket, or in two overlapping ranges): clients keep
 * messages by id. */
import { and, between, eq, gt, max, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { afterCommit } from '../../db/scope';
import { supportConversations, supportMessages } from '../../db/schema/support';
import type { DeskEvent, RoomBus } from '../../http/realtime/room-bus';
import type { ConversationRecord, MessageRecord } from './views';

type StateChange = Extract<DeskEvent, { k: 'state' }>['change'];

/** Publishes the events once the caller's transaction (if any) commits, in order. */
export async function publishDeskEvents(db: Db, bus: RoomBus, events: (DeskEvent | null)[]): Promise<void> {
  const ready = events.filter((e): e is DeskEvent => e !== null);
  if (ready.length === 0) return;
  await afterCommit(db, async () => {
    for (const e of ready) await bus.publishDesk(e);
  });
}

/** The newest message id of a conversation (0 when it has none). */
export async function lastMessageId(db: Db, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(supportMessages.id) })
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversationId));
  return row?.id ?? 0;
}

/** The messages written after `afterId` as one event, or null when there are none. */
export async function messagesAfter(db: Db, conversationId: number, afterId: number) {
  const [row] = await db
    .select({ from: min(supportMessages.id), to: max(supportMessages.id) })
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), gt(supportMessages.id, afterId)));
  if (!row?.from || !row.to) return null;
  return { k: 'msg', c: conversationId, from: row.from, to: row.to } satisfies DeskEvent;
}

/** What changed between two reads of a conversation, as the sockets report it (null: nothing). */
export function stateChange(before: ConversationRecord, after: ConversationRecord): StateChange | null {
  if (after.state === before.state && after.operatorId === before.operatorId) return null;
  if (after.state === 'closed') return 'closed';
  if (after.state === 'waiting') return 'waiting';
  return before.state === 'waiting' ? 'assigned' : 'transferred';
}

export async function conversationRow(db: Db, id: number): Promise<ConversationRecord | null> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  return row ?? null;
}

/**
 * Runs an operator's change to conversation `id` (take, transfer, reply, close) and publishes what it
 * changed once it commits: the state, the messages it wrote (a reply, system lines), the operator
 * side's read mark. Read in the caller's transaction, before and after.
 */
export async function withDeskEvents<T>(db: Db, bus: RoomBus, id: number, change: () => Promise<T>) {
  const before = await conversationRow(db, id);
  const lastId = await lastMessageId(db, id);
  const result = await change();
  const after = await conversationRow(db, id);
  if (!before || !after) return result;
  const state = stateChange(before, after);
  await publishDeskEvents(db, bus, [
    state ? { k: 'state', c: id, change: state } : null,
    await messagesAfter(db, id, lastId),
    after.operatorReadId !== before.operatorReadId
      ? { k: 'read', c: id, side: 'operator', id: after.operatorReadId }
      : null,
  ]);
  return result;
}

/** Conversations just given out by assignWaiting: their state and their system lines. */
export async function assignedEvents(db: Db, bus: RoomBus, ids: number[]): Promise<void> {
  const events: DeskEvent[] = [];
  for (const id of ids) {
    events.push({ k: 'state', c: id, change: 'assigned' });
    const m = await messagesAfter(db, id, 0);
    // Only the newest: the system line of the assignment (older ones were delivered when written).
    if (m) events.push({ ...m, from: m.to });
  }
  await publishDeskEvents(db, bus, events);
}

/* An event's deliveries (the page sockets' and the console sockets' listeners get the same event
 * object) read its conversation and messages once per process, not once per listener. */
const conversationsRead = new WeakMap<DeskEvent, Promise<ConversationRecord | null>>();
const messagesRead = new WeakMap<DeskEvent, Promise<MessageRecord[]>>();

export function eventConversation(db: Db, e: DeskEvent & { c: number }): Promise<ConversationRecord | null> {
  let read = conversationsRead.get(e);
  if (!read) conversationsRead.set(e, (read = conversationRow(db, e.c)));
  return read;
}

export function eventMessages(db: Db, e: Extract<DeskEvent, { k: 'msg' }>): Promise<MessageRecord[]> {
  let read = messagesRead.get(e);
  if (!read)
    messagesRead.set(
      e,
      (read = db
        .select()
        .from(supportMessages)
        .where(and(eq(supportMessages.conversationId, e.c), between(supportMessages.id, e.from, e.to)))
        .orderBy(supportMessages.id)),
    );
  return read;
}
