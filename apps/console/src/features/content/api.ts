import {
  consoleArticles,
  consoleBanners,
  consoleHomeNotices,
  consoleNotices,
  consoleSiteMessages,
  consoleSitePages,
} from '@app/contract/console-content';
import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { callApi, errorMessage } from '@/shared/api';

/** Every query of this feature starts with this key: a write reads them all again. */
export const CONTENT_KEY = ['console', 'content'] as const;

export const bannersQuery = () =>
  queryOptions({ queryKey: [...CONTENT_KEY, 'banners'], queryFn: () => callApi(consoleBanners, {}) });

export const homeNoticesQuery = () =>
  queryOptions({ queryKey: [...CONTENT_KEY, 'homeNotices'], queryFn: () => callApi(consoleHomeNotices, {}) });

export const noticesQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'notices', page, pageSize],
    queryFn: () => callApi(consoleNotices, { page, pageSize }),
    placeholderData: keepPreviousData,
  });

export const articlesQuery = () =>
  queryOptions({ queryKey: [...CONTENT_KEY, 'articles'], queryFn: () => callApi(consoleArticles, {}) });

export const sitePagesQuery = () =>
  queryOptions({ queryKey: [...CONTENT_KEY, 'pages'], queryFn: () => callApi(consoleSitePages, {}) });

export const sentMessagesQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'messages', page, pageSize],
    queryFn: () => callApi(consoleSiteMessages, { page, pageSize }),
    placeholderData: keepPreviousData,
  });

/**
 * A write of this feature: the server's message shown on success (or `done` told), its Chinese refusal
 * shown as an error, then every content query read again.
 */
export function useContentWrite<C extends CallDef>(call: C, done?: (data: DataOf<C>) => void) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApi(call, input),
    onSuccess: async (data) => {
      done?.(data);
      await queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
    },
    onError: (err) => void message.error(errorMessage(err)),
  });
}
