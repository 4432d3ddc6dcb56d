import { gameUrl, slotGames, type SlotPlatform } from '@app/contract/games';
import { agentLoginUrl } from '@app/contract/site';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';

const LISTS_STALE_MS = 5 * 60_000;

/** A launch URL is single-use and short-lived: fetched each time the page opens, never reused. */
const ONE_SHOT = { staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false } as const;

export const gamesQueries = {
  all: () => ['games'] as const,
  /** The slot games of one /concise tab. */
  slots: (platform: SlotPlatform) =>
    queryOptions({
      queryKey: [...gamesQueries.all(), 'slots', platform] as const,
      queryFn: ({ signal }) => call(slotGames, { gamecode: platform }, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  /** getGameUrl (is_mobile_url=1): the game's URL (the server may first move money, with auto-transfer). */
  launch: (platName: string, gameType: string, gameCode: string) =>
    queryOptions({
      queryKey: [...gamesQueries.all(), 'launch', platName, gameType, gameCode] as const,
      queryFn: ({ signal }) =>
        call(
          gameUrl,
          { plat_name: platName, game_type: gameType, game_code: gameCode, is_mobile_url: 1 },
          { signal },
        ),
      ...ONE_SHOT,
    }),
  agentLogin: () =>
    queryOptions({
      queryKey: [...gamesQueries.all(), 'agentLogin'] as const,
      queryFn: ({ signal }) => call(agentLoginUrl, undefined, { signal }),
      ...ONE_SHOT,
    }),
};
