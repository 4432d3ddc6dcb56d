import { MSG_NO_ROOMS, type Room } from '@app/contract/lottery';
import { useQuery } from '@tanstack/react-query';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBack, useGo } from '@/shared/navigation/useGo';
import { useIsLoggedIn } from '@/shared/session/store';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { lotteryQueries } from '../api';
import { LotteryTopBar } from '../components/LotteryTopBar';
import { RoomView } from '../components/RoomView';
import { useRoundClock } from '../round';
import { listTitle, MSG_LOGIN, MSG_ROOM_INVALID, readLotteryQuery, VISITOR_HOME_MS } from '../rules';
import '../lottery.css';

/** Spec §5: a visitor is told 请登录！ and goes home after 1 s. */
function VisitorBounce() {
  const navigate = useNavigate();
  useEffect(() => {
    showToast(MSG_LOGIN);
    const timer = setTimeout(() => void navigate('/', { replace: true }), VISITOR_HOME_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <BlockEmpty>{MSG_LOGIN}</BlockEmpty>;
}

/** /lottery and /lottery?name=: the rooms; tapping one opens it. Pull down to refresh. */
function RoomList({ name }: { name: string }) {
  const back = useBack();
  const go = useGo();
  const query = useQuery(lotteryQueries.rooms(name));
  const rooms = query.data;
  let body;
  if (query.isPending) body = <BlockLoading lines={6} />;
  else if (query.isError && !rooms)
    body = <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!rooms || rooms.length === 0) body = <BlockEmpty>{MSG_NO_ROOMS}</BlockEmpty>;
  else
    body = (
      <ul className="room-list" aria-label="房间列表">
        {rooms.map((r) => (
          <li key={r.id}>
            <button type="button" className="room-item" onClick={() => go(`/lottery?room_id=${r.id}`)}>
              <span className="room-item-lottery">{r.lotteryTitle || '彩票'}</span>
              <span className="room-item-title">{r.title}</span>
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

/** /lottery?room_id=: the room, once loaded; its round clock reloads it when a round is over. */
function RoomScreen({ roomId }: { roomId: number }) {
  const back = useBack();
  const query = useQuery(lotteryQueries.room(roomId));
  if (query.isPending) {
    return (
      <div className="lottery-room">
        <LotteryTopBar title="彩票" onBack={back} />
        <BlockLoading lines={8} label="房间加载中" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="lottery-room">
        <LotteryTopBar title="彩票" onBack={back} />
        <BlockError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return (
    <LoadedRoom
      roomId={roomId}
      room={query.data}
      loadedAt={query.dataUpdatedAt}
      lastTriedAt={Math.max(query.dataUpdatedAt, query.errorUpdatedAt)}
      loading={query.isFetching}
      refetch={query.refetch}
      onBack={back}
    />
  );
}

function LoadedRoom({
  roomId,
  room,
  loadedAt,
  lastTriedAt,
  loading,
  refetch,
  onBack,
}: {
  roomId: number;
  room: Room;
  loadedAt: number;
  lastTriedAt: number;
  loading: boolean;
  refetch: () => Promise<unknown>;
  onBack: () => void;
}) {
  const reload = useCallback(() => void refetch(), [refetch]);
  /** The round the socket said is over, and when. */
  const [ended, setEnded] = useState<{ expect: string; at: number } | null>(null);
  const openExpect = room.now.openExpect;
  const roundOver = useCallback(() => setEnded({ expect: openExpect, at: Date.now() }), [openExpect]);
  const clock = useRoundClock({
    timeout: room.now.timeout,
    closeSeconds: room.closeSeconds,
    loadedAt,
    endedAt: ended?.expect === openExpect ? ended.at : null,
    lastTriedAt,
    loading,
    reload,
  });
  return <RoomView room={room} roomId={roomId} clock={clock} onRoundOver={roundOver} onBack={onBack} />;
}

/** /lottery (spec §2): the room list, or a room with ?room_id=. Members only (spec §5). */
export default function LotteryScreen() {
  const loggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  const back = useBack();
  if (!loggedIn) return <VisitorBounce />;
  const target = readLotteryQuery(params);
  if (target.kind === 'room') return <RoomScreen key={target.roomId} roomId={target.roomId} />;
  if (target.kind === 'invalid') {
    return (
      <div className="lottery-list-screen">
        <LotteryTopBar title="彩票" onBack={back} />
        <BlockEmpty>{MSG_ROOM_INVALID}</BlockEmpty>
      </div>
    );
  }
  return <RoomList name={target.name} />;
}
