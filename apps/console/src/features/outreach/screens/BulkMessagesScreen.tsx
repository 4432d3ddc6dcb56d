import { BatchesCard } from '../components/BatchesCard';
import { ScheduleForm } from '../components/ScheduleForm';
import { SegmentsCard } from '../components/SegmentsCard';

/** 群发消息: saved member segments, a site message to one of them (now or scheduled), what was sent. */
export default function BulkMessagesScreen() {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <SegmentsCard />
      <ScheduleForm />
      <BatchesCard />
    </div>
  );
}
