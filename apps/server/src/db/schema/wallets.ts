import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
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
