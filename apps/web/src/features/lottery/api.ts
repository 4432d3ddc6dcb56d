import type { RequestOf } from '@app/contract/define';
import { lotteryOrder, lotteryRoom, lotteryRooms, lotteryRoomsByName } from '@app/contract/lottery';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, send } from '@/shared/api/client';
import { sessionQueries } from '@/shared/session/api';

/**
 * A room loaded this recently is not loaded again when its screen mounts, nor when requests resume
 * (the app holds them, as offline, until a prepared room has painted: src/main.tsx).
 */
const ROOM_FRESH_MS = 2000;
const olderThanFresh = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > ROOM_FRESH_MS;

export const lotteryQueries = {
  all: () => ['lottery'] as const,
  /** /lottery: every room (lotteryList), or the rooms of one lottery (?name=). */
  rooms: (name = '') =>
    queryOptions({
      queryKey: [...lotteryQueries.all(), 'rooms', name] as const,
      queryFn: ({ signal }) =>
        name ? call(lotteryRoomsByName, { name }, { signal }) : call(lotteryRooms, undefined, { signal }),
      staleTime: 30_000,
    }),
  /**
   * One room: its round (nowdata), results, chat history and plays. Never fresh for long: the round
   * clock counts from the moment of the reply, and a refetch brings the next round.
   */
  room: (roomId: number) =>
    queryOptions({
      queryKey: [...lotteryQueries.all(), 'room', roomId] as const,
      queryFn: ({ signal }) => call(lotteryRoom, { room_id: roomId }, { signal }),
      staleTime: 0,
      // Not again when the screen mounts right after the room was loaded for it (LotteryScreen's
      // prepare, before the app's first render), nor when the app's first-paint hold ends just after.
      refetchOnMount: olderThanFresh,
      refetchOnReconnect: olderThanFresh,
      refetchOnWindowFocus: true,
    }),
};

/** After a draw or an order: the balance (and the member) are stale. */
export function refreshBalance(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: sessionQueries.all() });
}

/** 立即投注 → 确认: places the order under the confirmation's Idempotency-Key. */
export function useLotteryOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ intentKey, ...body }: RequestOf<typeof lotteryOrder> & { intentKey: string }) =>
      send(lotteryOrder, body, { idempotencyKey: intentKey }),
    onSuccess: () => refreshBalance(qc),
  });
}
