import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Every file a member uploaded (deposit vouchers, QR codes, avatars), for the per-member rate and
 * daily quota, and for the job that removes files nothing refers to. `path` is the stored name under
 * DATA_DIR/uploads.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull().unique(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('uploads_user_at_idx').on(t.userId, t.createdAt), index('uploads_at_idx').on(t.createdAt)],
);
