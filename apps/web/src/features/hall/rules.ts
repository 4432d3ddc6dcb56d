import type { Game } from '@app/contract/games';

/** Where tapping a platform leads a member (spec §2): lottery rooms, slot lists, or the game page. */
export function platformPath(game: Pick<Game, 'category' | 'platformName' | 'gameCode'>): string {
  if (game.category === 'lottery') return `/lottery?${new URLSearchParams({ name: game.gameCode })}`;
  if (game.category === 'concise') return `/concise?${new URLSearchParams({ type: game.gameCode })}`;
  const query = new URLSearchParams({ name: game.platformName, type: game.category, code: game.gameCode });
  return `/gamePage?${query}`;
}

export const MSG_LOGIN_REQUIRED = '请登录！';

/** Shortcuts under the member card (members only). */
export const SHORTCUTS = [
  { label: '存款', to: '/recharge' },
  { label: '转账', to: '/transfer' },
  { label: 'VIP', to: '/vip2' },
  { label: '取款', to: '/withdrawal' },
] as const;
