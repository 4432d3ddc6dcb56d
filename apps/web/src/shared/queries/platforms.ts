import type { GameCategory } from '@app/contract/enums';
import { gameList } from '@app/contract/games';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';

/** The game platforms (game/list) of one category, as the hall and its variants show them. */
export const platformQueries = {
  all: () => ['platforms'] as const,
  /** Loaded when a category's tab first opens. */
  list: (category: GameCategory) =>
    queryOptions({
      queryKey: [...platformQueries.all(), category] as const,
      queryFn: ({ signal }) => call(gameList, { category }, { signal }),
      staleTime: 5 * 60_000,
    }),
};
