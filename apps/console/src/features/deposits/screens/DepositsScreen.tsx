import {
  consoleApproveDeposit,
  MONEY_STATE_FILTERS,
  type ConsoleDepositRow,
} from '@app/contract/console-money';
import { REVIEW_STATES } from '@app/contract/enums';
import { SoundOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { QueueCard } from '@/shared/QueueCard';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { useMayCall } from '@/shared/session';
import { useSoundSetting } from '@/shared/sound';
import { useNewArrivals } from '@/shared/useNewArrivals';
import { useQueueParams } from '@/shared/useQueueParams';
import { depositsQuery } from '../api';
import { DepositFilterForm } from '../components/DepositFilterForm';
import { depositColumns } from '../components/depositColumns';
import { useDepositFilters } from '../filters';
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
      <span>新存款提示音</span>
      <Switch size="small" checked={props.sound} onChange={props.setSound} aria-label="声音提醒" />
    </Space>
  );
}

/**
 * 存款审核: the deposit queue by state and filters, refreshed every 15 s (a beep when a new deposit
 * arrives, for the roles that review deposits), approve (confirmed) and reject (with a reason).
 */
export default function DepositsScreen() {
  const queue = useQueueParams<number>(STATES, REVIEW_STATES.pending);
  const [filters, setFilters] = useDepositFilters();
  const list = useQuery(depositsQuery(queue.state, queue.page, queue.pageSize, filters));
  const [sound, setSound] = useSoundSetting();
  const reviews = useMayCall(consoleApproveDeposit);
  useNewArrivals(list.data?.newest_pending_id, sound && reviews);
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
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex vertical gap={8}>
          <DepositFilterForm filters={filters} onSearch={setFilters} />
          {reviews && <RefreshNote failed={list.isError && !!list.data} sound={sound} setSound={setSound} />}
        </Flex>
      </Card>
      <QueueCard<ConsoleDepositRow, number>
        title="存款审核"
        filters={MONEY_STATE_FILTERS}
        queue={queue}
        list={list}
        rows={list.data?.rows}
        columns={columns}
      >
        <ReasonDialog
          {...review.dialog}
          title={rejecting ? `拒绝存款 ${rejecting.deposit_no}` : '拒绝存款'}
        />
      </QueueCard>
    </Flex>
  );
}
