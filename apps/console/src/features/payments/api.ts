import {
  consolePaymentRates,
  consolePayMethods,
  consoleReceivingCards,
} from '@app/contract/console-payments';
import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiReply } from '@/shared/api';

/** Every query of 支付设置 (read again after any change of this area). */
export const PAYMENTS_KEY = ['console', 'payments'] as const;

export const payMethodsQuery = () =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'methods'],
    queryFn: () => callApi(consolePayMethods, {}),
  });

export const receivingCardsQuery = () =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'cards'],
    queryFn: () => callApi(consoleReceivingCards, {}),
  });

export const paymentRatesQuery = () =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'rates'],
    queryFn: () => callApi(consolePaymentRates, {}),
  });

/**
 * A write of this area: the call, then every payments query read again. `onDone` has the server's
 * message too (a change of a receiving account answers a 待复核 ticket and says so).
 */
export function usePaymentsWrite<C extends CallDef>(
  call: C,
  onDone?: (data: DataOf<C>, message: string) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApiReply(call, input),
    onSuccess: async ({ data, message }) => {
      onDone?.(data, message);
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    },
  });
}
