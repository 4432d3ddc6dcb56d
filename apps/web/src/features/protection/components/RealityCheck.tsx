import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { protectionQueries } from '@/shared/queries/protection';
import { useLogout } from '@/shared/session/api';
import { confirmDialog } from '@/shared/ui/dialog';
import { nextCheckIn, realityText } from '../rules';

/**
 * 游戏时间提醒 (reality check) and the end of a session-time limit, mounted for a signed-in member (loaded on demand): every interval the
 * member chose, counted from the session's start, a dialog tells the time signed in, stakes, winnings
 * and the net result of the session, with 继续 and 退出登录.
 */
export default function RealityCheck() {
  const qc = useQueryClient();
  const logout = useLogout();
  const state = useQuery(protectionQueries.state()).data;
  const minutes = state?.reality_check ?? 0;
  const limited = (state?.session_limit.minutes ?? 0) > 0;
  const session = useQuery({ ...protectionQueries.session(), enabled: minutes > 0 || limited }).data;
  const started = session?.started_at;
  const endsAt = session?.ends_at ?? null;

  // The session-time limit: once it is reached, one call meets the server's 401, whose flow signs
  // the member out and says why (even on a page that polls nothing).
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setTimeout(
      () => void qc.fetchQuery(protectionQueries.session()).catch(() => null),
      Math.max(0, endsAt - Date.now()) + 1_000,
    );
    return () => clearTimeout(timer);
  }, [endsAt, qc]);

  useEffect(() => {
    if (minutes <= 0 || started === undefined) return;
    const period = minutes * 60_000;
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => void check(), nextCheckIn(started, Date.now(), period));
    };
    const check = async () => {
      const now = await qc.fetchQuery(protectionQueries.session()).catch(() => null);
      if (stop.signal.aborted) return;
      if (!now) return schedule();
      const stay = await confirmDialog(realityText(now, Date.now()), '游戏时间提醒', stop.signal, {
        confirm: '继续',
        cancel: '退出登录',
      });
      if (stop.signal.aborted) return;
      if (stay) schedule();
      else void logout();
    };
    schedule();
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [minutes, started, qc, logout]);
  return null;
}
