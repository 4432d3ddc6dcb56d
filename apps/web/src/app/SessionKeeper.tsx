import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from '@/shared/session/api';
import { useIsLoggedIn } from '@/shared/session/store';

/**
 * While logged in: loads the member once and polls the balance every 2.5 s while the page is visible.
 * It reads nothing from the results, so a poll never re-renders it (or anything else but the
 * components that show the balance).
 */
export function SessionKeeper() {
  const loggedIn = useIsLoggedIn();
  useQuery({ ...sessionQueries.user(), enabled: loggedIn, notifyOnChangeProps: [] });
  useQuery({ ...sessionQueries.balancePoll(), enabled: loggedIn, notifyOnChangeProps: [] });
  return null;
}
