import { venueBalances } from '@app/contract/wallet';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { venuesRoot } from './venue-key';

/**
 * The venue wallets (balancelist): balances on the wallet screens, the platform filters of /betRecord
 * and /fanshui. One key; money movements invalidate it (wallet refreshMoney, 一键回收).
 */
export const venueQueries = {
  all: venuesRoot,
  /**
   * `pollMs` polls while the tab is visible (3.5 s wallet screens, 1.5 s /transfer); `staleTime` is the
   * reader's own (a filter needs the names, not fresh balances).
   */
  balances: (opts: { pollMs?: number; staleTime?: number } = {}) =>
    queryOptions({
      queryKey: [...venueQueries.all(), 'balances'] as const,
      queryFn: ({ signal }) => call(venueBalances, undefined, { signal }),
      staleTime: opts.staleTime ?? 1000,
      // No polling while nothing could be read: each poll would put the block back to loading (a
      // query without data goes back to pending) and hide the failure, for 30 s on a stalled server.
      // 重试 (or a refocus) reads again, and polling resumes with the first answer.
      refetchInterval: (query) =>
        query.state.data === undefined && query.state.status === 'error' ? false : (opts.pollMs ?? false),
      refetchIntervalInBackground: false,
    }),
};
