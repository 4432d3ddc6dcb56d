import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/shared/api/client';

/** Worth one more try: no answer, or the server failed. Not a refusal, a timeout or a broken reply. */
function transient(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'server');
}

/**
 * Reads and actions go out whatever the browser says of the network: offline, a read fails at once with
 * 网络异常 and 重试 (never a skeleton for ever) and is read again when the network returns
 * (refetchOnReconnect); an action is never paused to run by itself later (a money action goes out on
 * the member's tap or not at all). Tests build their client with the same mode.
 */
export const NETWORK_MODE = 'always' as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && transient(error),
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        networkMode: NETWORK_MODE,
      },
      mutations: { retry: false, networkMode: NETWORK_MODE },
    },
  });
}

/**
 * antd-mobile needs no provider: its default locale is zh-CN, and its imperative pieces (Toast, Dialog)
 * render in roots of their own, outside any provider anyway.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
