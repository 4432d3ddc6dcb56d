import { consoleUnmuteChatMember, type ChatMuteRow } from '@app/contract/console-chat';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { usePaging } from '@/shared/usePaging';
import { chatMutesQuery, useChatAction } from '../api';

function Unmute({ row }: { row: ChatMuteRow }) {
  const { message } = App.useApp();
  const may = useMayCall(consoleUnmuteChatMember);
  const unmute = useChatAction(consoleUnmuteChatMember, () => message.success(`已解除 ${row.name} 的禁言`));
  if (!may) return null;
  return (
    <Popconfirm
      title={`解除 ${row.name} 的禁言？`}
      okText="解除"
      cancelText="取消"
      onConfirm={() =>
        unmute.mutateAsync({ user_id: row.user_id }).catch((err: unknown) => message.error(errorMessage(err)))
      }
    >
      <Button type="link" size="small" loading={unmute.isPending}>
        解除禁言
      </Button>
    </Popconfirm>
  );
}

const COLUMNS: TableColumnsType<ChatMuteRow> = [
  {
    title: '会员',
    dataIndex: 'name',
    render: (name: string, r) => <Link to={`/members/${r.user_id}`}>{name}</Link>,
  },
  {
    title: '禁言至',
    dataIndex: 'until',
    width: 180,
    render: (until: string, r) => (r.permanent ? <Tag color="red">永久</Tag> : until),
  },
  {
    title: '原因',
    dataIndex: 'reason',
    render: (v: string) => (v ? <span style={{ wordBreak: 'break-all' }}>{v}</span> : '—'),
  },
  { title: '操作员', dataIndex: 'muted_by', width: 140 },
  { title: '禁言时间', dataIndex: 'created_at', width: 170 },
  { title: '操作', key: 'actions', width: 110, render: (_, r) => <Unmute row={r} /> },
];

/** The members muted now (expired mutes are gone by themselves). */
export function MutesPanel() {
  const paging = usePaging({ unit: '位会员' });
  const query = useQuery(chatMutesQuery(paging.page, paging.pageSize));
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">
        正在禁言的会员；到期的禁言自动解除，不再列出。禁言请在消息列表中对该会员的发言操作。
      </Typography.Paragraph>
      <Table<ChatMuteRow>
        rowKey="user_id"
        size="middle"
        columns={COLUMNS}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        locale={{ emptyText: '当前没有被禁言的会员' }}
        pagination={paging.pagination(query.data?.total ?? 0)}
      />
    </>
  );
}
