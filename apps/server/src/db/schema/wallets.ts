import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** The venue code of a member's central wallet (`userbalance` in the API's transfer calls). */
export const CENTRAL_VENUE = 'central';

/**
 * A member's wallets: one central wallet (venue 'central', created at registration) and one per game
 * venue (platform code). The ledger (next issue) is the only writer of balance_cents.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venue: text('venue').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('wallets_user_venue_key').on(t.userId, t.venue),
    check('wallets_balance_not_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/**
 * Turnover (打码量) a member owes before withdrawing, one row per thing that added to it (a deposit ×1,
 * a bonus × its multiple, a claimed rebate or red packet, an operator's credit). Valid bets pay the
 * open rows in id order (modules/wallet/turnover.ts), each counting `weights` (percent per rebate
 * category; null: every category in full) of the bet; so every row must be played on its own and a
 * bonus whose rule weights even-money lottery plays low cannot be cleared on them cheaply. A row is
 * open while done < required; withdrawals need every row met and never change one.
 */
export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** TurnoverSource of the contract: deposit, activity_bonus, rebate, red_packet, adjustment, demo, carried. */
    source: text('source').notNull(),
    /** What added it ('deposit:12', 'activity:3#45', a Beijing day of rebates…). */
    reference: text('reference').notNull().default(''),
    requiredCents: bigint('required_cents', { mode: 'bigint' }).notNull(),
    doneCents: bigint('done_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    weights: jsonb('weights').$type<Record<string, number>>(),
    /** What the multiple multiplies (the deposit, the bonus, deposit + bonus…), for the member's
     * breakdown; null on rows written before it was kept. */
    baseCents: bigint('base_cents', { mode: 'bigint' }),
    multiple: integer('multiple'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    metAt: timestamp('met_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('turnover_requirements_open_idx')
      .on(t.userId, t.id)
      .where(sql`${t.doneCents} < ${t.requiredCents}`),
    index('turnover_requirements_user_idx').on(t.userId, t.createdAt),
    check(
      'turnover_requirements_amounts',
      sql`${t.requiredCents} > 0 and ${t.doneCents} >= 0 and ${t.doneCents} <= ${t.requiredCents}`,
    ),
  ],
);
