import { BlockLoading } from '@/shared/ui/BlockStates';
import { LotteryTopBar } from './LotteryTopBar';

/** The room list while its rooms (or its code) load: the list's top bar over a placeholder. */
export function RoomListLoading({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <div className="lottery-list-screen">
      <LotteryTopBar title={title} subtitle="选择房间" onBack={onBack} />
      <div className="room-list-body">
        <BlockLoading lines={6} />
      </div>
    </div>
  );
}
