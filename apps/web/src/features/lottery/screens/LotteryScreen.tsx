import type { Room } from '@app/contract/lottery';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@app/mobile/router';
import { useBack } from '@/shared/navigation/useGo';
import { getToken, useIsLoggedIn } from '@/shared/session/store';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { lotteryQueries } from '../api';
import { LotteryTopBar } from '../components/LotteryTopBar';
import { RoomListLoading } from '../components/RoomListLoading';
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

/**
 * The list's code (with antd-mobile's pull-to-refresh and its gesture library) loads only on the list,
 * not in a room. Meanwhile the list's own loading state shows, and its rooms are already asked for.
 */
const RoomList = lazy(() => import('../components/RoomList'));

function RoomListScreen({ name }: { name: string }) {
  const qc = useQueryClient();
  const back = useBack();
  useEffect(() => {
    void qc.prefetchQuery(lotteryQueries.rooms(name));
  }, [qc, name]);
  const loading = <RoomListLoading title={listTitle(name, undefined)} onBack={back} />;
  return (
    <Suspense fallback={loading}>
      <RoomList name={name} />
    </Suspense>
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

/**
 * Before the app's first render (routes.tsx, prepareScreen): a member's room is loaded into the cache,
 * so that the first render shows the room, not its loading state. Its reply was usually asked for by
 * public/boot.js already, and the API client takes that over (shared/api/early.ts).
 */
export function prepare(client: QueryClient, params: URLSearchParams): Promise<unknown> {
  const target = readLotteryQuery(params);
  if (getToken() === null || target.kind !== 'room') return Promise.resolve();
  return client.prefetchQuery(lotteryQueries.room(target.roomId));
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
  return <RoomListScreen name={target.name} />;
}
