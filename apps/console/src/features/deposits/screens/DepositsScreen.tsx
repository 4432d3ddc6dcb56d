import {
  consoleApproveDeposit,
  DEPOSIT_METHODS,
  DepositFilters,
  depositMethodLabel,
  MONEY_STATE_FILTERS,
  type ConsoleDepositRow,
} from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useEffect, useState } from 'react';
import { QueueCard } from '@/shared/QueueCard';
import { QueueFilterForm } from '@/shared/QueueFilterForm';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { RefreshNote } from '@/shared/RefreshNote';
import { useQueueFilters } from '@/shared/queueFilters';
import { useQueueArrivals } from '@/shared/useQueueArrivals';
import { useQueueParams } from '@/shared/useQueueParams';
import { depositsQuery } from '../api';
import { depositColumns } from '../components/depositColumns';
import { DepositsExport } from '../components/DepositsExport';
import { useDepositQueueTools } from '../useDepositQueueTools';
import { useDepositReview } from '../useDepositReview';

const STATES = MONEY_STATE_FILTERS.map((f) => f.value);
const METHOD_OPTIONS = DEPOSIT_METHODS.map((m) => ({
  value: m,
  label: m === 'usdt' ? 'USDT' : depositMethodLabel(m, ''),
}));

/** The time now, again every 30 seconds (the ages of pending deposits move). */
function useNow(): number {
  const [nowMs, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return nowMs;
}

/**
 * 存款审核: the deposit queue by state and filters, refreshed every 15 s (a beep when a new deposit
 * arrives, for the roles that review deposits), approve (confirmed) and reject (with a reason).
 */
export default function DepositsScreen() {
  const queue = useQueueParams<number>(STATES, REVIEW_STATES.pending);
  const [filters, setFilters] = useQueueFilters('method');
  const list = useQuery(depositsQuery(queue.state, queue.page, queue.pageSize, filters));
  const arrivals = useQueueArrivals(list, consoleApproveDeposit);
  const nowMs = useNow();
  const review = useDepositReview();
  const rejecting = review.rejecting;
  const tools = useDepositQueueTools(list.data?.rows);
  const columns = depositColumns({
    claim: tools.claim,
    onLate: tools.onLate,
    state: queue.state,
    nowMs,
    busyId: review.busyId,
    onApprove: review.confirmApprove,
    onReject: review.startReject,
  });

  return (
    <Flex vertical gap={16}>
      <QueueFilterForm
        name="筛选存款"
        method="method"
        methodOptions={METHOD_OPTIONS}
        rules={DepositFilters}
        filters={filters}
        onSearch={setFilters}
      >
        <RefreshNote arrivals={arrivals} soundLabel="新存款提示音" />
        <DepositsExport state={queue.state} filters={filters} />
      </QueueFilterForm>
      <QueueCard<ConsoleDepositRow, number>
        title="存款审核"
        filters={MONEY_STATE_FILTERS}
        queue={queue}
        list={list}
        rows={list.data?.rows}
        columns={columns}
        rowSelection={queue.state === REVIEW_STATES.pending ? tools.rowSelection : undefined}
        toolbar={queue.state === REVIEW_STATES.pending && tools.bar}
      >
        {tools.dialogs}
        <ReasonDialog
          {...review.dialog}
          title={rejecting ? `拒绝存款 ${rejecting.deposit_no}` : '拒绝存款'}
        />
      </QueueCard>
    </Flex>
  );
}
