import {
  consoleCancelLotteryRound,
  type ExposureOutcome,
  type ExposureRound,
} from '@app/contract/console-exposure';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { yuan } from '@/shared/format';
import { useSubmittedNotice } from '@/shared/review';
import { useMayCall } from '@/shared/session';
import { exposureQuery, useCancelRound } from '../api';

/** The house's result: red, with its sign first ('-¥10.48'), when it loses. */
const result = (v: string) =>
  v.startsWith('-') ? (
    <Typography.Text type="danger">{`-${yuan(v.slice(1))}`}</Typography.Text>
  ) : (
    <Typography.Text type="success">{yuan(v)}</Typography.Text>
  );

const OUTCOME_COLUMNS: TableColumnsType<ExposureOutcome> = [
  { title: '开奖结果', dataIndex: 'outcome' },
  { title: '概率', dataIndex: 'chance', align: 'right' },
  { title: '需派彩', dataIndex: 'payout', align: 'right', render: (v: string) => yuan(v) },
  { title: '平台盈亏', dataIndex: 'result', align: 'right', render: result },
];

function RoundCard({ round, onCancel }: { round: ExposureRound; onCancel: (() => void) | null }) {
  return (
    <Card
      type="inner"
      title={`第${round.expect}期`}
      style={{ marginBottom: 16 }}
      extra={
        onCancel && (
          <Button size="small" danger onClick={onCancel}>
            撤销本期
          </Button>
        )
      }
    >
      <Descriptions size="small" column={6} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="封盘">{round.closes_at}</Descriptions.Item>
        <Descriptions.Item label="开奖">{round.draws_at}</Descriptions.Item>
        <Descriptions.Item label="投注额">{yuan(round.stake)}</Descriptions.Item>
        <Descriptions.Item label="注数">{round.lines}</Descriptions.Item>
        <Descriptions.Item label="人数">{round.members}</Descriptions.Item>
        <Descriptions.Item label="最坏结果">{result(round.worst)}</Descriptions.Item>
      </Descriptions>
      <Table<ExposureOutcome>
        rowKey="outcome"
        size="small"
        columns={OUTCOME_COLUMNS}
        dataSource={round.outcomes}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}

/**
 * 风险敞口: each open round of a lottery (not drawn, not cancelled) with what the house pays and wins
 * on each outcome given the orders so far, worst first; 撤销本期 asks a second operator to cancel it.
 */
export default function ExposureScreen() {
  const [picked, setPicked] = useState(0);
  const exposure = useQuery(exposureQuery(picked));
  const mayCancel = useMayCall(consoleCancelLotteryRound);
  const [cancelling, setCancelling] = useState<ExposureRound | null>(null);
  const notice = useSubmittedNotice();
  const cancel = useCancelRound((said) => {
    setCancelling(null);
    notice(said, 'lottery.cancelRound', '通过前该期照常接受投注');
  });
  if (exposure.isError && !exposure.data) {
    return <QueryError error={exposure.error} retry={() => void exposure.refetch()} />;
  }
  const data = exposure.data;
  return (
    <Card
      title="风险敞口"
      loading={exposure.isPending}
      extra={
        <Space>
          <Select
            aria-label="选择彩种"
            style={{ minWidth: 220 }}
            value={data?.lottery_id}
            onChange={setPicked}
            options={(data?.lotteries ?? []).map((l) => ({
              value: l.id,
              label: l.enabled ? l.title : `${l.title}（已关闭）`,
            }))}
          />
          <Button
            icon={<ReloadOutlined />}
            loading={exposure.isFetching}
            onClick={() => void exposure.refetch()}
          >
            刷新
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        按目前的注单计算每个开奖结果平台需派彩的金额和盈亏（投注额 − 派彩），最坏的结果排在最前。
      </Typography.Paragraph>
      {data && data.items.length === 0 && <Empty description="暂无进行中的期号" />}
      {data?.items.map((r) => (
        <RoundCard key={r.id} round={r} onCancel={mayCancel ? () => setCancelling(r) : null} />
      ))}
      <ReasonDialog
        open={cancelling !== null}
        title={cancelling ? `撤销 ${data?.title ?? ''} 第${cancelling.expect}期` : '撤销期号'}
        subject="另一位操作员复核通过后，该期不再开奖，所有投注全额退回会员。"
        verb="撤销"
        busy={cancel.isPending}
        error={cancel.error?.message ?? null}
        onCancel={() => {
          setCancelling(null);
          cancel.reset();
        }}
        onSubmit={(reason) => cancelling && cancel.mutate({ id: cancelling.id, reason })}
      />
    </Card>
  );
}
