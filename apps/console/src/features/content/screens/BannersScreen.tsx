import { WindowCell } from '@/shared/WindowFields';
import { consoleDeleteBanner, consoleReorderBanners, type BannerRow } from '@app/contract/console-content';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Image, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { bannersQuery, useContentWrite } from '../api';
import { BannerModal } from '../components/BannerModal';
import { moved } from '../rules';

interface ColumnActions {
  count: number;
  busy: boolean;
  move: (index: number, step: -1 | 1) => void;
  edit: (b: BannerRow) => void;
  remove: (id: number) => Promise<unknown>;
}

function bannerColumns({ count, busy, move, edit, remove }: ColumnActions): TableColumnsType<BannerRow> {
  return [
    { title: '顺序', key: 'order', width: 70, render: (_, __, i) => i + 1 },
    {
      title: '图片',
      dataIndex: 'src',
      width: 220,
      render: (src: string, _, i) => <Image src={src} width={180} alt={`轮播图${i + 1}`} />,
    },
    {
      title: '点击跳转',
      dataIndex: 'url',
      render: (url: string) => (url ? <Typography.Text copyable>{url}</Typography.Text> : '不跳转'),
    },
    { title: '排序值', dataIndex: 'sort', width: 90 },
    { title: '展示时间', key: 'window', width: 250, render: (_, b) => <WindowCell row={b} /> },
    { title: '添加时间', dataIndex: 'created_at', width: 170, render: (v: string) => shortTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_, b, i) => (
        <Space wrap>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`上移第${i + 1}张`}
            disabled={i === 0 || busy}
            onClick={() => move(i, -1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`下移第${i + 1}张`}
            disabled={i === count - 1 || busy}
            onClick={() => move(i, 1)}
          />
          <Button size="small" onClick={() => edit(b)}>
            编辑
          </Button>
          <Popconfirm
            title="删除这张轮播图？"
            description="会员端首页将不再显示它。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove(b.id)}
          >
            <Button size="small" danger disabled={busy}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}

/** 轮播图: the hall's carousel (member app /#/), in its order; add, edit, move and delete. */
export default function BannersScreen() {
  const { message } = App.useApp();
  const query = useQuery(bannersQuery());
  const [editing, setEditing] = useState<BannerRow | null | undefined>(undefined);
  const reorder = useContentWrite(consoleReorderBanners, () => message.success('顺序已保存'));
  const remove = useContentWrite(consoleDeleteBanner, () => message.success('轮播图已删除'));
  const items = query.data?.items ?? [];
  const ids = items.map((b) => b.id);
  const busy = reorder.isPending || remove.isPending;

  const columns = bannerColumns({
    count: items.length,
    busy,
    move: (i, step) => reorder.mutate({ ids: moved(ids, i, step) }),
    edit: setEditing,
    remove: (id) => remove.mutateAsync({ id }).catch(() => undefined),
  });

  return (
    <Card
      title="轮播图"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          添加轮播图
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        会员端首页顶部的轮播图，按下表顺序播放；保存后会员刷新页面即可看到。
      </Typography.Paragraph>
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table<BannerRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={items}
          loading={query.isFetching}
          pagination={false}
          locale={{ emptyText: '还没有轮播图，点右上角“添加轮播图”' }}
        />
      )}
      {editing !== undefined && <BannerModal banner={editing} open onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
