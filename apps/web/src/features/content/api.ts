import type { GameCategory } from '@app/contract/enums';
import { gameList } from '@app/contract/games';
import { article, bannerList, homeNotice, messageList, noticeList, serviceUrl } from '@app/contract/site';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { nextPage } from './rules';

const LISTS_STALE_MS = 5 * 60_000;

export const contentQueries = {
  all: () => ['content'] as const,
  banners: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'banners'] as const,
      queryFn: ({ signal }) => call(bannerList, { type: 2 }, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  homeNotices: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'homeNotices'] as const,
      queryFn: ({ signal }) => call(homeNotice, undefined, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  games: (category: GameCategory) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'games', category] as const,
      queryFn: ({ signal }) => call(gameList, { category }, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  /** /message tab 1: announcements, paged as one scroll. */
  announcements: () =>
    infiniteQueryOptions({
      queryKey: [...contentQueries.all(), 'announcements'] as const,
      queryFn: async ({ pageParam, signal }) => ({
        page: pageParam,
        ...(await call(noticeList, { page: pageParam }, { signal })),
      }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  /** /message tab 2: the member's site messages, paged as one scroll. */
  messages: () =>
    infiniteQueryOptions({
      queryKey: [...contentQueries.all(), 'messages'] as const,
      queryFn: async ({ pageParam, signal }) => ({
        page: pageParam,
        ...(await call(messageList, { page: pageParam }, { signal })),
      }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  article: (type: number) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'article', type] as const,
      queryFn: ({ signal }) => call(article, { type }, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  serviceUrl: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'serviceUrl'] as const,
      queryFn: ({ signal }) => call(serviceUrl, undefined, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
};
