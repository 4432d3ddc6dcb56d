import type { GameCategory } from '@app/contract/enums';
import { gameList } from '@app/contract/games';
import { bannerList, homeNotice } from '@app/contract/site';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';

const LISTS_STALE_MS = 5 * 60_000;

export const hallQueries = {
  all: () => ['hall'] as const,
  /** Hall carousel (bannerList type 2). */
  banners: () =>
    queryOptions({
      queryKey: [...hallQueries.all(), 'banners'] as const,
      queryFn: ({ signal }) => call(bannerList, { type: 2 }, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  /** Texts of the scrolling notice bar. */
  notices: () =>
    queryOptions({
      queryKey: [...hallQueries.all(), 'notices'] as const,
      queryFn: ({ signal }) => call(homeNotice, undefined, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  /** Platforms of one category, loaded when its tab first opens. */
  games: (category: GameCategory) =>
    queryOptions({
      queryKey: [...hallQueries.all(), 'games', category] as const,
      queryFn: ({ signal }) => call(gameList, { category }, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
};
