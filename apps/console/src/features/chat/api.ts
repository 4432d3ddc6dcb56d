import {
  consoleChatMessages,
  consoleChatMutes,
  consoleChatRooms,
  type ChatMessageRow,
} from '@app/contract/console-chat';
import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '@/shared/api';

/** Every query of this feature starts with this key: invalidate it after an action. */
export const CHAT_KEY = ['console', 'chat'] as const;

export const chatRoomsQuery = queryOptions({
  queryKey: [...CHAT_KEY, 'rooms'],
  queryFn: () => callApi(consoleChatRooms, {}),
  staleTime: 60_000,
});

/** A room's messages, newest first; each "load older" asks for the page before the last one shown. */
export const chatMessagesQuery = (roomId: number) =>
  infiniteQueryOptions({
    queryKey: [...CHAT_KEY, 'messages', roomId],
    queryFn: ({ pageParam }) =>
      callApi(consoleChatMessages, pageParam ? { room_id: roomId, before: pageParam } : { room_id: roomId }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

export const chatMutesQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'mutes', page, pageSize],
    queryFn: () => callApi(consoleChatMutes, { page, pageSize }),
    placeholderData: keepPreviousData,
  });

/** A chat action: the call, then every query of the feature read again. */
export function useChatAction<C extends CallDef>(call: C, onDone?: (data: DataOf<C>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApi(call, input),
    onSuccess: async (data) => {
      onDone?.(data);
      await queryClient.invalidateQueries({ queryKey: CHAT_KEY });
    },
  });
}

/** The author of a message, as the mute dialog needs it. */
export type ChatAuthor = Pick<ChatMessageRow, 'user_id' | 'author' | 'muted_until'>;
