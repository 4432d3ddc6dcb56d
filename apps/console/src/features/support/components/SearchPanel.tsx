import {
  MSG_SUPPORT_RANGE,
  SUPPORT_SEARCH_DAYS_MAX,
  type SupportConversationRow,
} from '@app/contract/console-support';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Drawer, Form, Input, Skeleton, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { beijingDay, shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { usePaging } from '@/shared/usePaging';
import { supportConversationQuery, supportSearchQuery } from '../api';
import { MessageList } from './MessageList';
import { OlderButton } from './OlderButton';
import { STATE_LABELS, whoLabel } from './waiting';

interface Values {
  q: string;
  name: string;
  range: [Dayjs, Dayjs] | null;
}
type Filters = { q: string; name: string; start_date: string; end_date: string };

/** The problem of a date range, in the contract's words (none: null). */
export function rangeProblem(range: [Dayjs, Dayjs] | null): string | null {
  if (!range?.[0] || !range[1]) return '请选择日期范围';
  if (range[1].isBefore(range[0], 'day')) return '结束日期不能早于开始日期';
  if (range[1].diff(range[0], 'day') + 1 > SUPPORT_SEARCH_DAYS_MAX) return MSG_SUPPORT_RANGE;
  return null;
}

/** A closed (or any) conversation read-only: its messages (older ones on demand), never polled. */
function Transcript({ row, onClose }: { row: SupportConversationRow; onClose: () => void }) {
  const query = useQuery({ ...supportConversationQuery(row.id), refetchInterval: false });
  return (
    <Drawer open title={`会话记录：${whoLabel(row)}`} size={560} onClose={onClose}>
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <MessageList messages={query.data.messages} head={<OlderButton data={query.data} />} />
      )}
    </Drawer>
  );
}

/** 会话记录: transcripts by text, member or visitor name, and a date range of at most 92 days. */
export function SearchPanel() {
  const [form] = Form.useForm<Values>();
  const [filters, setFilters] = useState<Filters | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<SupportConversationRow | null>(null);
  const paging = usePaging({ unit: '个会话' });
  const query = useQuery({
    ...supportSearchQuery({ ...(filters as Filters), page: paging.page, pageSize: paging.pageSize }),
    enabled: filters !== null,
  });
  const submit = (v: Values) => {
    const p = rangeProblem(v.range);
    setProblem(p);
    if (p || !v.range) return;
    paging.setPage(1);
    const [from, to] = v.range;
    setFilters({
      q: v.q ?? '',
      name: v.name ?? '',
      start_date: from.format('YYYY-MM-DD'),
      end_date: to.format('YYYY-MM-DD'),
    });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ q: '', name: '', range: [dayjs(beijingDay(6)), dayjs(beijingDay(0))] }}
        onFinish={submit}
      >
        <Form.Item name="q" label="内容">
          <Input placeholder="消息内容" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="name" label="会员/访客">
          <Input placeholder="名称开头" allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker aria-label="日期范围" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={query.isFetching}>
          查询
        </Button>
      </Form>
      {problem && <Alert type="error" showIcon role="alert" title={problem} />}
      {filters === null ? null : query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={query.data?.items ?? []}
          pagination={paging.pagination(query.data?.total ?? 0)}
          locale={{ emptyText: '没有符合条件的会话' }}
          onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
          columns={[
            { title: '会员/访客', render: (_, r) => whoLabel(r), width: 160 },
            { title: '客服', render: (_, r) => r.operator?.nickname ?? '—', width: 100 },
            { title: '状态', render: (_, r) => <Tag>{STATE_LABELS[r.state]}</Tag>, width: 80 },
            { title: '分类', render: (_, r) => r.close_tag ?? '—', width: 70 },
            { title: '匹配内容', dataIndex: 'match', ellipsis: true },
            { title: '开始时间', render: (_, r) => shortTime(r.created_at), width: 140 },
            { title: '评分', render: (_, r) => (r.rating ? `${r.rating} 星` : '—'), width: 70 },
          ]}
        />
      )}
      {open && <Transcript row={open} onClose={() => setOpen(null)} />}
    </Space>
  );
}
