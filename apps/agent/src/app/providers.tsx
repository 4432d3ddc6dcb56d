import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/shared/api/client';

/** Worth one more try: no answer, or the server failed. Not a refusal, a timeout or a broken reply. */
function transient(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'server');
}

/** Reads fail at once when offline (重试 shows), never wait for the network to come back. */
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

/** antd-mobile needs no provider: its default locale is zh-CN. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
