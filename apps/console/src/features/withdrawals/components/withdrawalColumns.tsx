import { WITHDRAWAL_KIND_LABELS, type ConsoleWithdrawalRow } from '@app/contract/console-money';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shortTime, yuan } from '@/shared/format';
import { ReviewCell, type ReviewActions } from '@/shared/ReviewedInfo';
import { Destination } from './Destination';
import { ApproveButton, HoldTag, isHeld, RiskTag } from './Holds';

const { Text } = Typography;

export interface WithdrawalActions extends ReviewActions<ConsoleWithdrawalRow> {
  onOpen: (row: ConsoleWithdrawalRow) => void;
  /** The operator may pay out (财务); 风控 may only reject here. */
  payer: boolean;
  /** A pending row's 领取 / 释放 (queue-tools/ClaimControl), when the queue shows claims. */
  claim?: (row: ConsoleWithdrawalRow) => ReactNode;
}

/** A USDT withdrawal's fee and what arrives, in USDT. */
export function UsdtFigures({ row }: { row: ConsoleWithdrawalRow }) {
  if (row.kind !== 'usdt') return <Text type="secondary">—</Text>;
  return (
    <Space orientation="vertical" size={0} align="end">
      <Text>到账 {row.usdt_receive} USDT</Text>
      <Text type="secondary">手续费 {row.usdt_fee} USDT</Text>
    </Space>
  );
}

export function withdrawalColumns(a: WithdrawalActions): ColumnsType<ConsoleWithdrawalRow> {
  return [
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 185,
      render: (v: string, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => a.onOpen(row)}>
          {v}
        </Button>
      ),
    },
    {
      title: '会员',
      dataIndex: 'username',
      width: 120,
      ellipsis: true,
      render: (v: string, row) => <Link to={`/members/${row.user_id}`}>{v}</Link>,
    },
    {
      title: '风控',
      width: 130,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.state === 1 && <HoldTag holds={row.holds} />}
          <RiskTag row={row} />
        </Space>
      ),
    },
    { title: '方式', dataIndex: 'kind', width: 70, render: (v: string) => WITHDRAWAL_KIND_LABELS[v] ?? v },
    {
      title: '金额 / USDT',
      align: 'right',
      width: 160,
      render: (_, row) => (
        <Space orientation="vertical" size={0} align="end">
          <Text strong>{yuan(row.amount)}</Text>
          {row.kind === 'usdt' && <UsdtFigures row={row} />}
        </Space>
      ),
    },
    { title: '收款信息', width: 230, render: (_, row) => <Destination row={row} /> },
    { title: '提交时间', dataIndex: 'created_at', width: 140, render: (v: string) => shortTime(v) },
    ...(a.claim && a.state === 1
      ? [{ title: '领取', width: 170, render: (_: unknown, row: ConsoleWithdrawalRow) => a.claim?.(row) }]
      : []),
    {
      title: a.state === 1 ? '操作' : '审核',
      width: 210,
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Button size="small" onClick={() => a.onOpen(row)}>
            详情
          </Button>
          {isHeld(row) || (row.state === 1 && !a.payer) ? (
            <Space>
              <ApproveButton row={row} size="small" busy={a.busyId !== null} onApprove={a.onApprove} />
              <Button danger size="small" disabled={a.busyId !== null} onClick={() => a.onReject(row)}>
                拒绝
              </Button>
            </Space>
          ) : (
            <ReviewCell row={row} a={a} />
          )}
        </Space>
      ),
    },
  ];
}
