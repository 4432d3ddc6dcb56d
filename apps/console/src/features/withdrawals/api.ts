import { consoleWithdrawal, consoleWithdrawals } from '@app/contract/console-money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

/** Every query of the withdrawal queue and its details (invalidated after a review). */
export const WITHDRAWALS_KEY = ['console', 'withdrawals'] as const;

export const withdrawalsQuery = (state: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...WITHDRAWALS_KEY, 'list', { state, page, pageSize }],
    queryFn: () => callApi(consoleWithdrawals, { state, page, pageSize }),
    placeholderData: keepPreviousData,
  });

export const withdrawalQuery = (id: number) =>
  queryOptions({
    queryKey: [...WITHDRAWALS_KEY, 'detail', id],
    queryFn: () => callApi(consoleWithdrawal, { id }),
  });
