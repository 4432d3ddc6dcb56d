import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';

/** Game platforms of the hall, by category (realbet, joker, gaming, sport, lottery, concise). */
export const gamePlatforms = pgTable(
  'game_platforms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    category: text('category').notNull(),
    /** The platform (venue) code, e.g. AG; also the code of its venue wallet. */
    platformName: text('platform_name').notNull(),
    /** A game inside the platform ('' = the platform's lobby). */
    gameCode: text('game_code').notNull().default(''),
    /** Display name, e.g. AG真人. */
    name: text('name').notNull(),
    gameType: text('game_type').notNull().default(''),
    /** 1 shown in the app. */
    appState: smallint('app_state').notNull().default(1),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    unique('game_platforms_key').on(t.category, t.platformName, t.gameCode),
    index('game_platforms_category_idx').on(t.category, t.sort),
    check(
      'game_platforms_category_check',
      sql`${t.category} in ('realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise')`,
    ),
  ],
);

/**
 * A launch ticket of the demo provider: getGameUrl returns a URL carrying a random ticket (only its
 * sha256 stored), single-use and short-lived. Redeeming it opens a demo game session.
 */
export const gameLaunchTickets = pgTable(
  'game_launch_tickets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketHash: text('ticket_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's sign-in session that asked for it: revoking that session ends the ticket. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** Platform (venue) code whose wallet the game stakes from. */
    platform: text('platform').notNull(),
    gameCode: text('game_code').notNull().default(''),
    category: text('category').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('game_launch_tickets_user_idx').on(t.userId)],
);

/** A demo game session opened by a redeemed ticket: the game page's calls carry its token. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's sign-in session the game was opened from: revoking it ends the game session. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    gameCode: text('game_code').notNull().default(''),
    category: text('category').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('game_sessions_user_idx').on(t.userId)],
);
