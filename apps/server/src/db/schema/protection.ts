import { bigint, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A limit a member set (责任博彩): one row per member, kind (deposit, loss, wager) and period (day,
 * week, month). `anchorAt` starts the fixed periods; `pendingCents`/`pendingFrom` hold a higher amount
 * or a removal (`pendingRemove`) that waits its cooling-off and the member's confirmation.
 */
export const playLimits = pgTable(
  'play_limits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    anchorAt: timestamp('anchor_at', { withTimezone: true, mode: 'date' }).notNull(),
    pendingCents: bigint('pending_cents', { mode: 'bigint' }),
    pendingRemove: integer('pending_remove').notNull().default(0),
    /** From when the pending change may be confirmed (null: none pending). */
    pendingFrom: timestamp('pending_from', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('play_limits_member_kind_key').on(t.userId, t.kind, t.period)],
);

/**
 * Every change of a member's limits, for the member's history and the console: what, the amount
 * (null: removed), and who (member, or the operator's name).
 */
export const playLimitEvents = pgTable(
  'play_limit_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    /** set, lowered, raise_requested, remove_requested, raised, removed, lapsed. */
    action: text('action').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }),
    actor: text('actor').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('play_limit_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A time-out or a self-exclusion: in force from `startedAt` until `endsAt` (null: for good) unless
 * lifted early by a 超级管理员 (`liftedAt`, `liftedBy`, `liftReason`).
 */
export const playBreaks = pgTable(
  'play_breaks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    liftedAt: timestamp('lifted_at', { withTimezone: true, mode: 'date' }),
    liftedBy: text('lifted_by').notNull().default(''),
    liftReason: text('lift_reason').notNull().default(''),
  },
  (t) => [index('play_breaks_user_idx').on(t.userId, t.startedAt)],
);

/**
 * A member's play settings (责任博彩): the reality check's interval in minutes (0: off), and the
 * session-time limit in minutes (0: none) with a longer one or a removal (`pendingSessionMinutes` 0)
 * waiting from `pendingSessionFrom` for the member's confirmation, as the money limits do.
 */
export const playSettings = pgTable('play_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
  sessionLimitMinutes: integer('session_limit_minutes').notNull().default(0),
  pendingSessionMinutes: integer('pending_session_minutes'),
  pendingSessionFrom: timestamp('pending_session_from', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
