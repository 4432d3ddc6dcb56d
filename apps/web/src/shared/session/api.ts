import { balance, logoff, refreshUserMoney, user } from '@app/contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from '@app/mobile/router';
import { call } from '@/shared/api/client';
import { sessionActions, useIsLoggedIn, useUser } from '@/shared/session/store';

/** Balance poll of spec §9. */
export const BALANCE_POLL_MS = 2500;

export const sessionQueries = {
  all: () => ['session'] as const,
  /** The member (spec userInfo); mirrored into the store for synchronous readers. */
  user: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'user'] as const,
      queryFn: async ({ signal }) => {
        const info = await call(user, undefined, { signal });
        sessionActions.setUser(info);
        return info;
      },
      staleTime: 10_000,
    }),
  /** Central balance in cents. Readers use this; only the app's poller adds the interval. */
  balance: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'balance'] as const,
      queryFn: ({ signal }) => call(balance, undefined, { signal }),
      staleTime: BALANCE_POLL_MS,
    }),
  /** The poll: every 2.5 s while the page is visible (TanStack pauses intervals in the background). */
  balancePoll: () =>
    queryOptions({
      ...sessionQueries.balance(),
      refetchInterval: BALANCE_POLL_MS,
      refetchIntervalInBackground: false,
    }),
};

/**
 * The current member, the one way screens read it: the member query's reply, else the copy the store
 * keeps (there as soon as login answered). `query` for screens that show its loading or failure;
 * `enabled: false` for a visitor on a public screen.
 */
export function useCurrentUser(opts: { enabled?: boolean } = {}) {
  const query = useQuery({ ...sessionQueries.user(), enabled: opts.enabled ?? true });
  const stored = useUser();
  return { user: query.data ?? stored, query };
}

/** The central balance in cents (undefined until known). Only components that show it read it. */
export function useBalance(): number | undefined {
  const loggedIn = useIsLoggedIn();
  const { data } = useQuery({ ...sessionQueries.balance(), enabled: loggedIn });
  return data;
}

/**
 * After login or registration: keep the token, then load the member (the poller starts by itself).
 * A one-time password: the member's reply says so (mustChangePassword), the forced screen comes first.
 */
export async function completeSignIn(qc: QueryClient, token: string, remember: boolean): Promise<void> {
  qc.removeQueries({ queryKey: sessionQueries.all() });
  sessionActions.signIn(token, remember);
  try {
    const info = await qc.fetchQuery(sessionQueries.user());
    qc.setQueryData(sessionQueries.balance().queryKey, info.balance);
  } catch {
    // The token is good; the app's session keeper retries the member info.
  }
}

/** 刷新余额: refreshusermoney answers with the member, balance included. */
export function useRefreshMoney() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(refreshUserMoney),
    onSuccess: (info) => {
      sessionActions.setUser(info);
      qc.setQueryData(sessionQueries.user().queryKey, info);
      qc.setQueryData(sessionQueries.balance().queryKey, info.balance);
    },
  });
}

/** Logout: tell the server (best effort), clear both storages and every cached reply, go to /login. */
export function useLogout(): () => Promise<void> {
  const end = useEndSession();
  return async () => {
    await call(logoff).catch(() => undefined);
    end();
  };
}

/**
 * Forgets the session here and goes to /login, without asking the server: for a session the server
 * has just ended itself (a time-out or self-exclusion ends every session of the member).
 */
export function useEndSession(): () => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // Leave the page first (rendered synchronously): a (login) page would otherwise send the visitor
    // to /login?redirect=… when the token goes.
    flushSync(() => void navigate('/login', { replace: true }));
    sessionActions.clear();
    qc.clear();
  };
}
