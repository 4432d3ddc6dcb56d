/* The console's reads of the desk: the queue (waiting, mine, all), a conversation with its messages,
 * the operators one may transfer to, transcript search and the day's figures per operator. */
import { MSG_SUPPORT_RANGE, SUPPORT_SEARCH_DAYS_MAX } from '@app/contract/console-support';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { addDays, dayStartOf, now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { operators } from '../../db/schema/operators';
import { supportConversations, supportMessages, supportOperators } from '../../db/schema/support';
import { openCounts, presenceOf } from './assign';
import { messagesBefore } from './conversations';
import { conversationById } from './desk';
import {
  deskMessageView,
  deskRowView,
  preview,
  type ConversationRecord,
  type MessageRecord,
  type OperatorRef,
} from './views';

const DESK_MESSAGES = 50;
const FROM_MEMBER = ['member', 'visitor'];

/** Operators by id: sign-in name (the console shows it) and desk name (members see it). */
export async function operatorRefs(db: Db, ids: (number | null)[]): Promise<Map<number, OperatorRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, name: operators.name, nickname: supportOperators.nickname })
    .from(operators)
    .leftJoin(supportOperators, eq(supportOperators.operatorId, operators.id))
    .where(inArray(operators.id, wanted));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, nickname: r.nickname ?? `客服${r.id}` }]));
}

/** Member or visitor messages the operator side has not read, per conversation. */
async function unreadCounts(db: Db, where: SQL): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: supportMessages.conversationId, n: count() })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(
        where,
        inArray(supportMessages.sender, FROM_MEMBER),
        sql`${supportMessages.id} > ${supportConversations.operatorReadId}`,
      ),
    )
    .groupBy(supportMessages.conversationId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Rows as the queue shows them: operator, last message, unread count, waiting time. */
export async function deskRows(db: Db, rows: ConversationRecord[]) {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  // One after another: `db` may be a transaction's one client (a reply's answer), which runs one
  // query at a time (pg warns of queries queued on a busy client, and its next major refuses them).
  const refs = await operatorRefs(
    db,
    rows.map((r) => r.operatorId),
  );
  const lasts = await db
    .selectDistinctOn([supportMessages.conversationId], {
      id: supportMessages.conversationId,
      kind: supportMessages.kind,
      body: supportMessages.body,
    })
    .from(supportMessages)
    .where(inArray(supportMessages.conversationId, ids))
    .orderBy(supportMessages.conversationId, desc(supportMessages.id));
  const unread = await unreadCounts(db, inArray(supportConversations.id, ids));
  const last = new Map(lasts.map((l) => [l.id, l]));
  const at = now();
  return rows.map((c) =>
    deskRowView(c, {
      operator: c.operatorId === null ? null : (refs.get(c.operatorId) ?? null),
      lastText: preview(last.get(c.id)),
      unread: unread.get(c.id) ?? 0,
      at,
    }),
  );
}

export async function deskRow(db: Db, c: ConversationRecord) {
  const [row] = await deskRows(db, [c]);
  if (!row) throw new Error('desk row missing');
  return row;
}

export async function deskMessages(db: Db, rows: MessageRecord[]) {
  const refs = await operatorRefs(
    db,
    rows.map((m) => m.operatorId),
  );
  return rows.map((m) => deskMessageView(m, refs));
}

type QueueView = 'waiting' | 'mine' | 'all';

/** The queue: waiting (oldest first), mine (open, latest message first), all not closed (oldest first). */
export async function deskQueue(
  db: Db,
  operatorId: number,
  q: { view: QueueView; page: number; pageSize: number },
) {
  const mine = and(eq(supportConversations.state, 'open'), eq(supportConversations.operatorId, operatorId));
  const where: Record<QueueView, SQL | undefined> = {
    waiting: eq(supportConversations.state, 'waiting'),
    mine,
    all: ne(supportConversations.state, 'closed'),
  };
  const order =
    q.view === 'mine'
      ? [desc(supportConversations.lastMessageAt), desc(supportConversations.id)]
      : [asc(supportConversations.createdAt), asc(supportConversations.id)];
  const rows = await db
    .select()
    .from(supportConversations)
    .where(where[q.view])
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [items, total, waiting, mineCount, open, unread, me] = await Promise.all([
    deskRows(db, rows),
    db.$count(supportConversations, where[q.view]),
    db.$count(supportConversations, where.waiting),
    db.$count(supportConversations, mine),
    db.$count(supportConversations, where.all),
    unreadCounts(db, mine ?? sql`false`),
    presenceOf(db, operatorId),
  ]);
  const unreadMine = [...unread.values()].reduce((a, b) => a + b, 0);
  return { items, total, counts: { waiting, mine: mineCount, open, unread: unreadMine }, me };
}

/** A conversation and its newest messages (or those before `beforeId`), oldest first. */
export async function deskConversation(db: Db, id: number, beforeId?: number) {
  const c = await conversationById(db, id);
  const { rows, more } = await messagesBefore(db, id, beforeId, DESK_MESSAGES);
  return { conversation: await deskRow(db, c), messages: await deskMessages(db, rows), more };
}

/** Operators who work the desk, with their presence and open conversations (for transfers). */
export async function deskOperators(db: Db) {
  const rows = await db
    .select({
      id: operators.id,
      name: operators.name,
      role: operators.role,
      nickname: supportOperators.nickname,
      online: supportOperators.online,
    })
    .from(operators)
    .leftJoin(supportOperators, eq(supportOperators.operatorId, operators.id))
    .where(and(eq(operators.disabled, false), inArray(operators.role, ['support', 'finance', 'admin'])))
    .orderBy(asc(operators.id));
  const open = await openCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      nickname: r.nickname ?? `客服${r.id}`,
      role: r.role,
      online: r.online ?? false,
      open: open.get(r.id) ?? 0,
    })),
  };
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Transcripts: conversations opened in the days given, of a name (prefix), whose messages hold `q`. */
export async function searchTranscripts(
  db: Db,
  q: { q: string; name: string; start_date: string; end_date: string; page: number; pageSize: number },
) {
  const from = dayStartOf(q.start_date);
  const to = dayStartOf(addDays(q.end_date, 1));
  if (to - from > SUPPORT_SEARCH_DAYS_MAX * 86_400_000) throw new BusinessError(MSG_SUPPORT_RANGE);
  const holds = (c: SQL) =>
    sql`exists (select 1 from ${supportMessages} where ${supportMessages.conversationId} = ${supportConversations.id} and ${c})`;
  const where = and(
    gte(supportConversations.createdAt, new Date(from)),
    lt(supportConversations.createdAt, new Date(to)),
    q.name ? ilike(supportConversations.nickname, `${likeText(q.name).slice(1)}`) : undefined,
    q.q ? holds(ilike(supportMessages.body, likeText(q.q))) : undefined,
  );
  const rows = await db
    .select()
    .from(supportConversations)
    .where(where)
    .orderBy(desc(supportConversations.createdAt), desc(supportConversations.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const matches = q.q
    ? await db
        .selectDistinctOn([supportMessages.conversationId], {
          id: supportMessages.conversationId,
          body: supportMessages.body,
        })
        .from(supportMessages)
        .where(
          and(
            inArray(
              supportMessages.conversationId,
              rows.map((r) => r.id),
            ),
            ilike(supportMessages.body, likeText(q.q)),
          ),
        )
        .orderBy(supportMessages.conversationId, asc(supportMessages.id))
    : [];
  const match = new Map(matches.map((m) => [m.id, [...m.body].slice(0, 100).join('')]));
  const items = (await deskRows(db, rows)).map((r) => ({ ...r, match: match.get(r.id) ?? '' }));
  return { items, total: await db.$count(supportConversations, where) };
}

const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : Math.round(((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2);
};
const average = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

/**
 * One Beijing day's figures per operator, of the conversations opened that day that an operator
 * served: how many, how many closed, first response (opened → first reply, seconds), ratings.
 */
export async function dayFigures(db: Db, day: string) {
  const from = new Date(dayStartOf(day));
  const to = new Date(dayStartOf(addDays(day, 1)));
  const rows = await db
    .select({
      operatorId: supportConversations.operatorId,
      state: supportConversations.state,
      createdAt: supportConversations.createdAt,
      firstReplyAt: supportConversations.firstReplyAt,
      rating: supportConversations.rating,
    })
    .from(supportConversations)
    .where(
      and(
        gte(supportConversations.createdAt, from),
        lt(supportConversations.createdAt, to),
        sql`${supportConversations.operatorId} is not null`,
      ),
    );
  const byOperator = new Map<number, typeof rows>();
  for (const r of rows) {
    const id = r.operatorId ?? 0;
    byOperator.set(id, [...(byOperator.get(id) ?? []), r]);
  }
  const refs = await operatorRefs(db, [...byOperator.keys()]);
  return {
    rows: [...byOperator.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, list]) => {
        const firsts = list
          .filter((r) => r.firstReplyAt)
          .map((r) => Math.round(((r.firstReplyAt?.getTime() ?? 0) - r.createdAt.getTime()) / 1000));
        const ratings = list.map((r) => r.rating).filter((r): r is number => r !== null);
        const ratingAvg = ratings.length
          ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100
          : null;
        return {
          operator: refs.get(id) ?? { id, name: '', nickname: `客服${id}` },
          conversations: list.length,
          closed: list.filter((r) => r.state === 'closed').length,
          first_response_median: median(firsts),
          first_response_avg: average(firsts),
          ratings: ratings.length,
          rating_avg: ratingAvg,
        };
      }),
  };
}
