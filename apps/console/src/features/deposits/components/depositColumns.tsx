import { depositMethodLabel, type ConsoleDepositRow } from '@app/contract/console-money';
import { Button, Image, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shortTime, yuan } from '@/shared/format';
import { ReviewCell, type ReviewActions } from '@/shared/ReviewedInfo';
import { depositAge } from '../age';

const { Text } = Typography;

export interface DepositActions extends ReviewActions<ConsoleDepositRow> {
  /** The time the ages of pending deposits count to. */
  nowMs: number;
  /** A pending row's 领取 / 释放 (queue-tools/ClaimControl), when the queue shows claims. */
  claim?: (row: ConsoleDepositRow) => ReactNode;
  /** 补单 of an expired pending deposit (a button under its age), when the operator may ask it. */
  onLate?: (row: ConsoleDepositRow) => void;
}

function Age({
  row,
  nowMs,
  onLate,
}: {
  row: ConsoleDepositRow;
  nowMs: number;
  onLate?: DepositActions['onLate'];
}) {
  if (row.state !== 1) return null;
  const age = depositAge(row.created_at, nowMs);
  return age.overdue ? (
    <>
      <Text type="danger" strong title="已超过60分钟，不能再通过">
        {age.text}（超时）
      </Text>
      {onLate && (
        <Button size="small" onClick={() => onLate(row)}>
          补单
        </Button>
      )}
    </>
  ) : (
    <Text>{age.text}</Text>
  );
}

function Payer({ row }: { row: ConsoleDepositRow }) {
  if (row.paytype !== 'bank') return <Text type="secondary">—</Text>;
  return (
    <Space orientation="vertical" size={0}>
      <Text>{row.payer_name}</Text>
      <Text type="secondary">{row.payer_bank}</Text>
      <Text type="secondary">{row.payer_card_no}</Text>
    </Space>
  );
}

export function depositColumns(a: DepositActions): ColumnsType<ConsoleDepositRow> {
  return [
    { title: '订单号', dataIndex: 'deposit_no', width: 190, render: (v: string) => <Text>{v}</Text> },
    {
      title: '会员',
      dataIndex: 'username',
      width: 120,
      ellipsis: true,
      render: (v: string, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/members/${row.user_id}`}>{v}</Link>
          {row.realname && <Text type="secondary">{row.realname}</Text>}
        </Space>
      ),
    },
    {
      title: '方式',
      width: 110,
      render: (_, row) => depositMethodLabel(row.paytype, row.protocol),
    },
    {
      title: '金额',
      align: 'right',
      width: 130,
      render: (_, row) => (
        <Space orientation="vertical" size={0} align="end">
          <Text strong>{yuan(row.amount)}</Text>
          {row.paytype === 'usdt' && <Text type="secondary">应付 {row.usdt_amount} USDT</Text>}
        </Space>
      ),
    },
    {
      title: '付款人',
      width: 160,
      render: (_, row) => <Payer row={row} />,
    },
    {
      title: '凭证',
      width: 70,
      render: (_, row) =>
        row.voucher_url ? (
          <Image src={row.voucher_url} width={48} height={48} style={{ objectFit: 'cover' }} alt="付款凭证" />
        ) : (
          <Text type="secondary">无</Text>
        ),
    },
    {
      title: '提交时间 / 等待',
      width: 150,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Text>{shortTime(row.created_at)}</Text>
          <Age row={row} nowMs={a.nowMs} onLate={a.onLate} />
        </Space>
      ),
    },
    ...(a.claim && a.state === 1
      ? [{ title: '领取', width: 170, render: (_: unknown, row: ConsoleDepositRow) => a.claim?.(row) }]
      : []),
    {
      title: a.state === 1 ? '操作' : '审核',
      width: 200,
      fixed: 'right',
      render: (_, row) => <ReviewCell row={row} a={a} />,
    },
  ];
}
