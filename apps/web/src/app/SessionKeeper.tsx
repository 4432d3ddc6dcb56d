import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from '@app/mobile/router';
import { siteQueries } from '@/shared/queries/site';
import { sessionQueries } from '@/shared/session/api';
import { sessionActions, useIsLoggedIn, useMustChangePassword } from '@/shared/session/store';

/**
 * While logged in: loads the member once and polls the balance every 2.5 s while the page is visible
 * (not while a one-time login password waits to be changed: the server answers only /api/user then).
 * It reads nothing from the results, so a poll never re-renders it (or anything else but the
 * components that show the balance).
 */
export function SessionKeeper() {
  const loggedIn = useIsLoggedIn();
  const held = useMustChangePassword();
  useQuery({ ...sessionQueries.user(), enabled: loggedIn, notifyOnChangeProps: [] });
  useQuery({ ...sessionQueries.balancePoll(), enabled: loggedIn && !held, notifyOnChangeProps: [] });
  return null;
}

/**
 * messageNum (spec §3): the announcements (homenotice, /message tab 1) added since the member last
 * opened /message; being on /message marks them read. The tab bar shows the number.
 */
export function MessageCounter() {
  const loggedIn = useIsLoggedIn();
  const onMessages = useLocation().pathname === '/message';
  const { data } = useQuery({ ...siteQueries.notices(), enabled: loggedIn });
  const total = data?.length;
  useEffect(() => {
    if (loggedIn && total !== undefined) sessionActions.countNotices(total, onMessages);
  }, [loggedIn, total, onMessages]);
  return null;
}
