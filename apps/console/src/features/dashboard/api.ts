import { consoleDashboard } from '@app/contract/console-admin';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

/** How often the dashboard asks again (a short poll: new items show within seconds). */
export const DASHBOARD_POLL_MS = 5_000;

/** The dashboard's figures, polled while the tab is visible (TanStack pauses it in a hidden tab). */
export const dashboardQuery = queryOptions({
  queryKey: ['console', 'dashboard'],
  queryFn: () => callApi(consoleDashboard),
  refetchInterval: DASHBOARD_POLL_MS,
  refetchIntervalInBackground: false,
});
