import { MONEY_STATE_FILTERS, type ConsoleWithdrawalRow } from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueueCard } from '@/shared/QueueCard';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { useQueueParams } from '@/shared/useQueueParams';
import { withdrawalsQuery } from '../api';
import { WithdrawalDrawer } from '../components/WithdrawalDrawer';
import { withdrawalColumns } from '../components/withdrawalColumns';
import { useWithdrawalReview } from '../useWithdrawalReview';

const STATES = MONEY_STATE_FILTERS.map((f) => f.value);

/** 取款审核: the withdrawal queue by state, a detail drawer, approve (confirmed) and reject (with a reason). */
export default function WithdrawalsScreen() {
  const queue = useQueueParams<number>(STATES, REVIEW_STATES.pending);
  const list = useQuery(withdrawalsQuery(queue.state, queue.page, queue.pageSize));
  const [openId, setOpenId] = useState<number | null>(null);
  const review = useWithdrawalReview();
  const rejecting = review.rejecting;
  const columns = withdrawalColumns({
    state: queue.state,
    busyId: review.busyId,
    onOpen: (row) => setOpenId(row.id),
    onApprove: review.confirmApprove,
    onReject: review.startReject,
  });

  return (
    <QueueCard<ConsoleWithdrawalRow, number>
      title="取款审核"
      filters={MONEY_STATE_FILTERS}
      queue={queue}
      list={list}
      rows={list.data?.rows}
      columns={columns}
    >
      <WithdrawalDrawer
        id={openId}
        busy={review.approve.isPending || review.reject.isPending}
        onClose={() => setOpenId(null)}
        onApprove={review.confirmApprove}
        onReject={review.startReject}
      />
      <ReasonDialog {...review.dialog} title={rejecting ? `拒绝提现 ${rejecting.order_no}` : '拒绝提现'} />
    </QueueCard>
  );
}
