import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { ErrorBoundary } from '@app/mobile/ErrorBoundary';
import { Navigate, useLocation } from '@app/mobile/router';
import { loginPath } from '@/shared/navigation';
import { useIsLoggedIn } from '@/shared/session/store';
import { BlockLoading } from '@/shared/ui/BlockStates';
import { Header } from '@/app/layout/Header';
import { TabBar } from '@/app/layout/TabBar';

export interface AppRoute {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** A visitor without a session is sent to /login?redirect=<path>. */
  login: boolean;
  /** Shows the bottom tab bar (the five main screens). */
  tabs: boolean;
  /** The header's title; none: the screen draws its own top (login, ticket). */
  title?: string;
  /** A back arrow in the header, to this path when the screen was opened directly. */
  back?: string;
}

type Load = () => Promise<{ default: ComponentType }>;
const route = (path: string, load: Load, opts: Omit<AppRoute, 'path' | 'screen'>): AppRoute => ({
  path,
  screen: lazy(load),
  ...opts,
});

/* The route table: every screen is its own chunk. Unknown paths go to /. */
// prettier-ignore
export const appRoutes: AppRoute[] = [
  route('/ticket',     () => import('@/features/auth/screens/TicketScreen'),            { login: false, tabs: false }),
  route('/login',      () => import('@/features/auth/screens/LoginScreen'),             { login: false, tabs: false }),
  route('/',           () => import('@/features/overview/screens/OverviewScreen'),      { login: true, tabs: true, title: '代理后台' }),
  route('/members',    () => import('@/features/downline/screens/DownlineScreen'),      { login: true, tabs: true, title: '下级会员' }),
  route('/statements', () => import('@/features/statements/screens/StatementsScreen'),  { login: true, tabs: true, title: '佣金账单' }),
  route('/statement',  () => import('@/features/statements/screens/StatementScreen'),   { login: true, tabs: false, title: '账单详情', back: '/statements' }),
  route('/invites',    () => import('@/features/invites/screens/InvitesScreen'),        { login: true, tabs: true, title: '推广链接' }),
  route('/more',       () => import('@/features/more/screens/MoreScreen'),              { login: true, tabs: true, title: '更多' }),
  route('/agents',     () => import('@/features/subagents/screens/SubAgentsScreen'),    { login: true, tabs: false, title: '下级代理', back: '/more' }),
  route('/report',     () => import('@/features/report/screens/TeamReportScreen'),      { login: true, tabs: false, title: '团队报表', back: '/more' }),
];

/** The route at `pathname`, trailing slashes and case aside. */
export function matchRoute(pathname: string, table: AppRoute[]): AppRoute | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1').toLowerCase();
  return table.find((r) => r.path.toLowerCase() === path);
}

/** One route: the guard, the header, the lazy screen (its error and loading states), the tab bar. */
function RouteScreen({ route }: { route: AppRoute }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search, key } = useLocation();
  if (route.login && !loggedIn) return <Navigate to={loginPath(pathname + search)} replace />;
  const Screen = route.screen;
  return (
    <div className={route.tabs ? 'app-shell with-tabs' : 'app-shell'}>
      {route.title && <Header title={route.title} back={route.back} />}
      <main className="app-main">
        <ErrorBoundary resetKey={key}>
          <Suspense fallback={<BlockLoading lines={5} label="页面加载中" />}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </main>
      {route.tabs && <TabBar />}
    </div>
  );
}

export function AppRoutes({ table = appRoutes }: { table?: AppRoute[] }) {
  const { pathname } = useLocation();
  const route = matchRoute(pathname, table);
  return route ? <RouteScreen route={route} /> : <Navigate to="/" replace />;
}
