import { MSG_NO_ROOMS } from '@app/contract/lottery';
import { useQuery } from '@tanstack/react-query';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useBack, useGo } from '@/shared/navigation/useGo';
import { BlockEmpty, BlockError } from '@/shared/ui/BlockStates';
import { lotteryQueries } from '../api';
import { listTitle } from '../rules';
import { LotteryTopBar } from './LotteryTopBar';
import { RoomListLoading } from './RoomListLoading';

/**
 * /lottery and /lottery?name=: the rooms (a VIP room with its level's badge); tapping one opens it.
 * Pull down to refresh.
 */
export default function RoomList({ name }: { name: string }) {
  const back = useBack();
  const go = useGo();
  const query = useQuery(lotteryQueries.rooms(name));
  const rooms = query.data;
  // The same loading state as while this code loads (LotteryScreen), so that nothing flashes between.
  if (query.isPending) return <RoomListLoading title={listTitle(name, rooms)} onBack={back} />;
  let body;
  if (query.isError && !rooms) body = <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!rooms || rooms.length === 0) body = <BlockEmpty>{MSG_NO_ROOMS}</BlockEmpty>;
  else
    body = (
      <ul className="room-list" aria-label="房间列表">
        {rooms.map((r) => (
          <li key={r.id}>
            <button type="button" className="room-item" onClick={() => go(`/lottery?room_id=${r.id}`)}>
              <span className="room-item-lottery">{r.lotteryTitle || '彩票'}</span>
              <span className="room-item-title">
                {r.title}
                {r.minVipLevel > 1 && (
                  <span className="room-item-vip" title={`VIP${r.minVipLevel}及以上会员可投注`}>
                    VIP{r.minVipLevel}
                  </span>
                )}
              </span>
              <span className="room-item-enter" aria-hidden="true">
                进入 ›
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="lottery-list-screen">
      <LotteryTopBar title={listTitle(name, rooms)} subtitle="选择房间" onBack={back} />
      <PullToRefresh
        onRefresh={async () => {
          await query.refetch();
        }}
      >
        <div className="room-list-body">{body}</div>
      </PullToRefresh>
    </div>
  );
}
