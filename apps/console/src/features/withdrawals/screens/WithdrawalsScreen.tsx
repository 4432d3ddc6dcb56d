import {
  consoleApproveWithdrawal,
  MONEY_STATE_FILTERS,
  type ConsoleWithdrawalRow,
} from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { SoundOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { QueueCard } from '@/shared/QueueCard';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { useMayCall } from '@/shared/session';
import { useSoundSetting } from '@/shared/sound';
import { useNewArrivals } from '@/shared/useNewArrivals';
import { useQueueParams } from '@/shared/useQueueParams';
import { withdrawalsQuery } from '../api';
import { WithdrawalDrawer } from '../components/WithdrawalDrawer';
import { WithdrawalFilterForm } from '../components/WithdrawalFilterForm';
import { withdrawalColumns } from '../components/withdrawalColumns';
import { useWithdrawalFilters } from '../filters';
import { useWithdrawalReview } from '../useWithdrawalReview';

const STATES = MONEY_STATE_FILTERS.map((f) => f.value);

/** 自动刷新 and 声音提醒 (the switch is the dashboard's, remembered in this browser). */
function RefreshNote(props: { failed: boolean; sound: boolean; setSound: (on: boolean) => void }) {
  return (
    <Space>
      {props.failed ? (
        <Typography.Text type="danger">刷新失败，稍后自动重试</Typography.Text>
      ) : (
        <Typography.Text type="secondary">每 15 秒自动刷新</Typography.Text>
      )}
      <SoundOutlined />
      <span>新提现提示音</span>
      <Switch size="small" checked={props.sound} onChange={props.setSound} aria-label="声音提醒" />
    </Space>
  );
}

/**
 * 取款审核: the withdrawal queue by state and filters, refreshed every 15 s (a beep when a new
 * withdrawal arrives, for the roles that review withdrawals), held ones tagged red, a detail drawer,
 * approve (confirmed; disabled while held) and reject (with a reason).
 */
export default function WithdrawalsScreen() {
  const queue = useQueueParams<number>(STATES, REVIEW_STATES.pending);
  const [filters, setFilters] = useWithdrawalFilters();
  const list = useQuery(withdrawalsQuery(queue.state, queue.page, queue.pageSize, filters));
  const [sound, setSound] = useSoundSetting();
  const reviews = useMayCall(consoleApproveWithdrawal);
  useNewArrivals(list.data?.newest_pending_id, sound && reviews);
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
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex vertical gap={8}>
          <WithdrawalFilterForm filters={filters} onSearch={setFilters} />
          {reviews && <RefreshNote failed={list.isError && !!list.data} sound={sound} setSound={setSound} />}
        </Flex>
      </Card>
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
    </Flex>
  );
}
