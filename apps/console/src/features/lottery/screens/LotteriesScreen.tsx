import { consoleUpdateLottery, type LotteryRoomRow, type LotteryRow } from '@app/contract/console-lottery';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { lotteriesQuery } from '../api';
import { LotteryModal } from '../components/LotteryModal';
import { RoomModal, type RoomTarget } from '../components/RoomModal';

/** 'single ≤ 50.00 / member ≤ … / round ≤ …', or 不限 when none is set. */
function limitsText(l: LotteryRow): string {
  const parts = [
    l.line_max && `单注 ${l.line_max}`,
    l.member_round_max && `每人每期 ${l.member_round_max}`,
    l.round_max && `每期 ${l.round_max}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' / ') : '不限';
}

const state = (enabled: boolean) => (enabled ? <Tag color="green">开启</Tag> : <Tag>已关闭</Tag>);

function RoomsTable({ lottery, onEdit }: { lottery: LotteryRow; onEdit: (t: RoomTarget) => void }) {
  const mayEdit = useMayCall(consoleUpdateLottery);
  const columns: TableColumnsType<LotteryRoomRow> = [
    { title: '房间', dataIndex: 'title' },
    { title: '排序', dataIndex: 'sort', width: 100 },
    {
      title: 'VIP等级',
      dataIndex: 'min_vip_level',
      width: 120,
      render: (v: number) => (v > 1 ? <Tag color="gold">VIP{v} 及以上</Tag> : '所有会员'),
    },
    { title: '状态', dataIndex: 'enabled', width: 100, render: state },
    {
      title: '操作',
      width: 120,
      render: (_v, room) =>
        mayEdit && (
          <Button
            size="small"
            onClick={() => onEdit({ lotteryId: lottery.id, lotteryTitle: lottery.title, room })}
          >
            编辑
          </Button>
        ),
    },
  ];
  return (
    <Table<LotteryRoomRow>
      rowKey="id"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={lottery.rooms}
      locale={{ emptyText: '还没有房间' }}
    />
  );
}

/** 彩种与房间: every lottery (open or closed, period, close time, lines per member and round) and its rooms. */
export default function LotteriesScreen() {
  const list = useQuery(lotteriesQuery());
  const mayEdit = useMayCall(consoleUpdateLottery);
  const [editing, setEditing] = useState<LotteryRow | null>(null);
  const [room, setRoom] = useState<RoomTarget | null>(null);
  if (list.isError) return <QueryError error={list.error} retry={() => void list.refetch()} />;
  const columns: TableColumnsType<LotteryRow> = [
    // The lottery's Chinese title only: its code is the system's, not the operator's.
    { title: '彩种', dataIndex: 'title' },
    { title: '类型', dataIndex: 'type_label' },
    { title: '开奖周期', dataIndex: 'period_seconds', render: (v: number) => `${v} 秒` },
    { title: '封盘时间', dataIndex: 'close_seconds', render: (v: number) => `开奖前 ${v} 秒` },
    { title: '每期每人上限', dataIndex: 'max_lines_per_member', render: (v: number) => `${v} 注` },
    { title: '投注限额', render: (_v, l) => limitsText(l) },
    { title: '房间数', render: (_v, l) => `${l.rooms.filter((r) => r.enabled).length} / ${l.rooms.length}` },
    { title: '状态', dataIndex: 'enabled', render: state },
    {
      title: '操作',
      width: 200,
      render: (_v, l) =>
        mayEdit && (
          <Space>
            <Button size="small" onClick={() => setEditing(l)}>
              编辑
            </Button>
            <Button
              size="small"
              onClick={() => setRoom({ lotteryId: l.id, lotteryTitle: l.title, room: null })}
            >
              添加房间
            </Button>
          </Space>
        ),
    },
  ];
  const override = list.data?.items[0]?.period_override;
  return (
    <Card title="彩种与房间">
      {override != null && (
        <Typography.Paragraph type="warning">
          本服务器启动时设置了统一开奖周期 {override}{' '}
          秒（演示、测试用），实际按该周期开奖，下表的周期在取消统一周期后生效。
        </Typography.Paragraph>
      )}
      <Table<LotteryRow>
        rowKey="id"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data?.items}
        pagination={false}
        expandable={{
          // Rooms are always shown under their lottery.
          expandedRowKeys: list.data?.items.map((l) => l.id) ?? [],
          showExpandColumn: false,
          expandedRowRender: (l) => <RoomsTable lottery={l} onEdit={setRoom} />,
        }}
        locale={{ emptyText: '暂无彩种' }}
      />
      <LotteryModal lottery={editing} onClose={() => setEditing(null)} />
      <RoomModal target={room} onClose={() => setRoom(null)} />
    </Card>
  );
}
