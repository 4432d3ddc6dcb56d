import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { HashRouter } from '@app/mobile/router';
import { AppProviders } from '@/app/providers';
import { appRoutes, AppRoutes, type AppRoute } from '@/app/routes';
import { SessionOverNavigator } from '@/app/session-over';

/** The router around the app: the hash router in the browser, a memory router in tests. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

export function App({
  queryClient,
  Router = HashRouter,
  routes = appRoutes,
}: {
  queryClient: QueryClient;
  Router?: AppRouter;
  routes?: AppRoute[];
}) {
  return (
    <AppProviders client={queryClient}>
      <Router>
        <SessionOverNavigator />
        <AppRoutes table={routes} />
      </Router>
    </AppProviders>
  );
}
