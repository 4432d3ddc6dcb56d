import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';
import { operators } from './operators';

/* The support desk (issue 34; modules/support-desk). A member or a visitor talks to 客服 through a
 * support token; only the sha256 of tokens, tickets and visitor keys is stored. */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** getservicerurl's one-time tickets: 60 s, single use, tied to the member's sign-in session. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique('support_tickets_token_key'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId)],
);

/** Support tokens (12 h): a member's (user_id) or a visitor's (visitor_hash, the key's sha256). */
export const supportSessions = pgTable(
  'support_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique('support_sessions_token_key'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A member's sign-in session the ticket came from: signing out (or a password change) ends this too. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash'),
    /** The visitor's nickname (a member is known by its name). */
    nickname: text('nickname').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('support_sessions_expires_idx').on(t.expiresAt),
    check('support_sessions_who_check', sql`(${t.userId} is null) <> (${t.visitorHash} is null)`),
  ],
);

/**
 * A conversation: 'waiting' (nobody serves it), 'open' (operator_id serves it), 'closed'. At most one
 * not closed per member and per visitor (partial unique indexes). Read marks: the last message id each
 * side has read (unread = the other side's messages after it).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash'),
    /** The member's name or the visitor's nickname when it opened. */
    nickname: text('nickname').notNull(),
    state: text('state').notNull().default('waiting'),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    takenAt: at('taken_at'),
    firstReplyAt: at('first_reply_at'),
    lastMessageAt: at('last_message_at').notNull(),
    closedAt: at('closed_at'),
    closeTag: text('close_tag'),
    rating: integer('rating'),
    ratingNote: text('rating_note').notNull().default(''),
    /** Opened while no 客服 was online. */
    leftOffline: boolean('left_offline').notNull().default(false),
    memberReadId: integer('member_read_id').notNull().default(0),
    operatorReadId: integer('operator_read_id').notNull().default(0),
  },
  (t) => [
    uniqueIndex('support_conversations_member_live_key')
      .on(t.userId)
      .where(sql`${t.state} <> 'closed' and ${t.userId} is not null`),
    uniqueIndex('support_conversations_visitor_live_key')
      .on(t.visitorHash)
      .where(sql`${t.state} <> 'closed' and ${t.visitorHash} is not null`),
    index('support_conversations_queue_idx').on(t.state, t.createdAt),
    index('support_conversations_operator_idx').on(t.operatorId, t.state),
    index('support_conversations_member_idx').on(t.userId, t.createdAt),
    index('support_conversations_visitor_idx').on(t.visitorHash, t.createdAt),
    index('support_conversations_created_idx').on(t.createdAt),
    check('support_conversations_state_check', sql`${t.state} in ('waiting', 'open', 'closed')`),
    check('support_conversations_rating_check', sql`${t.rating} between 1 and 5`),
    check('support_conversations_who_check', sql`(${t.userId} is null) <> (${t.visitorHash} is null)`),
  ],
);

/** A message: plain text, or an image (its stored upload's address). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('text'),
    body: text('body').notNull().default(''),
    image: text('image'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    index('support_messages_created_idx').on(t.createdAt),
    // The uploads clean-up asks whether a message refers to an image.
    index('support_messages_image_idx')
      .on(t.image)
      .where(sql`${t.image} is not null`),
    check('support_messages_sender_check', sql`${t.sender} in ('member', 'visitor', 'operator', 'system')`),
    check('support_messages_kind_check', sql`${t.kind} in ('text', 'image')`),
  ],
);

/** Canned replies 客服 pick from (written by 超级管理员). */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: at('updated_at').notNull(),
});

/**
 * An operator at the desk: online (given new conversations), the most open at once, the name members
 * see, and when it was last given one (round robin). Locked FOR UPDATE while assigning.
 */
export const supportOperators = pgTable('support_operators', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  nickname: text('nickname').notNull(),
  online: boolean('online').notNull().default(false),
  maxOpen: integer('max_open').notNull().default(5),
  lastAssignedAt: at('last_assigned_at'),
  updatedAt: at('updated_at').notNull(),
});
