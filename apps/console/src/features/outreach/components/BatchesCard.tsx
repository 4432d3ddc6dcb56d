import {
  BATCH_STATE_LABELS,
  BATCH_STATES,
  consoleCancelMessageBatch,
  type MessageBatchRow,
} from '@app/contract/console-segments';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { usePaging } from '@/shared/usePaging';
import { batchesQuery, useOutreachWrite } from '../api';

const STATE_COLOURS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'default' };

/** The stored HTML of a message (escaped text with <br>) back as the text that was typed. */
export function batchText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n'), 'text/html');
  return doc.body.textContent ?? '';
}

function CancelButton({ row }: { row: MessageBatchRow }) {
  const cancel = useOutreachWrite(consoleCancelMessageBatch, { success: '已取消定时发送' });
  return (
    <Popconfirm
      title={`取消定时发送《${row.title}》？`}
      description="取消后不会再发送。"
      okText="取消发送"
      cancelText="不取消"
      onConfirm={() => cancel.mutateAsync({ id: row.id }).catch(() => undefined)}
    >
      <Button type="link" danger size="small" loading={cancel.isPending}>
        取消
      </Button>
    </Popconfirm>
  );
}

const COLUMNS: TableColumnsType<MessageBatchRow> = [
  { title: '标题', dataIndex: 'title' },
  { title: '分群', dataIndex: 'segment', width: 160 },
  {
    title: '发送时间',
    dataIndex: 'send_at',
    width: 160,
    render: (v: string, r) => shortTime(r.sent_at ?? v),
  },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (s: number) => <Tag color={STATE_COLOURS[s]}>{BATCH_STATE_LABELS[s] ?? s}</Tag>,
  },
  {
    title: '人数',
    dataIndex: 'recipients',
    width: 80,
    align: 'right',
    render: (n: number, r) => (r.state === BATCH_STATES.sent ? n : '—'),
  },
  {
    title: '操作员',
    dataIndex: 'created_by',
    width: 150,
    render: (v: string, r) => (r.cancelled_by ? `${v || '—'}（${r.cancelled_by} 取消）` : v || '—'),
  },
  {
    title: '操作',
    key: 'actions',
    width: 80,
    render: (_, r) => (r.state === BATCH_STATES.scheduled ? <CancelButton row={r} /> : null),
  },
];

/** 发送记录: every bulk message, newest first; a scheduled one can be cancelled. */
export function BatchesCard() {
  const { page, pageSize, pagination } = usePaging();
  const query = useQuery(batchesQuery(page, pageSize));
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <Card
      title="发送记录"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          刷新
        </Button>
      }
    >
      <Table<MessageBatchRow>
        rowKey="id"
        size="middle"
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        locale={{ emptyText: '还没有群发过消息' }}
        expandable={{
          expandedRowRender: (m) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {batchText(m.content)}
            </Typography.Paragraph>
          ),
        }}
        pagination={pagination(query.data?.total ?? 0)}
        columns={COLUMNS}
      />
    </Card>
  );
}
