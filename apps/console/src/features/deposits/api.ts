import { consoleDeposits } from '@app/contract/console-money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

/** Every query of the deposit queue (invalidated after a review). */
export const DEPOSITS_KEY = ['console', 'deposits'] as const;

export const depositsQuery = (state: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, { state, page, pageSize }],
    queryFn: () => callApi(consoleDeposits, { state, page, pageSize }),
    placeholderData: keepPreviousData,
  });
