import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ConsoleSession } from '@app/contract/console-auth';
import { sessionQuery } from '@/shared/session';

export const TEST_OPERATOR: ConsoleSession = {
  id: 1,
  name: 'caiwu01',
  role: 'finance',
  csrf: 'csrf-token',
  idle_minutes: 30,
};

/**
 * Renders a screen as the console does (antd zh_CN, TanStack Query, a router at `path`), signed in as
 * `operator` (null: signed out). Extra routes show where the screen navigates to.
 */
export function renderScreen(
  element: ReactElement,
  opts: { path?: string; route?: string; operator?: ConsoleSession | null; routes?: RouteObject[] } = {},
): RenderResult & { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(
    sessionQuery.queryKey,
    opts.operator === undefined ? TEST_OPERATOR : opts.operator,
  );
  const router = createMemoryRouter(
    [{ path: opts.route ?? opts.path ?? '/', element }, ...(opts.routes ?? [])],
    { initialEntries: [opts.path ?? '/'] },
  );
  const result = render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return { ...result, queryClient, router };
}
