import type { GameCategory } from '@app/contract/enums';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gamePlatforms } from '../../db/schema/games';

/** The platforms shown in one hall category, in their order. */
export async function listGames(db: Db, category: GameCategory) {
  const rows = await db
    .select()
    .from(gamePlatforms)
    .where(and(eq(gamePlatforms.category, category), eq(gamePlatforms.appState, 1)))
    .orderBy(asc(gamePlatforms.sort), asc(gamePlatforms.id));
  return rows.map((g) => ({
    id: g.id,
    category_id: g.category,
    app_state: g.appState,
    platform_name: g.platformName,
    game_code: g.gameCode,
    name: g.name,
    icon: g.icon,
    game_type: g.gameType,
  }));
}
