import type { LotteryRoundRow } from '@app/contract/console-lottery';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { yuan } from '@/shared/format';
import { lotteriesQuery, roundsQuery } from '../api';
import { LotteryPicker } from '../components/LotteryPicker';
import { VerifyModal } from '../components/VerifyModal';

const mono = (v: string) =>
  v ? (
    <Typography.Text code copyable={{ text: v }} style={{ fontSize: 12 }}>
      {`${v.slice(0, 10)}…`}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">开奖后公开</Typography.Text>
  );

function columns(onVerify: (r: LotteryRoundRow) => void): TableColumnsType<LotteryRoundRow> {
  return [
    { title: '期号', dataIndex: 'expect', fixed: 'left' },
    { title: '开盘', dataIndex: 'opens_at' },
    { title: '封盘', dataIndex: 'closes_at' },
    { title: '开奖', dataIndex: 'draws_at' },
    {
      title: '开奖号码',
      dataIndex: 'balls',
      render: (v: string, r) =>
        v || <Typography.Text type="secondary">{r.cancelled_at ? '已撤销' : '未开奖'}</Typography.Text>,
    },
    { title: '哈希', dataIndex: 'hash', render: (v: string) => mono(v) },
    { title: '种子', dataIndex: 'seed', render: (v: string) => mono(v) },
    { title: '注单', dataIndex: 'orders', align: 'right' },
    { title: '投注额', dataIndex: 'stake', align: 'right', render: (v: string) => yuan(v) },
    { title: '派奖', dataIndex: 'payout', align: 'right', render: (v: string) => yuan(v) },
    {
      title: '结算',
      dataIndex: 'settled_at',
      render: (v: string, r) =>
        r.cancelled_at ? (
          <Tag color="red">已撤销</Tag>
        ) : v ? (
          <Tag color="green">已结算</Tag>
        ) : r.drawn_at ? (
          <Tag color="orange">结算中</Tag>
        ) : (
          <Tag>未开奖</Tag>
        ),
    },
    {
      title: '操作',
      fixed: 'right',
      render: (_v, r) => (
        <Button size="small" disabled={!r.drawn_at} onClick={() => onVerify(r)}>
          验证
        </Button>
      ),
    },
  ];
}

/** 开奖记录: the rounds of one lottery, newest first, with hash, seed (once drawn) and balls; 验证 any. */
export default function RoundsScreen() {
  const lotteries = useQuery(lotteriesQuery());
  const [picked, setPicked] = useState(0);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const lotteryId = picked || (lotteries.data?.items[0]?.id ?? 0);
  const rounds = useQuery(roundsQuery(lotteryId, page.page, page.pageSize));
  const [verifying, setVerifying] = useState<LotteryRoundRow | null>(null);
  const failed = lotteries.isError ? lotteries : rounds.isError ? rounds : null;
  if (failed) return <QueryError error={failed.error} retry={() => void failed.refetch()} />;
  return (
    <Card
      title="开奖记录"
      extra={
        <LotteryPicker
          lotteries={lotteries.data?.items ?? []}
          value={lotteryId}
          onChange={(id) => {
            setPicked(id);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
      }
    >
      <Table<LotteryRoundRow>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={lotteries.isPending || rounds.isPending || rounds.isFetching}
        columns={columns(setVerifying)}
        dataSource={rounds.data?.items}
        locale={{ emptyText: '暂无期次' }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: rounds.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 期`,
          onChange: (p, s) => setPage({ page: s === page.pageSize ? p : 1, pageSize: s }),
        }}
      />
      <VerifyModal round={verifying} onClose={() => setVerifying(null)} />
    </Card>
  );
}
