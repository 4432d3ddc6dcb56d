import { and, asc, eq, sql } from 'drizzle-orm';
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
 */
export interface VenueProvider {
  /** The venues members have wallets for. */
  venues(db: Db): Promise<Venue[]>;
  /** Whether members can move money to and from this venue code (one of `venues`). */
  isVenue(db: Db, code: string): Promise<boolean>;
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
      .where(sql`${gamePlatforms.appState} = 1`)
      .groupBy(gamePlatforms.platformName)
      .orderBy(asc(sql`min(${gamePlatforms.sort})`));
    return rows.map((r) => ({ code: r.code, name: r.name }));
  },
  async isVenue(db, code) {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(gamePlatforms)
      .where(and(eq(gamePlatforms.platformName, code), eq(gamePlatforms.appState, 1)))
      .limit(1);
    return rows.length > 0;
  },
};
