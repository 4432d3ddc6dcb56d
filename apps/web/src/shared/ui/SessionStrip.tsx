import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMoney } from '@/shared/format';
import { protectionQueries } from '@/shared/queries/protection';
import { sessionQueries } from '@/shared/session/api';

/** How often the strip asks the server for the session's figures (bets also refresh it). */
const REFRESH_MS = 60_000;

/**
 * 责任博彩 on the play screens (lottery room, game): how long this sign-in has lasted and its net
 * result so far, from the server's count of the session (all wallets). Hidden until it is known.
 * The screens load it lazily: it stays out of the route tables' preload lists (first-load bytes).
 */
export default function SessionStrip({ className = '' }: { className?: string }) {
  const session = useQuery({ ...protectionQueries.session(), refetchInterval: REFRESH_MS }).data;
  const qc = useQueryClient();
  const [now, setNow] = useState(Date.now);
  // A new balance (a bet placed, a draw paid, a game left) means a new net result: ask again.
  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        const balance = e.query.queryKey[0] === sessionQueries.all()[0];
        if (balance && e.type === 'updated' && e.action.type === 'success') {
          void qc.invalidateQueries({ queryKey: protectionQueries.session().queryKey });
        }
      }),
    [qc],
  );
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!session) return null;
  const minutes = Math.max(0, Math.floor((now - session.started_at) / 60_000));
  const time = minutes < 60 ? `${minutes}分钟` : `${Math.floor(minutes / 60)}小时${minutes % 60}分钟`;
  const net = session.net;
  return (
    <div className={`session-strip ${className}`} role="status" aria-label="本次登录">
      <span>本次登录 {time}</span>
      <span>
        净输赢{' '}
        <b className={net > 0 ? 'session-up' : net < 0 ? 'session-down' : ''}>
          {net > 0 ? '+' : ''}
          {formatMoney(net)}
        </b>
      </span>
    </div>
  );
}
