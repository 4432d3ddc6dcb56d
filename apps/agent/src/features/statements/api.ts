import { agentStatements } from '@app/contract/agent-office';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { nextPage } from '@/shared/paging';
import { officeQueries } from '@/shared/queries/office';

export const statementQueries = {
  all: () => [...officeQueries.all(), 'statements'] as const,
  /** Newest first; the detail screen finds a statement in these pages. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...statementQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => call(agentStatements, { page: pageParam }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
};
