import {
  consoleLotteries,
  consoleLotteryOdds,
  consoleLotteryRounds,
  consoleVerifyLotteryRound,
} from '@app/contract/console-lottery';
import { consoleCancelLotteryRound, consoleLotteryExposure } from '@app/contract/console-exposure';
import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiReply } from '@/shared/api';

/** Every query of this feature (read again after any write). */
export const LOTTERY_KEY = ['console', 'lottery'] as const;

export const lotteriesQuery = () =>
  queryOptions({ queryKey: [...LOTTERY_KEY, 'lotteries'], queryFn: () => callApi(consoleLotteries, {}) });

export const oddsQuery = (lotteryId: number) =>
  queryOptions({
    queryKey: [...LOTTERY_KEY, 'odds', lotteryId],
    queryFn: () => callApi(consoleLotteryOdds, { lottery_id: lotteryId }),
    enabled: lotteryId > 0,
  });

export const roundsQuery = (lotteryId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...LOTTERY_KEY, 'rounds', { lotteryId, page, pageSize }],
    queryFn: () => callApi(consoleLotteryRounds, { lottery_id: lotteryId, page, pageSize }),
    enabled: lotteryId > 0,
    placeholderData: keepPreviousData,
  });

export const verifyQuery = (id: string | null) =>
  queryOptions({
    queryKey: [...LOTTERY_KEY, 'verify', id],
    queryFn: () => callApi(consoleVerifyLotteryRound, { id: id ?? '' }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });

/** A write of this feature: the call, then every lottery query read again. */
export function useLotteryWrite<C extends CallDef>(call: C, onDone?: (data: DataOf<C>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApi(call, input),
    onSuccess: async (data) => {
      onDone?.(data);
      await queryClient.invalidateQueries({ queryKey: LOTTERY_KEY });
    },
  });
}

/** 风险敞口 of a lottery (0: the first), read again on 刷新 only: the figures are a snapshot. */
export const exposureQuery = (lotteryId: number) =>
  queryOptions({
    queryKey: [...LOTTERY_KEY, 'exposure', lotteryId],
    queryFn: () => callApi(consoleLotteryExposure, { lottery_id: lotteryId }),
  });

/** 撤销期号: filed for a second operator; `onDone` gets the server's message (已提交复核…). */
export function useCancelRound(onDone: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) => callApiReply(consoleCancelLotteryRound, input),
    onSuccess: async (reply) => {
      onDone(reply.message);
      await queryClient.invalidateQueries({ queryKey: LOTTERY_KEY });
    },
  });
}
