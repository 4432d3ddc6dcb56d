import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { HashRouter } from '@app/mobile/router';
import { siteQueries } from '@/shared/queries/site';
import { SamePageGuard } from '@/app/layout/SamePageGuard';
import { Maintenance } from '@/app/Maintenance';
import { AppProviders } from '@/app/providers';
import { appRoutes, AppRoutes, type AppRoute } from '@/app/routes';
import { MessageCounter, SessionKeeper } from '@/app/SessionKeeper';
import { SessionOverNavigator } from '@/app/session-over';
import { useIsLoggedIn } from '@/shared/session/store';

/** The router around the app: the hash router in the browser, a memory router in tests. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

/**
 * Hash mode (spec §2). Location updates are plain state updates, not transitions, so that the session-over
 * flow and logout can render /login synchronously (flushSync) before the token goes; a screen whose code
 * is still loading shows its loading state meanwhile.
 */
export function HashAppRouter({ children }: { children: ReactNode }) {
  return <HashRouter>{children}</HashRouter>;
}

/** How often an open app asks whether the operator switched maintenance on or off (while visible). */
const SITE_POLL_MS = 30_000;

/** Site info decides between the app and the maintenance page; the app shows while it loads. */
function SiteGate({ children }: { children: ReactNode }) {
  const { data } = useQuery({ ...siteQueries.app(), refetchInterval: SITE_POLL_MS });
  const title = data?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  if (data && !data.open) return <Maintenance title={data.title} tips={data.repairTips} />;
  return children;
}

/** 游戏时间提醒 (责任博彩): its code loads after the first render, for a signed-in member only. */
const RealityCheck = lazy(() => import('@/features/protection/components/RealityCheck'));
function RealityCheckGate() {
  return useIsLoggedIn() ? (
    <Suspense fallback={null}>
      <RealityCheck />
    </Suspense>
  ) : null;
}

export function App({
  queryClient,
  Router = HashAppRouter,
  routes = appRoutes,
}: {
  queryClient: QueryClient;
  Router?: AppRouter;
  routes?: AppRoute[];
}) {
  return (
    <AppProviders client={queryClient}>
      <SiteGate>
        <SessionKeeper />
        <Router>
          <SessionOverNavigator />
          <SamePageGuard />
          <MessageCounter />
          <RealityCheckGate />
          <AppRoutes table={routes} />
        </Router>
      </SiteGate>
    </AppProviders>
  );
}
