import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location } from '@app/mobile/router';
import { App } from '@/app/App';
import { NETWORK_MODE } from '@/app/providers';
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
 * The whole app (route table, guard, header, tab bar, session-over flow) at `path`, in a memory
 * router; signed in with `token` when given.
 */
export function renderApp(path = '/', opts: { token?: string } = {}) {
  if (opts.token) sessionActions.signIn(opts.token);
  const queryClient = testQueryClient();
  const seen: { location?: Location } = {};
  function Probe() {
    const location = useLocation();
    useLayoutEffect(() => {
      seen.location = location;
    });
    return null;
  }
  function TestRouter({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        {children}
        <Probe />
      </MemoryRouter>
    );
  }
  installSessionOver(queryClient);
  const user = userEvent.setup();
  const utils = render(<App queryClient={queryClient} Router={TestRouter} />);
  /** Path and search of the current location. */
  const location = () => (seen.location ? seen.location.pathname + seen.location.search : '');
  return { ...utils, queryClient, user, location };
}

/** The JSON body a handler received. */
export async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  return (await request.clone().json()) as Record<string, unknown>;
}
