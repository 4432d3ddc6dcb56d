import { playSession, protection } from '@app/contract/protection';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';

/**
 * 责任博彩: the member's limits with what is used, and the break in force (read fresh on each visit).
 * Shared: the sign-in asks it too (a member in a time-out is taken to /protection).
 */
export const protectionQueries = {
  state: () =>
    queryOptions({
      queryKey: ['protection'] as const,
      queryFn: ({ signal }) => call(protection, {}, { signal }),
      staleTime: 0,
    }),
  /** This sign-in session so far: the reality check, the session-time limit and the play screens. */
  session: () =>
    queryOptions({
      queryKey: ['protection', 'session'] as const,
      queryFn: ({ signal }) => call(playSession, {}, { signal }),
      staleTime: 0,
    }),
};
