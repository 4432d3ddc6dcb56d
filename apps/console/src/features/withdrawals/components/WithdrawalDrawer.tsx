import {
  WITHDRAWAL_KIND_LABELS,
  type ConsoleWithdrawalDetail,
  type ConsoleWithdrawalRow,
} from '@app/contract/console-money';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Progress, Space, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { QueryError } from '@/shared/QueryError';
import { shortTime, yuan } from '@/shared/format';
import { ReviewedInfo } from '@/shared/ReviewedInfo';
import { withdrawalQuery } from '../api';
import { Destination } from './Destination';
import { History } from './History';
import { ApproveButton, HoldAlert } from './Holds';
import { MemberFacts, NameCheck } from './MemberFacts';
import { UsdtFigures } from './withdrawalColumns';
import { RiskPanel } from './RiskPanel';
import { Warnings } from './Warnings';

const percent = (done: string, required: string) => {
  const r = Number(required);
  return r > 0 ? Math.min(100, Math.floor((Number(done) / r) * 100)) : 100;
};

/** The order, the member's balance and turnover. */
function Facts({ detail: d }: { detail: ConsoleWithdrawalDetail }) {
  const w = d.withdrawal;
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label="会员">
        <Link to={`/members/${w.user_id}`}>{w.username}</Link>
      </Descriptions.Item>
      <Descriptions.Item label="状态">
        <ReviewedInfo row={w} />
      </Descriptions.Item>
      <Descriptions.Item label="方式">{WITHDRAWAL_KIND_LABELS[w.kind] ?? w.kind}</Descriptions.Item>
      <Descriptions.Item label="金额">
        <Typography.Text strong>{yuan(w.amount)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="收款信息" span={2}>
        <Space orientation="vertical" size={0}>
          <Destination row={w} copyable />
          <NameCheck detail={d} />
        </Space>
      </Descriptions.Item>
      {w.kind === 'usdt' && (
        <Descriptions.Item label="USDT" span={2}>
          <UsdtFigures row={w} />
        </Descriptions.Item>
      )}
      <Descriptions.Item label="提交时间">{shortTime(w.created_at)}</Descriptions.Item>
      <Descriptions.Item label="中心钱包余额">{yuan(d.balance)}</Descriptions.Item>
      <Descriptions.Item label="打码量" span={2}>
        <Space>
          <span>
            已完成 {yuan(d.turnover.done)} / 需完成 {yuan(d.turnover.required)}
          </span>
          <Progress
            percent={percent(d.turnover.done, d.turnover.required)}
            size="small"
            style={{ width: 160, margin: 0 }}
          />
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A withdrawal's review: holds (red) and warnings first, the order, turnover, the member's last moves; approve / reject. */
export function WithdrawalDrawer(props: {
  id: number | null;
  busy: boolean;
  onClose: () => void;
  onApprove: (row: ConsoleWithdrawalRow) => void;
  onReject: (row: ConsoleWithdrawalRow) => void;
}) {
  const detail = useQuery({ ...withdrawalQuery(props.id ?? 0), enabled: props.id !== null });
  const d = detail.data;
  const w = d?.withdrawal;
  return (
    <Drawer
      open={props.id !== null}
      onClose={props.onClose}
      size={760}
      title={w ? `提现详情 ${w.order_no}` : '提现详情'}
      destroyOnHidden
      extra={
        w?.state === 1 && (
          <Space>
            <Button danger disabled={props.busy} onClick={() => props.onReject(w)}>
              拒绝
            </Button>
            <ApproveButton row={w} busy={false} loading={props.busy} onApprove={props.onApprove} />
          </Space>
        )
      }
    >
      {detail.isError && !d ? (
        <QueryError error={detail.error} retry={() => void detail.refetch()} />
      ) : !d || !w ? (
        <Spin tip="加载中…">
          <div style={{ height: 200 }} />
        </Spin>
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <HoldAlert holds={w.state === 1 ? w.holds : []} />
          <Warnings warnings={d.warnings} />
          <RiskPanel risk={d.risk} row={w} />
          <Facts detail={d} />
          <MemberFacts detail={d} />
          <History title="最近存款" refTitle="订单号" items={d.history.deposits} />
          <History title="最近投注" refTitle="场馆 / 彩票" items={d.history.bets} />
          <History title="最近提现" refTitle="订单号" items={d.history.withdrawals} />
        </Space>
      )}
    </Drawer>
  );
}
