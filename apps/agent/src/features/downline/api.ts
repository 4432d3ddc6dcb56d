import { agentDownline } from '@app/contract/agent-office';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { nextPage } from '@/shared/paging';
import { officeQueries } from '@/shared/queries/office';

export interface DownlineFilter {
  level: number;
  /** A name prefix; '' for everyone. */
  q: string;
  start_date: string;
  end_date: string;
}

export const downlineQueries = {
  all: () => [...officeQueries.all(), 'downline'] as const,
  list: (filter: DownlineFilter) =>
    infiniteQueryOptions({
      queryKey: [...downlineQueries.all(), filter] as const,
      queryFn: ({ pageParam, signal }) =>
        call(agentDownline, { ...filter, q: filter.q || undefined, page: pageParam }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
};
