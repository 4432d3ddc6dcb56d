import { agentTeamReport } from '@app/contract/agent-office';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { officeQueries } from '@/shared/queries/office';

export const reportQueries = {
  all: () => [...officeQueries.all(), 'report'] as const,
  team: (start: string, end: string) =>
    queryOptions({
      queryKey: [...reportQueries.all(), start, end] as const,
      queryFn: ({ signal }) => call(agentTeamReport, { start_date: start, end_date: end }, { signal }),
    }),
};
