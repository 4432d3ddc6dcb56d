import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from '@app/mobile/router';
import { App } from '@/app/App';
import { NETWORK_MODE } from '@/app/providers';
import { appRoutes, type AppRoute } from '@/app/routes';
import { installSessionOver } from '@/app/session-over';
import { sessionActions } from '@/shared/session/store';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, networkMode: NETWORK_MODE },
      mutations: { retry: false, networkMode: NETWORK_MODE },
    },
  });
}

/**
 * What a test drives the app's router with: navigate (a path, or -1 for back; async, for `await act(…)`)
 * and the current location.
 */
export interface TestRouter {
  navigate: (to: string | number) => Promise<void>;
  readonly location: Location;
}

/**
 * The whole app (site gate, session keeper, route table, guard, layout) at `path`, in a memory router
 * (the app's hash router otherwise). `extraRoutes` stand for routes of later issues, and replace a route
 * of the table with the same path.
 */
export function renderApp(path = '/', opts: { token?: string; extraRoutes?: AppRoute[] } = {}) {
  if (opts.token) sessionActions.signIn(opts.token, false);
  const queryClient = testQueryClient();
  const extra = opts.extraRoutes ?? [];
  const routes = [...appRoutes.filter((r) => !extra.some((e) => e.path === r.path)), ...extra];

  const seen: { navigate?: NavigateFunction; location?: Location } = {};
  /** Inside the router: keeps its navigate and location for the test. */
  function Probe() {
    const navigate = useNavigate();
    const location = useLocation();
    useLayoutEffect(() => {
      seen.navigate = navigate;
      seen.location = location;
    });
    return null;
  }
  function TestMemoryRouter({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        {children}
        <Probe />
      </MemoryRouter>
    );
  }
  const router: TestRouter = {
    navigate: async (to) => {
      if (!seen.navigate) throw new Error('the router is not mounted');
      await (typeof to === 'number' ? seen.navigate(to) : seen.navigate(to));
    },
    get location() {
      if (!seen.location) throw new Error('the router is not mounted');
      return seen.location;
    },
  };

  installSessionOver(queryClient);
  const user = userEvent.setup();
  const utils = render(<App queryClient={queryClient} Router={TestMemoryRouter} routes={routes} />);
  /** Path and search of the current location. */
  const location = () => router.location.pathname + router.location.search;
  return { ...utils, router, queryClient, user, location };
}

/** A route of a later issue, for tests: its screen shows `页面 <path>`. */
export function stubRoute(path: string, login: boolean): AppRoute {
  function Stub() {
    return <h1>页面 {path}</h1>;
  }
  return { path, screen: lazy(() => Promise.resolve({ default: Stub })), login, header: 'main', tabs: false };
}
