import {
  consoleDeleteChatMessage,
  consoleMuteChatMember,
  consoleUnmuteChatMember,
  type ChatMessageRow,
} from '@app/contract/console-chat';
import { useInfiniteQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { chatMessagesQuery, useChatAction } from '../api';
import { muteLabel } from './mute-label';
import { MuteModal } from './MuteModal';

const KIND_COLORS: Record<string, string> = { chat: 'blue', order: 'gold', open: 'default', draw: 'green' };

/** Delete, mute or unmute from a message's row. */
function RowActions({
  row,
  onMute,
}: {
  row: ChatMessageRow;
  onMute: (m: { id: number; name: string }) => void;
}) {
  const { message } = App.useApp();
  const mayDelete = useMayCall(consoleDeleteChatMessage);
  const mayMute = useMayCall(consoleMuteChatMember);
  const remove = useChatAction(consoleDeleteChatMessage, () =>
    message.success('消息已删除，房间内已同步移除'),
  );
  const unmute = useChatAction(consoleUnmuteChatMember, () => message.success(`已解除 ${row.author} 的禁言`));
  const fail = (err: unknown) => message.error(errorMessage(err));
  const userId = row.user_id;
  return (
    <Space size={0}>
      {mayDelete && row.kind === 'chat' && !row.deleted && userId !== null && (
        <Popconfirm
          title="删除这条消息？"
          description="删除后房间内所有会员立即看不到它。"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => remove.mutateAsync({ id: row.id }).catch(fail)}
        >
          <Button type="link" danger size="small" loading={remove.isPending}>
            删除
          </Button>
        </Popconfirm>
      )}
      {mayMute && userId !== null && row.kind === 'chat' && (
        <Button type="link" size="small" onClick={() => onMute({ id: userId, name: row.author })}>
          {row.muted_until ? '改禁言' : '禁言'}
        </Button>
      )}
      {mayMute && userId !== null && row.muted_until && (
        <Popconfirm
          title={`解除 ${row.author} 的禁言？`}
          okText="解除"
          cancelText="取消"
          onConfirm={() => unmute.mutateAsync({ user_id: userId }).catch(fail)}
        >
          <Button type="link" size="small" loading={unmute.isPending}>
            解除禁言
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

function columns(onMute: (m: { id: number; name: string }) => void): TableColumnsType<ChatMessageRow> {
  return [
    { title: '时间', dataIndex: 'created_at', width: 170 },
    {
      title: '发送者',
      key: 'author',
      width: 200,
      render: (_, r) =>
        r.user_id === null ? (
          <Typography.Text type="secondary">系统</Typography.Text>
        ) : (
          <Space direction="vertical" size={0}>
            <span>
              {r.author} <Typography.Text type="secondary">#{r.user_id}</Typography.Text>
            </span>
            {r.muted_until && <Tag color="red">{muteLabel(r.muted_until)}</Tag>}
          </Space>
        ),
    },
    {
      title: '类型',
      dataIndex: 'kind_label',
      width: 80,
      render: (label: string, r) => <Tag color={KIND_COLORS[r.kind] ?? 'default'}>{label}</Tag>,
    },
    {
      title: '内容',
      dataIndex: 'content',
      // Members' text, shown as text (React escapes it): never as HTML.
      render: (content: string, r) =>
        r.deleted ? (
          <Space direction="vertical" size={0}>
            <Typography.Text delete type="secondary" style={{ wordBreak: 'break-all' }}>
              {content}
            </Typography.Text>
            <Tooltip title={`删除时间 ${r.deleted_at ?? ''}`}>
              <Tag>已删除 · {r.deleted_by}</Tag>
            </Tooltip>
          </Space>
        ) : (
          <span style={{ wordBreak: 'break-all' }}>{content}</span>
        ),
    },
    { title: '操作', key: 'actions', width: 220, render: (_, r) => <RowActions row={r} onMute={onMute} /> },
  ];
}

/** A room's messages, newest first, with "load older"; deleted ones stay listed, marked. */
export function MessagesPanel({ roomId }: { roomId: number }) {
  const query = useInfiniteQuery(chatMessagesQuery(roomId));
  const [muting, setMuting] = useState<{ id: number; name: string } | null>(null);
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <>
      <Table<ChatMessageRow>
        rowKey="id"
        size="middle"
        columns={columns(setMuting)}
        dataSource={rows}
        loading={query.isFetching && !query.isFetchingNextPage}
        locale={{ emptyText: '该房间暂无消息' }}
        pagination={false}
        rowClassName={(r) => (r.deleted ? 'chat-row-deleted' : '')}
      />
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        {query.hasNextPage ? (
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            加载更早的消息
          </Button>
        ) : (
          rows.length > 0 && <Typography.Text type="secondary">没有更早的消息了</Typography.Text>
        )}
      </div>
      <MuteModal member={muting} onClose={() => setMuting(null)} />
    </>
  );
}
