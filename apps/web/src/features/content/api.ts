import { article, noticeList, type ArticleSection } from '@app/contract/site';
import { messageList } from '@app/contract/content';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '@/shared/api/client';
import { nextPage } from './rules';

const LISTS_STALE_MS = 5 * 60_000;

/**
 * Whether a call failed because the back end does not have it (404 / 405): messageList is our
 * addition, which another back end of the API family answers so.
 */
export function callMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 404 || error.code === 405);
}

export const contentQueries = {
  all: () => ['content'] as const,
  /** /message tab 2: the notices (noticeList: title, HTML content, created_at), paged as one scroll. */
  notices: () =>
    infiniteQueryOptions({
      queryKey: [...contentQueries.all(), 'notices'] as const,
      queryFn: async ({ pageParam, signal }) => ({
        page: pageParam,
        ...(await call(noticeList, { page: pageParam }, { signal })),
      }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  /**
   * /message tab 3: the member's own site messages (messageList, our addition), paged as one scroll. A
   * back end without the call answers 404 once; the tab then stays hidden (no retries).
   */
  messages: () =>
    infiniteQueryOptions({
      queryKey: [...contentQueries.all(), 'messages'] as const,
      queryFn: async ({ pageParam, signal }) => ({
        page: pageParam,
        ...(await call(messageList, { page: pageParam }, { signal })),
      }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      retry: (failures, error) => !callMissing(error) && failures < 2,
    }),
  /** One article; `section` abouts for /abouts' own (the help centre's otherwise). */
  article: (type: number, section: ArticleSection = 'help') =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'article', section, type] as const,
      queryFn: ({ signal }) => call(article, section === 'help' ? { type } : { type, section }, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
};
