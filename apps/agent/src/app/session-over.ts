import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from '@app/mobile/router';
import { setSessionOverHandler } from '@/shared/api/client';
import { loginPath } from '@/shared/navigation';
import { sessionActions } from '@/shared/session/store';

/** Goes to /login, with the current path to come back to. */
let leave: (() => void) | null = null;

/** Lends the mounted router to the session-over flow (which runs outside React). */
export function SessionOverNavigator(): null {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const from = pathname + search;
    const go = () => navigate(loginPath(from), { replace: true });
    leave = go;
    return () => {
      if (leave === go) leave = null;
    };
  }, [navigate, pathname, search]);
  return null;
}

/**
 * A 401 (the session ended) or a 403 (not an agent, or frozen) from any call: forget the token and
 * every cached reply, go to /login (one render: both updates are batched, so neither the guard nor the
 * login screen sees half of it), and let the login screen say why.
 */
export function installSessionOver(queryClient: QueryClient): void {
  setSessionOverHandler((message) => {
    sessionActions.signOut(message);
    leave?.();
    queryClient.clear();
  });
}
