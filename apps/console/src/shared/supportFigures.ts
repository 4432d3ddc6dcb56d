import { consoleSupportFigures } from '@app/contract/console-support';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

/* The desk's daily figures per operator: read by the 客服工作台's 统计 tab and by the dashboard's
 * 今日客服 card (two features, so defined once here). */

/** How often the dashboard's card reads the day's figures again (they move with each reply). */
export const SUPPORT_FIGURES_POLL_MS = 60_000;

export const supportFiguresQuery = (day: string) =>
  queryOptions({
    queryKey: ['console', 'support', 'figures', day],
    queryFn: ({ client, queryKey }) =>
      callApi(
        consoleSupportFigures,
        { day },
        { background: (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0 },
      ),
  });

/** "1 分 5 秒" from seconds (none yet: —). */
export function secondsLabel(s: number | null): string {
  if (s === null) return '—';
  const n = Math.round(s);
  return n < 60 ? `${n} 秒` : `${Math.floor(n / 60)} 分 ${n % 60} 秒`;
}
