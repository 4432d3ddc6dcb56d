import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A saved member segment: a name and the member search's filters (MemberSearchFilters of the
 * contract, as the search sends them), evaluated again each time it is used.
 */
export const memberSegments = pgTable('member_segments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  filters: jsonb('filters').$type<Record<string, string>>().notNull(),
  createdBy: text('created_by').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A bulk site message to a segment, sent at `send_at` by the leader's job: state 0 scheduled, 1 sent
 * (one site_messages row per member, batch_id set), 2 cancelled. The segment's name and filters are copied
 * when it is scheduled, so editing or deleting the segment later does not change who gets it.
 */
export const messageBatches = pgTable(
  'message_batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    /** Stored HTML, as a single site message stores it (the plain text escaped). */
    content: text('content').notNull(),
    segmentName: text('segment_name').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull(),
    state: smallint('state').notNull().default(0),
    /** Members it went to (set when sent). */
    recipients: integer('recipients').notNull().default(0),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: text('cancelled_by').notNull().default(''),
  },
  (t) => [
    index('message_batches_due_idx').on(t.state, t.sendAt),
    check('message_batches_state_check', sql`${t.state} in (0, 1, 2)`),
  ],
);
