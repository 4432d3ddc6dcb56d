import { agentSubAgentRates, agentSubAgents } from '@app/contract/agent-office';
import type { CategoryRates } from '@app/contract/agent-plans';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { nextPage } from '@/shared/paging';
import { officeQueries } from '@/shared/queries/office';

export const subAgentQueries = {
  all: () => [...officeQueries.all(), 'sub-agents'] as const,
  list: () =>
    infiniteQueryOptions({
      queryKey: [...subAgentQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => call(agentSubAgents, { page: pageParam }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
};

export function useSetSubAgentRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; rates: CategoryRates }) => call(agentSubAgentRates, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: subAgentQueries.all() }),
  });
}
