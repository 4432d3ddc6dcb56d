import { z } from 'zod';
import { defineCall } from './define';
import { GameCategory } from './enums';
import { IntOrZero, ListOf, Text } from './codecs';

/** A game platform of the hall (spec §3 Game). */
export const Game = z
  .object({
    category_id: z.string(),
    app_state: IntOrZero,
    platform_name: Text,
    game_code: Text,
    name: z.string().nullish(),
    icon: z.string().nullish(),
    img: z.string().nullish(),
    game_type: z.string().nullish(),
  })
  .transform((o) => ({
    category: o.category_id,
    shown: o.app_state === 1,
    platformName: o.platform_name,
    gameCode: o.game_code,
    name: o.name || o.platform_name,
    icon: o.icon || o.img || '',
    gameType: o.game_type ?? '',
  }));
export type Game = z.output<typeof Game>;

export const gameList = defineCall({
  name: 'game/list',
  method: 'GET',
  path: '/api/game/list',
  auth: 'none',
  request: z.object({ category: GameCategory }),
  response: ListOf(Game).transform((games) => games.filter((g) => g.shown)),
});
