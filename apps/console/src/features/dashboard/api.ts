import { consoleDashboard } from '@app/contract/console-admin';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

/** How often the dashboard asks again (a short poll: new items show within seconds). */
export const DASHBOARD_POLL_MS = 5_000;

/**
 * The dashboard's figures, polled while the tab is visible (TanStack pauses it in a hidden tab). Once
 * loaded, a refresh is the console's own: it does not keep the session alive (an open tab times out).
 */
export const dashboardQuery = queryOptions({
  queryKey: ['console', 'dashboard'],
  queryFn: ({ client, queryKey }) =>
    callApi(consoleDashboard, undefined, {
      background: (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0,
    }),
  refetchInterval: DASHBOARD_POLL_MS,
  refetchIntervalInBackground: false,
});
