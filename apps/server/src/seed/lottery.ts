import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gamePlatforms } from '../db/schema/games';
import { lotteries, lotteryRooms } from '../db/schema/lottery';

/**
 * The demo lotteries: two type 2 (three balls 0–9, 210 s rounds) and one type 1 (six balls plus a
 * special ball 1–49, 300 s rounds), betting closing 30 s before each draw (server-rules 'Lottery').
 * `code` is what /lottery?name= and the hall's lottery platforms (game_code) name.
 */
export const SEED_LOTTERIES = [
  {
    code: 'jnd28',
    title: '加拿大28',
    type: 2,
    periodSeconds: 210,
    closeSeconds: 30,
    rooms: ['新手房', '高手房', 'VIP房'],
    /** Rooms open from a VIP level above 1 (the room's min_vip_level). */
    vipRooms: { VIP房: 3 },
  },
  {
    code: 'xy28',
    title: '幸运28',
    type: 2,
    periodSeconds: 210,
    closeSeconds: 30,
    rooms: ['新手房', '高手房'],
  },
  {
    code: 'xglhc',
    title: '香港六合彩',
    type: 1,
    periodSeconds: 300,
    closeSeconds: 30,
    rooms: ['新手房', '高手房'],
  },
] as const;

/**
 * The hall's lottery platforms (seed-content GAMES, category 'lottery') and the lottery each opens:
 * the hall sends a member to /lottery?name=<game_code>.
 */
export const LOTTERY_PLATFORM_CODES: Record<string, string> = { TCG: 'jnd28', VR: 'xy28', SGWIN: 'xglhc' };
/** What the tiles were called before they were named after their games. */
const OLD_TILE_NAMES: Record<string, string> = { TCG: '天成彩票', VR: 'VR彩票', SGWIN: '双赢彩票' };

/**
 * Points the hall's lottery platforms of an older database (seeded with an empty game_code) at their
 * lottery. Runs before the platforms are inserted, so the insert then finds its row and adds nothing.
 */
export async function linkLotteryPlatforms(db: Db): Promise<void> {
  // Tiles seeded under the venue's name (天成彩票 opened 加拿大28): named after the game they open,
  // unless an operator renamed them.
  for (const [platform, old] of Object.entries(OLD_TILE_NAMES)) {
    const lottery = SEED_LOTTERIES.find((l) => l.code === LOTTERY_PLATFORM_CODES[platform]);
    if (!lottery) continue;
    await db
      .update(gamePlatforms)
      .set({ name: lottery.title })
      .where(
        and(
          eq(gamePlatforms.category, 'lottery'),
          eq(gamePlatforms.platformName, platform),
          eq(gamePlatforms.name, old),
        ),
      );
  }
  for (const [platform, code] of Object.entries(LOTTERY_PLATFORM_CODES)) {
    await db
      .update(gamePlatforms)
      .set({ gameCode: code })
      .where(
        and(
          eq(gamePlatforms.category, 'lottery'),
          eq(gamePlatforms.platformName, platform),
          eq(gamePlatforms.gameCode, ''),
        ),
      );
  }
}

/**
 * Idempotent: lotteries by code and rooms by (lottery, title) are only added when missing; a room that
 * exists keeps what operators made of it (its VIP level included: VIP房 of a database seeded before
 * rooms had levels stays open to everyone until an operator sets it in 彩票管理).
 */
export async function seedLottery(db: Db): Promise<void> {
  await db
    .insert(lotteries)
    .values(
      SEED_LOTTERIES.map((l, i) => ({
        code: l.code,
        title: l.title,
        type: l.type,
        periodSeconds: l.periodSeconds,
        closeSeconds: l.closeSeconds,
        sort: i + 1,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: lotteries.id, code: lotteries.code })
    .from(lotteries)
    .where(
      inArray(
        lotteries.code,
        SEED_LOTTERIES.map((l) => l.code),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  const rooms = SEED_LOTTERIES.flatMap((l) => {
    const lotteryId = idOf.get(l.code);
    const levels: Record<string, number> = 'vipRooms' in l ? l.vipRooms : {};
    return lotteryId === undefined
      ? []
      : l.rooms.map((title, i) => ({ lotteryId, title, sort: i + 1, minVipLevel: levels[title] ?? 1 }));
  });
  if (rooms.length > 0) await db.insert(lotteryRooms).values(rooms).onConflictDoNothing();
}
