import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';

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
