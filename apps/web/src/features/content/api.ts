import { article, noticeList } from '@app/contract/site';
import { messageList } from '@app/contract/content';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { nextPage } from './rules';

const LISTS_STALE_MS = 5 * 60_000;

export const contentQueries = {
  all: () => ['content'] as const,
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
};
