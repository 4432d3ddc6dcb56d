import type { SUPPORT_QUEUE_VIEWS } from '@app/contract/console-support';
import {
  consoleSupportCanned,
  consoleSupportConversation,
  consoleSupportMember,
  consoleSupportOperators,
  consoleSupportQueue,
  consoleSupportSearch,
} from '@app/contract/console-support';
import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { callApi } from '@/shared/api';
import { mergeConversation } from './components/merge';

/** Every query of the 客服工作台 starts with this key: invalidate it after an action. */
export const SUPPORT_KEY = ['console', 'support'] as const;

export type QueueView = (typeof SUPPORT_QUEUE_VIEWS)[number];

/*
 * Real time by the desk's socket (components/useDeskSocket.ts): while it is live the queue and the
 * open conversation do not poll; its frames patch them (messages merged by id, rows patched, the
 * lists read again once per burst) and every (re)connect reads all desk queries once. While it is
 * down (connecting, closed, refused) they POLL as before: the queue every 5 s and the open
 * conversation every 3 s while the tab is visible (TanStack pauses refetchInterval in a hidden tab).
 * A read after the first is the console's own (the background header): it does not keep an idle
 * session alive.
 */
export const QUEUE_POLL_MS = 5_000;
export const CONVERSATION_POLL_MS = 3_000;

/** Whether this query has been read once (a later read is a background poll). */
const readBefore = (client: QueryClient, key: QueryKey) =>
  (client.getQueryState(key)?.dataUpdatedAt ?? 0) > 0;

/** `live`: the desk's socket is open (useDeskLive), so no polling. */
export const supportQueueQuery = (view: QueueView, live = false) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'queue', view],
    queryFn: ({ client, queryKey }) =>
      callApi(
        consoleSupportQueue,
        { view, page: 1, pageSize: 100 },
        { background: readBefore(client, queryKey) },
      ),
    refetchInterval: live ? false : QUEUE_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });

/** The newest messages read over those held (older ones loaded, pushed ones): see mergeConversation. */
export const supportConversationQuery = (id: number, live = false) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'conversation', id],
    queryFn: async ({ client, queryKey }) => {
      const fresh = await callApi(
        consoleSupportConversation,
        { id },
        { background: readBefore(client, queryKey) },
      );
      return mergeConversation(client.getQueryData(queryKey), fresh);
    },
    refetchInterval: live ? false : CONVERSATION_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const supportOperatorsQuery = queryOptions({
  queryKey: [...SUPPORT_KEY, 'operators'],
  queryFn: () => callApi(consoleSupportOperators, {}),
});

export const supportCannedQuery = queryOptions({
  queryKey: [...SUPPORT_KEY, 'canned'],
  queryFn: () => callApi(consoleSupportCanned, {}),
  staleTime: 60_000,
});

export const supportMemberQuery = (conversationId: number) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'member', conversationId],
    queryFn: () => callApi(consoleSupportMember, { id: conversationId }),
    staleTime: 30_000,
  });

export type SearchInput = RequestOf<typeof consoleSupportSearch>;
export const supportSearchQuery = (input: SearchInput) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'search', input],
    queryFn: () => callApi(consoleSupportSearch, input),
    placeholderData: keepPreviousData,
  });

/**
 * Every desk query read again, but the images' blobs (MessageList: fetched once for the page's life;
 * reading one again would make a new blob URL and leave the old one behind).
 */
export const invalidateDesk = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: SUPPORT_KEY, predicate: (q) => q.queryKey[2] !== 'image' });

/** A desk action: the call, then every query of the workbench read again. */
export function useSupportAction<C extends CallDef>(call: C, onDone?: (data: DataOf<C>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApi(call, input),
    onSuccess: async (data) => {
      onDone?.(data);
      await invalidateDesk(queryClient);
    },
  });
}
