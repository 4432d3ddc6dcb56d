import * as z from 'zod/mini';
import { defineCall } from './define';
import { GameCategory } from './enums';
import { IntOrZero, ListOf, SafeUrl, Text, TextLike } from './codecs';

/** A game platform of the hall (spec §3 Game). */
export const Game = z.pipe(
  z.object({
    category_id: z.string(),
    app_state: IntOrZero,
    platform_name: Text,
    game_code: Text,
    name: z.nullish(z.string()),
    icon: z.nullish(z.string()),
    img: z.nullish(z.string()),
    game_type: z.nullish(z.string()),
  }),
  z.transform((o) => ({
    category: o.category_id,
    shown: o.app_state === 1,
    platformName: o.platform_name,
    gameCode: o.game_code,
    name: o.name || o.platform_name,
    icon: o.icon || o.img || '',
    gameType: o.game_type ?? '',
  })),
);
export type Game = z.output<typeof Game>;

export const gameList = defineCall({
  name: 'game/list',
  method: 'GET',
  path: '/api/game/list',
  auth: 'none',
  request: z.object({ category: GameCategory }),
  response: z.pipe(
    ListOf(Game),
    z.transform((games) => games.filter((g) => g.shown)),
  ),
});

/* Slot games (/concise) ------------------------------------------------------------------------------ */

/** The slot platforms of /concise?type=…, with their tab labels; obgdy is the default. */
export const SLOT_PLATFORMS = ['obgdy', 'fgdz', 'pp', 'ae'] as const;
export const SlotPlatform = z.enum(SLOT_PLATFORMS, { error: '游戏平台无效' });
export type SlotPlatform = z.infer<typeof SlotPlatform>;
export const SLOT_PLATFORM_LABELS: Record<SlotPlatform, string> = {
  obgdy: 'OB',
  fgdz: 'FG',
  pp: 'PP',
  ae: 'AE',
};
export const DEFAULT_SLOT_PLATFORM: SlotPlatform = 'obgdy';

/** A slot game: catecode (its platform), gamecode, gamename, gamepic. */
export const SlotGame = z.pipe(
  z.object({ catecode: Text, gamecode: TextLike, gamename: Text, gamepic: Text }),
  z.transform((o) => ({ platform: o.catecode, gameCode: o.gamecode, name: o.gamename, picture: o.gamepic })),
);
export type SlotGame = z.output<typeof SlotGame>;

export const slotGames = defineCall({
  name: 'gamelistBycode',
  method: 'POST',
  path: '/api/gamelistBycode',
  auth: 'none',
  request: z.object({ gamecode: SlotPlatform }),
  response: ListOf(SlotGame),
});

/* Opening a game ------------------------------------------------------------------------------------- */

const GameCode = (message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.maxLength(64, message), z.regex(/^[A-Za-z0-9_.-]*$/, message));

/** A GameCode that may be left out (→ ''). */
const OptionalGameCode = (message: string) =>
  z.pipe(
    z.optional(GameCode(message)),
    z.transform((v) => v ?? ''),
  );

/**
 * The launch URL of a venue's lobby (game_code '') or of one game. Needs a member. With auto-transfer
 * on (transferstatus 1) the server first moves the central balance into the venue; the call is still
 * not a money call for the client (no Idempotency-Key). The URL is http(s) or a same-site path
 * (the demo provider's games); anything else (javascript:) is refused at the boundary.
 */
export const gameUrl = defineCall({
  name: 'getGameUrl',
  method: 'POST',
  path: '/api/getGameUrl',
  request: z.object({
    plat_name: GameCode('游戏平台无效').check(z.minLength(1, '游戏平台无效')),
    game_type: OptionalGameCode('游戏类型无效'),
    game_code: OptionalGameCode('游戏无效'),
    is_mobile_url: z.pipe(
      z.optional(z.union([z.literal(1), z.literal('1')])),
      z.transform(() => 1 as const),
    ),
  }),
  response: z.pipe(
    z.object({ url: SafeUrl }),
    z.transform((o) => o.url),
  ),
});
