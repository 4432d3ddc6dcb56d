import { GAME_CATEGORIES, type GameCategory } from '@app/contract/enums';
import { assertNoBreak } from '../protection/guard';
import type { SlotPlatform } from '@app/contract/games';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gamePlatforms } from '../../db/schema/games';
import { BusinessError } from '../../core/errors';
import type { Member } from '../../identity/sessions';
import { WalletService } from '../wallet/service';
import { recordValidBet } from '../wallet/turnover';
import { createLaunchTicket } from './demo';
import { findSlot, SLOT_CATALOGUE, SLOT_PIC_PREFIX, SLOT_VENUE, slotPictureName } from './slots';

export const MSG_PLATFORM_INVALID = '游戏平台无效';
export const MSG_GAME_INVALID = '游戏无效';

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

/** gamelistBycode: the slot games of one /concise platform; catecode is its venue code (plat_name). */
export function listSlotGames(platform: SlotPlatform) {
  const venue = SLOT_VENUE[platform];
  return SLOT_CATALOGUE[platform].map((g) => ({
    catecode: venue,
    gamecode: g.code,
    gamename: g.name,
    gamepic: `${SLOT_PIC_PREFIX}${slotPictureName(g)}`,
  }));
}

/**
 * getGameUrl: the platform must be shown (app_state 1); the game code, when given, one of its hall
 * entries or (slot platforms) one of its slot games. With auto-transfer on, the central balance first
 * moves into the venue (its own ledger transaction); then a launch ticket of the demo provider.
 */
export async function launchGame(
  db: Db,
  member: Member,
  input: { plat_name: string; game_code: string },
): Promise<string> {
  const rows = await db
    .select({ category: gamePlatforms.category, gameCode: gamePlatforms.gameCode })
    .from(gamePlatforms)
    .where(and(eq(gamePlatforms.platformName, input.plat_name), eq(gamePlatforms.appState, 1)))
    .orderBy(desc(sql`${gamePlatforms.gameCode} = ''`), asc(gamePlatforms.sort));
  const first = rows[0];
  if (!first) throw new BusinessError(MSG_PLATFORM_INVALID);
  const code = input.game_code;
  // 责任博彩: no game opens during a time-out or an exclusion (its rounds are refused as well).
  await assertNoBreak(db, member.id);
  if (code !== '' && !rows.some((r) => r.gameCode === code) && !findSlot(input.plat_name, code)) {
    throw new BusinessError(MSG_GAME_INVALID);
  }
  await new WalletService(db).autoTransferInto(member.id, input.plat_name);
  return createLaunchTicket(db, {
    userId: member.id,
    sessionId: member.sessionId,
    platform: input.plat_name,
    gameCode: code,
    category: first.category,
  });
}

/**
 * A venue's valid bet as its report would send it (the command line's bet:record): the stake counts
 * in full toward the member's turnover and rebates. 404 场馆不存在 for a platform of no hall category.
 */
export async function recordVenueBet(db: Db, userId: number, platformName: string, cents: bigint) {
  const [platform] = await db
    .select({ category: gamePlatforms.category, code: gamePlatforms.platformName })
    .from(gamePlatforms)
    .where(eq(gamePlatforms.platformName, platformName))
    .limit(1);
  if (!platform || !(GAME_CATEGORIES as readonly string[]).includes(platform.category)) {
    throw new BusinessError('场馆不存在', 404);
  }
  await db.transaction((tx) =>
    recordValidBet(tx, userId, {
      platform: platform.code,
      category: platform.category,
      stakeCents: cents,
      validCents: cents,
    }),
  );
  return platform.code;
}
