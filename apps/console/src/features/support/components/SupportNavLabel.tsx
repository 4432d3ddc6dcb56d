import { consoleSupportQueue } from '@app/contract/console-support';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { callApi } from '@/shared/api';
import { useMayCall } from '@/shared/session';
import { QUEUE_POLL_MS, SUPPORT_KEY } from '../api';
import { useDeskLive } from './deskStore';

/**
 * The side menu's 客服工作台 with the desk's unread count, polled with the queue (always a background
 * call: the menu never keeps a session alive). While the 客服工作台's socket is live its queue frames
 * read it again instead (useDeskSocket).
 */
export function SupportNavLabel({ label }: { label: string }) {
  const desk = useMayCall(consoleSupportQueue);
  const live = useDeskLive();
  const query = useQuery({
    queryKey: [...SUPPORT_KEY, 'nav'],
    queryFn: () => callApi(consoleSupportQueue, { view: 'mine', page: 1, pageSize: 1 }, { background: true }),
    enabled: desk,
    refetchInterval: live ? false : QUEUE_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const unread = query.data?.counts.unread ?? 0;
  return (
    <span>
      {label}
      {unread > 0 && <Badge count={unread} size="small" style={{ marginLeft: 8 }} />}
    </span>
  );
}
