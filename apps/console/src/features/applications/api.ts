import {
  consoleActivityApplications,
  consoleAgentApplications,
  type ApplicationFilter,
} from '@app/contract/console-applications';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

/** One page of a queue: its state filter and page. */
export interface QueuePage {
  state: ApplicationFilter;
  page: number;
  pageSize: number;
}

/** The keys every list of this feature shares (invalidated after a review). */
export const ACTIVITY_KEY = ['console', 'applications', 'activity'] as const;
export const AGENT_KEY = ['console', 'applications', 'agent'] as const;

export const activityApplicationsQuery = (q: QueuePage) =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, q],
    queryFn: () => callApi(consoleActivityApplications, q),
    placeholderData: keepPreviousData,
  });

export const agentApplicationsQuery = (q: QueuePage) =>
  queryOptions({
    queryKey: [...AGENT_KEY, q],
    queryFn: () => callApi(consoleAgentApplications, q),
    placeholderData: keepPreviousData,
  });
