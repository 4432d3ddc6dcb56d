import { consoleApprovals } from '@app/contract/console-approvals';
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

/**
 * How many changes wait in 待复核 (maker–checker), polled with the dashboard; a refresh after the
 * first is the console's own, like the dashboard's.
 */
export const pendingApprovalsQuery = queryOptions({
  queryKey: ['console', 'approvals', 'dashboard'],
  queryFn: ({ client, queryKey }) =>
    callApi(
      consoleApprovals,
      { view: 'pending', page: 1, pageSize: 1 },
      { background: (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0 },
    ),
  refetchInterval: DASHBOARD_POLL_MS,
  refetchIntervalInBackground: false,
});
