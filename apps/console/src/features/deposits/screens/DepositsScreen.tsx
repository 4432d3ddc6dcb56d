import { MONEY_STATE_FILTERS, type ConsoleDepositRow } from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { QueueCard } from '@/shared/QueueCard';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { useQueueParams } from '@/shared/useQueueParams';
import { depositsQuery } from '../api';
import { depositColumns } from '../components/depositColumns';
import { useDepositReview } from '../useDepositReview';

const STATES = MONEY_STATE_FILTERS.map((f) => f.value);

/** The time now, again every 30 seconds (the ages of pending deposits move). */
function useNow(): number {
  const [nowMs, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return nowMs;
}

/** 存款审核: the deposit queue by state, approve (confirmed) and reject (with a reason). */
export default function DepositsScreen() {
  const queue = useQueueParams<number>(STATES, REVIEW_STATES.pending);
  const list = useQuery(depositsQuery(queue.state, queue.page, queue.pageSize));
  const nowMs = useNow();
  const review = useDepositReview();
  const rejecting = review.rejecting;
  const columns = depositColumns({
    state: queue.state,
    nowMs,
    busyId: review.busyId,
    onApprove: review.confirmApprove,
    onReject: review.startReject,
  });

  return (
    <QueueCard<ConsoleDepositRow, number>
      title="存款审核"
      filters={MONEY_STATE_FILTERS}
      queue={queue}
      list={list}
      rows={list.data?.rows}
      columns={columns}
    >
      <ReasonDialog {...review.dialog} title={rejecting ? `拒绝存款 ${rejecting.deposit_no}` : '拒绝存款'} />
    </QueueCard>
  );
}
