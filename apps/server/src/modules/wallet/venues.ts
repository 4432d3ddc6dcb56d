import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gamePlatforms } from '../../db/schema/games';

export interface Venue {
  /** The platform code (platname), also the venue wallet's code. */
  code: string;
  name: string;
}

/**
 * Where venue wallets live. A real integration would move money to and from the game platform's
 * API; the built-in demo provider keeps each venue's balance in the member's venue wallet row only.
 * Which venues take transfers is the SQL function money_venue_open (migration 0019), which the
 * one-statement transfer checks too: `venues` lists exactly those (money-functions.test.ts).
 */
export interface VenueProvider {
  /** The venues members have wallets for, and may move money to and from. */
  venues(db: Db): Promise<Venue[]>;
}

/** Every seeded platform (one wallet per platform code), named after its lobby entry. */
export const demoVenueProvider: VenueProvider = {
  async venues(db) {
    const rows = await db
      .select({
        code: gamePlatforms.platformName,
        name: sql<string>`(array_agg(${gamePlatforms.name} order by (${gamePlatforms.gameCode} = '') desc, ${gamePlatforms.sort}))[1]`,
        sort: sql<number>`min(${gamePlatforms.sort})`,
      })
      .from(gamePlatforms)
      // The rows of enabled platforms (their lobby names); the codes are money_venue_open's.
      .where(sql`${gamePlatforms.appState} = 1`)
      .groupBy(gamePlatforms.platformName)
      .orderBy(asc(sql`min(${gamePlatforms.sort})`));
    return rows.map((r) => ({ code: r.code, name: r.name }));
  },
};
