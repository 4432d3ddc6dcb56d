import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';

/**
 * 待复核: a change one operator (the maker) asked for that takes effect only when another operator
 * (the checker, of a role allowed to approve that kind) approves it. The payload is what runs then.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** member.adjust, payment.method, payment.card, activity.save, operator.create/role/reset, controls. */
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    /** The change as the maker's call parsed it: what runs on approval. */
    payload: jsonb('payload').notNull(),
    /** What the queue shows, in Chinese: one line. */
    summary: text('summary').notNull(),
    /** Cents the change moves (adjustments), for the queue's sort and the daily totals; 0 otherwise. */
    cents: bigint('cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    reason: text('reason').notNull().default(''),
    makerId: integer('maker_id').references(() => operators.id, { onDelete: 'restrict' }),
    makerName: text('maker_name').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The maker's request id: the same submit twice makes one approval. */
    requestKey: text('request_key'),
    /** pending, approved, rejected, cancelled (by its maker), failed (the change no longer applies). */
    status: text('status').notNull().default('pending'),
    checkerId: integer('checker_id').references(() => operators.id, { onDelete: 'restrict' }),
    checkerName: text('checker_name').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    checkNote: text('check_note').notNull().default(''),
    /** What the change answered when it ran (the adjustment's balance, the card), or why it failed. */
    result: jsonb('result'),
  },
  (t) => [
    uniqueIndex('approvals_request_key').on(t.requestKey),
    index('approvals_status_idx').on(t.status, t.madeAt),
    index('approvals_target_idx').on(t.targetType, t.targetId),
    check(
      'approvals_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled', 'failed')`,
    ),
  ],
);

/**
 * Risk controls a 超级管理员 sets (each change under maker–checker): exactly one row (id 1). Money in
 * cents.
 */
export const controlSettings = pgTable(
  'control_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** A balance adjustment above this needs a second operator (5,000.00). */
    adjustReviewAboveCents: bigint('adjust_review_above_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`500000`),
    /** An activity's bonus cap above this needs a second operator (10,000.00). */
    bonusCapReviewAboveCents: bigint('bonus_cap_review_above_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`1000000`),
    /** What one operator may adjust in a Beijing day, credits and debits together (200,000.00). */
    dailyAdjustCents: bigint('daily_adjust_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`20000000`),
    /** What one operator may approve in a Beijing day: deposits, withdrawals, bonuses (2,000,000.00). */
    dailyApproveCents: bigint('daily_approve_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`200000000`),
    /** How long a withdrawal waits after a reset, a new card or address, or a holder-name mismatch. */
    withdrawalHoldHours: smallint('withdrawal_hold_hours').notNull().default(24),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('control_settings_single_row', sql`${t.id} = 1`)],
);

/** What each operator adjusted and approved per Beijing day: the daily totals are checked against it. */
export const operatorDailyTotals = pgTable(
  'operator_daily_totals',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** Beijing date, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** adjust or approve. */
    kind: text('kind').notNull(),
    cents: bigint('cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.day, t.kind] })],
);
