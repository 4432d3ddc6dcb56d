import { agentInvites, agentOverview } from '@app/contract/agent-office';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';

/**
 * The agent's calls read by more than one feature: the overview (who the agent is, its plan) and its
 * invites with its own rates (推广 lists them; 下级代理 caps a sub-agent's rates by them).
 */
export const officeQueries = {
  all: () => ['agent'] as const,
  overview: () =>
    queryOptions({
      queryKey: [...officeQueries.all(), 'overview'] as const,
      queryFn: ({ signal }) => call(agentOverview, undefined, { signal }),
    }),
  invites: () =>
    queryOptions({
      queryKey: [...officeQueries.all(), 'invites'] as const,
      queryFn: ({ signal }) => call(agentInvites, undefined, { signal }),
    }),
};
