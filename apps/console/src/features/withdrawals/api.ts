import { consoleWithdrawal, consoleWithdrawals } from '@app/contract/console-money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';
import type { QueueFilterValues } from '@/shared/queueFilters';

/** Every query of the withdrawal queue and its details (invalidated after a review). */
export const WITHDRAWALS_KEY = ['console', 'withdrawals'] as const;

/** How often the queue asks again on its own (new withdrawals show, and beep, within this). */
export const WITHDRAWALS_POLL_MS = 15_000;

/**
 * A page of the queue, filtered, asked again every 15 s while the tab is visible. Once loaded, a
 * refresh is the console's own (BACKGROUND_HEADER): it does not keep the session alive.
 */
export const withdrawalsQuery = (
  state: number,
  page: number,
  pageSize: number,
  filters: QueueFilterValues<'kind'> = {},
) =>
  queryOptions({
    queryKey: [...WITHDRAWALS_KEY, 'list', { state, page, pageSize, ...filters }],
    queryFn: ({ client, queryKey }) =>
      callApi(
        consoleWithdrawals,
        { state, page, pageSize, ...filters },
        { background: (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0 },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: WITHDRAWALS_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const withdrawalQuery = (id: number) =>
  queryOptions({
    queryKey: [...WITHDRAWALS_KEY, 'detail', id],
    queryFn: () => callApi(consoleWithdrawal, { id }),
  });
