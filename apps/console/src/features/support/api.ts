import type { SUPPORT_QUEUE_VIEWS } from '@app/contract/console-support';
import {
  consoleSupportCanned,
  consoleSupportConversation,
  consoleSupportFigures,
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

/** Every query of the 客服工作台 starts with this key: invalidate it after an action. */
export const SUPPORT_KEY = ['console', 'support'] as const;

export type QueueView = (typeof SUPPORT_QUEUE_VIEWS)[number];

/*
 * POLLING until the desk's sockets come (apps/server src/realtime, another piece of issue 34): the
 * queue every 5 s and the open conversation every 3 s while the tab is visible (TanStack pauses
 * refetchInterval in a hidden tab). A poll after the first read is the console's own (the background
 * header): it does not keep an idle session alive. When the sockets publish a message, assignment,
 * transfer, close or read mark, these two queries are invalidated on the socket's event instead and
 * the intervals go.
 */
export const QUEUE_POLL_MS = 5_000;
export const CONVERSATION_POLL_MS = 3_000;

/** Whether this query has been read once (a later read is a background poll). */
const readBefore = (client: QueryClient, key: QueryKey) =>
  (client.getQueryState(key)?.dataUpdatedAt ?? 0) > 0;

export const supportQueueQuery = (view: QueueView) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'queue', view],
    queryFn: ({ client, queryKey }) =>
      callApi(
        consoleSupportQueue,
        { view, page: 1, pageSize: 100 },
        { background: readBefore(client, queryKey) },
      ),
    refetchInterval: QUEUE_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });

export const supportConversationQuery = (id: number) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'conversation', id],
    queryFn: ({ client, queryKey }) =>
      callApi(consoleSupportConversation, { id }, { background: readBefore(client, queryKey) }),
    refetchInterval: CONVERSATION_POLL_MS,
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

export const supportFiguresQuery = (day: string) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'figures', day],
    queryFn: () => callApi(consoleSupportFigures, { day }),
  });

/** A desk action: the call, then every query of the workbench read again. */
export function useSupportAction<C extends CallDef>(call: C, onDone?: (data: DataOf<C>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApi(call, input),
    onSuccess: async (data) => {
      onDone?.(data);
      await queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
    },
  });
}
