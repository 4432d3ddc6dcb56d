/* The member's (or visitor's) side of a conversation: at most one not closed; a message into none
 * opens one ('waiting', then given to an online 客服 if one has room: assign.ts). Text is plain text,
 * cleaned as chat text (line breaks become spaces, control characters and bidi overrides removed),
 * 1–500 characters; at most one message a second and 20 a minute. Nobody can read or act on a
 * conversation that is not their own: every query is bound to the caller. */
import {
  MSG_SUPPORT_EMPTY,
  MSG_SUPPORT_NO_CONVERSATION,
  MSG_SUPPORT_NOT_CLOSED,
  MSG_SUPPORT_RATED,
  MSG_SUPPORT_TOO_FAST,
  MSG_SUPPORT_TOO_LONG,
  MSG_SUPPORT_TOO_MANY,
  SUPPORT_HISTORY_PAGE,
  SUPPORT_MIN_INTERVAL_MS,
  SUPPORT_PER_MINUTE,
  SUPPORT_STATE_MESSAGES,
  SUPPORT_TEXT_MAX,
} from '@app/contract/support-desk';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, max, ne, type SQL } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { supportConversations, supportMessages, supportOperators } from '../../db/schema/support';
import { cleanChatText } from '../chat/service';
import { anyoneOnline, assignConversation } from './assign';
import type { SupportCaller } from './identity';
import {
  memberConversationView,
  memberMessageView,
  type ConversationRecord,
  type MessageRecord,
} from './views';

/** The caller's own conversations. */
export const ownedBy = (caller: SupportCaller): SQL =>
  caller.userId !== null
    ? eq(supportConversations.userId, caller.userId)
    : eq(supportConversations.visitorHash, caller.visitorHash ?? '');

/** A message's text as stored: cleaned, then 1–500 characters. */
export function cleanSupportText(raw: string): string {
  const text = cleanChatText(raw);
  if (!text) throw new BusinessError(MSG_SUPPORT_EMPTY);
  if ([...text].length > SUPPORT_TEXT_MAX) throw new BusinessError(MSG_SUPPORT_TOO_LONG);
  return text;
}

export async function liveConversation(db: Db, caller: SupportCaller, lock = false) {
  const q = db
    .select()
    .from(supportConversations)
    .where(and(ownedBy(caller), ne(supportConversations.state, 'closed')))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The caller's conversation `id` (any state): 404 when it is not the caller's. */
async function ownConversation(db: Db, caller: SupportCaller, id: number): Promise<ConversationRecord> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.id, id), ownedBy(caller)));
  if (!row) throw new BusinessError(MSG_SUPPORT_NO_CONVERSATION, 404);
  return row;
}

/** The desk names of these operators (what members see). */
export async function deskNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: supportOperators.operatorId, nickname: supportOperators.nickname })
    .from(supportOperators)
    .where(inArray(supportOperators.operatorId, wanted));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

export async function conversationView(db: Db, c: ConversationRecord) {
  const names = await deskNames(db, [c.operatorId]);
  return memberConversationView(c, c.operatorId === null ? null : (names.get(c.operatorId) ?? '客服'));
}

export async function messageViews(db: Db, rows: MessageRecord[]) {
  const names = await deskNames(
    db,
    rows.map((m) => m.operatorId),
  );
  return rows.map((m) => memberMessageView(m, names));
}

/** Up to `limit` messages of a conversation before `beforeId` (newest of them), oldest first. */
export async function messagesBefore(
  db: Db,
  conversationId: number,
  beforeId: number | undefined,
  limit: number,
) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        beforeId === undefined ? undefined : lt(supportMessages.id, beforeId),
      ),
    )
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), more: rows.length > limit };
}

/** supportState: who, whether 客服 are online, the conversation not closed and its newest messages. */
export async function deskState(db: Db, caller: SupportCaller) {
  const c = await liveConversation(db, caller);
  const online = await anyoneOnline(db);
  const me = { kind: caller.kind, name: caller.name };
  if (!c) return { me, online, conversation: null, messages: [], unread: 0 };
  const { rows } = await messagesBefore(db, c.id, undefined, SUPPORT_STATE_MESSAGES);
  const [unread] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, c.id),
        inArray(supportMessages.sender, ['operator', 'system']),
        gt(supportMessages.id, c.memberReadId),
      ),
    );
  return {
    me,
    online,
    conversation: await conversationView(db, c),
    messages: await messageViews(db, rows),
    unread: Number(unread?.n ?? 0),
  };
}

/** supportMessages: older messages of one's own conversation. */
export async function olderMessages(
  db: Db,
  caller: SupportCaller,
  conversationId: number,
  beforeId?: number,
) {
  const c = await ownConversation(db, caller, conversationId);
  const { rows, more } = await messagesBefore(db, c.id, beforeId, SUPPORT_STATE_MESSAGES);
  return { messages: await messageViews(db, rows), more };
}

/** At most one message a second and SUPPORT_PER_MINUTE a minute from the caller's side. */
async function checkRate(db: Db, c: ConversationRecord, sender: string, at: number): Promise<void> {
  const [row] = await db
    .select({ last: max(supportMessages.createdAt), n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, c.id),
        eq(supportMessages.sender, sender),
        gte(supportMessages.createdAt, new Date(at - 60_000)),
      ),
    );
  const last = row?.last ? new Date(row.last).getTime() : null;
  if (last !== null && at - last < SUPPORT_MIN_INTERVAL_MS)
    throw new BusinessError(MSG_SUPPORT_TOO_FAST, 429);
  if (Number(row?.n ?? 0) >= SUPPORT_PER_MINUTE) throw new BusinessError(MSG_SUPPORT_TOO_MANY, 429);
}

export type MemberContent = { kind: 'text'; body: string } | { kind: 'image'; image: string };

/**
 * supportSend / supportImage: into the caller's conversation not closed (locked, so its messages are
 * counted one at a time), or a new one: left offline when no 客服 is online, else assigned.
 */
export async function sendFromMember(db: Db, caller: SupportCaller, content: MemberContent) {
  const at = now();
  const { c, message, opened } = await db.transaction(async (tx) => {
    let live = await liveConversation(tx, caller, true);
    let opened = false;
    if (live) {
      await checkRate(tx, live, caller.kind, at);
    } else {
      const [inserted] = await tx
        .insert(supportConversations)
        .values({
          userId: caller.userId,
          visitorHash: caller.userId === null ? caller.visitorHash : null,
          nickname: caller.name,
          createdAt: new Date(at),
          lastMessageAt: new Date(at),
          leftOffline: !(await anyoneOnline(tx)),
        })
        .onConflictDoNothing()
        .returning({ id: supportConversations.id });
      opened = inserted !== undefined;
      live = await liveConversation(tx, caller, true);
      if (!live) throw new Error('support conversation not opened');
      if (!opened) await checkRate(tx, live, caller.kind, at);
    }
    const [m] = await tx
      .insert(supportMessages)
      .values({
        conversationId: live.id,
        sender: caller.kind,
        kind: content.kind,
        body: content.kind === 'text' ? content.body : '',
        image: content.kind === 'image' ? content.image : null,
        createdAt: new Date(at),
      })
      .returning();
    if (!m) throw new Error('support message not written');
    await tx
      .update(supportConversations)
      .set({ lastMessageAt: new Date(at) })
      .where(eq(supportConversations.id, live.id));
    if (opened && !live.leftOffline) await assignConversation(tx, live.id);
    const [after] = await tx.select().from(supportConversations).where(eq(supportConversations.id, live.id));
    return { c: after ?? live, message: m, opened };
  });
  const [view] = await messageViews(db, [message]);
  if (!view) throw new Error('support message view missing');
  // `opened` and the record: for the sockets (events.ts), not part of the call's reply.
  return { conversation: await conversationView(db, c), message: view, opened, record: c };
}

/** supportRead: every message of the current conversation read (its id and the mark, for the sockets). */
export async function markReadByMember(
  db: Db,
  caller: SupportCaller,
): Promise<{ conversationId: number; readId: number } | null> {
  const c = await liveConversation(db, caller);
  if (!c) return null;
  const [last] = await db
    .select({ id: max(supportMessages.id) })
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, c.id));
  await db
    .update(supportConversations)
    .set({ memberReadId: last?.id ?? 0 })
    .where(eq(supportConversations.id, c.id));
  return { conversationId: c.id, readId: last?.id ?? 0 };
}

/** supportHistory: one's closed conversations, newest first. */
export async function deskHistory(db: Db, caller: SupportCaller, page: number) {
  const where = and(ownedBy(caller), eq(supportConversations.state, 'closed'));
  const rows = await db
    .select()
    .from(supportConversations)
    .where(where)
    .orderBy(desc(supportConversations.createdAt), desc(supportConversations.id))
    .limit(SUPPORT_HISTORY_PAGE)
    .offset((page - 1) * SUPPORT_HISTORY_PAGE);
  const names = await deskNames(
    db,
    rows.map((r) => r.operatorId),
  );
  return {
    items: rows.map((r) =>
      memberConversationView(r, r.operatorId === null ? null : (names.get(r.operatorId) ?? '客服')),
    ),
    total: await db.$count(supportConversations, where),
  };
}

/** supportRate: one's own closed conversation, once (a guarded update: two at once, one wins). */
export async function rateConversation(
  db: Db,
  caller: SupportCaller,
  input: { conversation_id: number; rating: number; note: string },
) {
  const c = await ownConversation(db, caller, input.conversation_id);
  if (c.state !== 'closed') throw new BusinessError(MSG_SUPPORT_NOT_CLOSED);
  const note = input.note ? cleanChatText(input.note) : '';
  const [rated] = await db
    .update(supportConversations)
    .set({ rating: input.rating, ratingNote: note })
    .where(and(eq(supportConversations.id, c.id), ownedBy(caller), isNull(supportConversations.rating)))
    .returning();
  if (!rated) throw new BusinessError(MSG_SUPPORT_RATED);
  return conversationView(db, rated);
}

/** A support image of the caller's own conversations (the stored address), or null. */
export async function ownImage(db: Db, caller: SupportCaller, stored: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(and(eq(supportMessages.image, stored), ownedBy(caller)))
    .limit(1);
  return row !== undefined;
}
