import { consoleUpdateLotteryOdds, type LotteryOddsRow } from '@app/contract/console-lottery';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { lotteriesQuery, oddsQuery } from '../api';
import { LotteryPicker } from '../components/LotteryPicker';
import { OddsModal } from '../components/OddsModal';

/** 赔率设置: the odds of every play of one lottery, their average return and the limit's highest odds. */
export default function OddsScreen() {
  const lotteries = useQuery(lotteriesQuery());
  const [picked, setPicked] = useState(0);
  const lotteryId = picked || (lotteries.data?.items[0]?.id ?? 0);
  const odds = useQuery(oddsQuery(lotteryId));
  const mayEdit = useMayCall(consoleUpdateLotteryOdds);
  const [editing, setEditing] = useState<LotteryOddsRow | null>(null);
  const failed = lotteries.isError ? lotteries : odds.isError ? odds : null;
  if (failed) return <QueryError error={failed.error} retry={() => void failed.refetch()} />;
  const columns: TableColumnsType<LotteryOddsRow> = [
    { title: '玩法分组', dataIndex: 'group' },
    { title: '玩法', dataIndex: 'title' },
    { title: '默认赔率', dataIndex: 'default_odds' },
    {
      title: '当前赔率',
      dataIndex: 'odds',
      render: (v: string, p) => (
        <Space size={4}>
          <Typography.Text strong>{v}</Typography.Text>
          {p.custom && <Tag color="blue">已调整</Tag>}
        </Space>
      ),
    },
    { title: '平均返还率', dataIndex: 'return_percent' },
    { title: '上限内最高赔率', dataIndex: 'max_odds' },
    {
      title: '最后修改',
      render: (_v, p) => (p.updated_by ? `${p.updated_by} ${p.updated_at}` : '—'),
    },
    {
      title: '操作',
      width: 100,
      render: (_v, p) =>
        mayEdit && (
          <Button size="small" onClick={() => setEditing(p)} aria-label={`修改 ${p.group} ${p.title} 的赔率`}>
            修改
          </Button>
        ),
    },
  ];
  return (
    <Card
      title="赔率设置"
      extra={<LotteryPicker lotteries={lotteries.data?.items ?? []} value={lotteryId} onChange={setPicked} />}
    >
      <Typography.Paragraph type="secondary">
        每个玩法的平均返还率（赔率 × 中奖概率）不得超过
        98%。修改只影响之后的投注，已投注的注单按投注时的赔率结算。
      </Typography.Paragraph>
      <Table<LotteryOddsRow>
        rowKey="play_id"
        size="small"
        loading={lotteries.isPending || odds.isPending || odds.isFetching}
        columns={columns}
        dataSource={odds.data?.plays}
        pagination={false}
        locale={{ emptyText: '暂无玩法' }}
      />
      <OddsModal lotteryId={lotteryId} play={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
