/* 群发消息: a site message to every member of a segment, now or at a scheduled minute. The segment's
 * name and filters are copied when it is scheduled; at its time the leader's job (jobs/plugin.ts)
 * sends it: one transaction claims it (scheduled → sent, so two processes never both send) and writes
 * one site message per member it then matches, with batch_id, so each member's 我的消息 shows it. */
import {
  BATCH_STATES,
  MSG_BATCH_DONE,
  MSG_BATCH_MISSING,
  MSG_SEND_PAST,
  MSG_SEND_TOO_FAR,
  SCHEDULE_MAX_DAYS,
  type MessageBatchRow,
} from '@app/contract/console-segments';
import { formatDateTime } from '@app/contract/codecs';
import { windowTimeMs } from '@app/contract/time-window';
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import { DAY_MS, now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import { rowsOf, type Db } from '../../db/client';
import { messageBatches } from '../../db/schema/outreach';
import { textAsHtml } from '../../http/html';
import { centralWallet, segmentById, segmentWhere, type StoredFilters } from './segments';

type Batch = typeof messageBatches.$inferSelect;

/** A minute typed as "now" is a few seconds past when it arrives: it still counts as now. */
const NOW_GRACE_MS = 60_000;

function toRow(b: Batch): MessageBatchRow {
  return {
    id: b.id,
    title: b.title,
    content: b.content,
    segment: b.segmentName,
    send_at: formatDateTime(b.sendAt.getTime()),
    state: b.state,
    recipients: b.recipients,
    created_by: b.createdBy,
    sent_at: b.sentAt ? formatDateTime(b.sentAt.getTime()) : null,
    cancelled_by: b.cancelledBy,
  };
}

export async function listBatches(db: Db, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(messageBatches);
  const rows = await db
    .select()
    .from(messageBatches)
    .orderBy(desc(messageBatches.sendAt), desc(messageBatches.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: total?.n ?? 0, items: rows.map(toRow) };
}

/** When to send: '' now; else the Beijing minute, not before now and at most SCHEDULE_MAX_DAYS ahead. */
function sendTime(text: string, at: number): number {
  if (text === '') return at;
  const ms = windowTimeMs(text);
  if (ms === null || ms < at - NOW_GRACE_MS) throw new BusinessError(MSG_SEND_PAST);
  if (ms > at + SCHEDULE_MAX_DAYS * DAY_MS) throw new BusinessError(MSG_SEND_TOO_FAR);
  return Math.max(ms, at);
}

/** Schedules a message to a segment; one due now is sent before the answer. */
export async function scheduleMessage(
  db: Db,
  input: { segment_id: number; title: string; content: string; send_at: string },
  actor: Actor,
): Promise<MessageBatchRow> {
  const at = now();
  const sendAt = sendTime(input.send_at, at);
  const segment = await segmentById(db, input.segment_id);
  const [b] = await db
    .insert(messageBatches)
    .values({
      title: input.title,
      content: textAsHtml(input.content),
      segmentName: segment.name,
      filters: segment.filters,
      sendAt: new Date(sendAt),
      createdBy: actor.name,
      createdAt: new Date(at),
    })
    .returning();
  if (!b) throw new Error('message batch not written');
  if (sendAt <= at) return toRow((await sendBatch(db, b.id, at)) ?? b);
  return toRow(b);
}

/** Cancels a message still waiting for its time. */
export async function cancelBatch(db: Db, id: number, actor: Actor): Promise<MessageBatchRow> {
  const [b] = await db
    .update(messageBatches)
    .set({ state: BATCH_STATES.cancelled, cancelledBy: actor.name })
    .where(and(eq(messageBatches.id, id), eq(messageBatches.state, BATCH_STATES.scheduled)))
    .returning();
  if (b) return toRow(b);
  const [exists] = await db
    .select({ id: messageBatches.id })
    .from(messageBatches)
    .where(eq(messageBatches.id, id));
  throw new BusinessError(exists ? MSG_BATCH_DONE : MSG_BATCH_MISSING, exists ? 409 : 404);
}

/**
 * Sends one scheduled batch in one transaction: claimed first (scheduled → sent, guarded), then a
 * site message for each member it matches now. Null when it was no longer scheduled (sent by another
 * process, or cancelled).
 */
export async function sendBatch(db: Db, id: number, at: number): Promise<Batch | null> {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .update(messageBatches)
      .set({ state: BATCH_STATES.sent, sentAt: new Date(at) })
      .where(and(eq(messageBatches.id, id), eq(messageBatches.state, BATCH_STATES.scheduled)))
      .returning();
    if (!b) return null;
    const filters = b.filters as unknown as StoredFilters;
    const [written] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with sent as (
          insert into site_messages (user_id, title, content, created_at, batch_id)
          select users.id, ${b.title}, ${b.content}, ${new Date(at).toISOString()}::timestamptz, ${b.id}
            from users left join wallets on ${centralWallet}
           where ${segmentWhere(filters, at) ?? sql`true`}
          returning 1)
        select count(*)::int as n from sent`),
    );
    const recipients = written?.n ?? 0;
    await tx.update(messageBatches).set({ recipients }).where(eq(messageBatches.id, b.id));
    return { ...b, recipients };
  });
}

/** The leader's job: sends every batch whose time has come, oldest first. Returns how many it sent. */
export async function sendDueBatches(db: Db, at = now()): Promise<number> {
  const due = await db
    .select({ id: messageBatches.id })
    .from(messageBatches)
    .where(and(eq(messageBatches.state, BATCH_STATES.scheduled), lte(messageBatches.sendAt, new Date(at))))
    .orderBy(asc(messageBatches.sendAt), asc(messageBatches.id))
    .limit(20);
  let sent = 0;
  for (const d of due) if (await sendBatch(db, d.id, at)) sent += 1;
  return sent;
}
