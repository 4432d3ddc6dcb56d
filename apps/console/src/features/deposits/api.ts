import { consoleDeposits } from '@app/contract/console-money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';
import type { QueueFilterValues } from '@/shared/queueFilters';

/** Every query of the deposit queue (invalidated after a review). */
export const DEPOSITS_KEY = ['console', 'deposits'] as const;

/** How often the queue asks again on its own (new deposits show, and beep, within this). */
export const DEPOSITS_POLL_MS = 15_000;

/**
 * A page of the queue, filtered, asked again every 15 s while the tab is visible. Once loaded, a
 * refresh is the console's own (BACKGROUND_HEADER): it does not keep the session alive.
 */
export const depositsQuery = (
  state: number,
  page: number,
  pageSize: number,
  filters: QueueFilterValues<'method'> = {},
) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, { state, page, pageSize, ...filters }],
    queryFn: ({ client, queryKey }) =>
      callApi(
        consoleDeposits,
        { state, page, pageSize, ...filters },
        { background: (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0 },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: DEPOSITS_POLL_MS,
    refetchIntervalInBackground: false,
  });
