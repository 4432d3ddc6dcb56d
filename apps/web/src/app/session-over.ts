import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from '@app/mobile/router';
import { MSG_SESSION_OVER, setSessionOverHandler } from '@/shared/api/client';
import { sessionActions } from '@/shared/session/store';

/** Goes to a path at once, rendered before this returns; null while no router is mounted. */
let leaveTo: ((path: string) => void) | null = null;

/** Lends the mounted router's navigate to the session-over flow (which runs outside React). */
export function SessionOverNavigator(): null {
  const navigate = useNavigate();
  useEffect(() => {
    const leave = (path: string) => flushSync(() => void navigate(path, { replace: true }));
    leaveTo = leave;
    return () => {
      if (leaveTo === leave) leaveTo = null;
    };
  }, [navigate]);
  return null;
}

/**
 * The session-over flow (spec §8), for any call that answers 401: go to /login, clear both storages
 * (which stops the polls) and every cached reply, and say why. The client calls it once per ended
 * session however many calls fail.
 */
export function installSessionOver(queryClient: QueryClient): void {
  setSessionOverHandler((message) => {
    // Leave the page first (rendered synchronously): a (login) page would otherwise send the visitor
    // to /login?redirect=… when the token goes.
    leaveTo?.('/login');
    sessionActions.clear();
    queryClient.clear();
    // The dialog's code (and which words it says) loads now: the first load carries none of it.
    void import('@/shared/ui/dialog').then(
      (d) => d.alertSessionOver(message),
      () => window.alert(MSG_SESSION_OVER),
    );
  });
}
