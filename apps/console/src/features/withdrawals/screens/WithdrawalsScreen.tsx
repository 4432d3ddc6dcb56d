import {
  consoleApproveWithdrawal,
  MONEY_STATE_FILTERS,
  WITHDRAWAL_KIND_LABELS,
  type ConsoleWithdrawalRow,
} from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { WITHDRAWAL_KINDS, WithdrawalFilters } from '@app/contract/withdrawal-review';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useState } from 'react';
import { QueueCard } from '@/shared/QueueCard';
import { QueueFilterForm } from '@/shared/QueueFilterForm';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { RefreshNote } from '@/shared/RefreshNote';
import { useQueueFilters } from '@/shared/queueFilters';
import { useQueueArrivals } from '@/shared/useQueueArrivals';
import { useQueueParams } from '@/shared/useQueueParams';
import { useMayCall } from '@/shared/session';
import { withdrawalsQuery } from '../api';
import { WithdrawalDrawer } from '../components/WithdrawalDrawer';
import { withdrawalColumns } from '../components/withdrawalColumns';
import { WithdrawalsExport } from '../components/WithdrawalsExport';
import { useWithdrawalQueueTools } from '../useWithdrawalQueueTools';
import { useWithdrawalReview } from '../useWithdrawalReview';

const STATES = MONEY_STATE_FILTERS.map((f) => f.value);
const KIND_OPTIONS = WITHDRAWAL_KINDS.map((k) => ({ value: k, label: WITHDRAWAL_KIND_LABELS[k] ?? k }));

/**
 * 取款审核: the withdrawal queue by state and filters, refreshed every 15 s (a beep when a new
 * withdrawal arrives, for the roles that review withdrawals), held ones tagged red, a detail drawer,
 * approve (confirmed; disabled while held) and reject (with a reason).
 */
export default function WithdrawalsScreen() {
  const queue = useQueueParams<number>(STATES, REVIEW_STATES.pending);
  const [filters, setFilters] = useQueueFilters('kind');
  const list = useQuery(withdrawalsQuery(queue.state, queue.page, queue.pageSize, filters));
  const arrivals = useQueueArrivals(list, consoleApproveWithdrawal);
  const [openId, setOpenId] = useState<number | null>(null);
  const review = useWithdrawalReview();
  const rejecting = review.rejecting;
  const payer = useMayCall(consoleApproveWithdrawal);
  const tools = useWithdrawalQueueTools(list.data?.rows);
  const columns = withdrawalColumns({
    claim: tools.claim,
    state: queue.state,
    busyId: review.busyId,
    onOpen: (row) => setOpenId(row.id),
    payer,
    onApprove: review.confirmApprove,
    onReject: review.startReject,
  });

  return (
    <Flex vertical gap={16}>
      <QueueFilterForm
        name="筛选提现"
        method="kind"
        methodOptions={KIND_OPTIONS}
        rules={WithdrawalFilters}
        filters={filters}
        onSearch={setFilters}
      >
        <RefreshNote arrivals={arrivals} soundLabel="新提现提示音" />
        <WithdrawalsExport state={queue.state} filters={filters} />
      </QueueFilterForm>
      <QueueCard<ConsoleWithdrawalRow, number>
        title="取款审核"
        filters={MONEY_STATE_FILTERS}
        queue={queue}
        list={list}
        rows={list.data?.rows}
        columns={columns}
        rowSelection={queue.state === REVIEW_STATES.pending ? tools.rowSelection : undefined}
        toolbar={queue.state === REVIEW_STATES.pending && tools.bar}
      >
        {tools.dialog}
        <WithdrawalDrawer
          id={openId}
          busy={review.approve.isPending || review.reject.isPending}
          onClose={() => setOpenId(null)}
          onApprove={review.confirmApprove}
          onReject={review.startReject}
        />
        <ReasonDialog {...review.dialog} title={rejecting ? `拒绝提现 ${rejecting.order_no}` : '拒绝提现'} />
      </QueueCard>
    </Flex>
  );
}
