import {
  consoleSupportRead,
  consoleSupportTake,
  MSG_SUPPORT_CLOSED,
  MSG_SUPPORT_NOT_YOURS,
  type SupportConversationRow,
} from '@app/contract/console-support';
import type { ConsoleSession } from '@app/contract/console-auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callApi, errorMessage } from '@/shared/api';
import { QueryError } from '@/shared/QueryError';
import { useOperator } from '@/shared/session';
import { SUPPORT_KEY, supportConversationQuery, useSupportAction } from '../api';
import { CloseModal, TransferModal } from './DeskModals';
import { useDeskState } from './deskStore';
import { MessageList } from './MessageList';
import { OlderButton } from './OlderButton';
import { ReplyBox } from './ReplyBox';
import { STATE_LABELS, whoLabel } from './waiting';

/** What the signed-in operator may do with a conversation (the server checks each again). */
export function deskRights(c: SupportConversationRow, me: Pick<ConsoleSession, 'id' | 'role'>) {
  const mine = c.state === 'open' && c.operator?.id === me.id;
  const lead = c.state === 'open' && me.role === 'admin';
  return {
    take: c.state === 'waiting',
    reply: mine,
    transfer: c.state === 'waiting' || mine || lead,
    close: c.state === 'waiting' || mine || lead,
  };
}

/** Marks the member's messages read while the operator serving it has it open (a background call). */
function useReadMark(c: SupportConversationRow | undefined, meId: number) {
  const queryClient = useQueryClient();
  const id = c?.id;
  const due = !!c && c.unread > 0 && c.state === 'open' && c.operator?.id === meId;
  useEffect(() => {
    if (!due || id === undefined) return;
    void callApi(consoleSupportRead, { id }, { background: true })
      .then(() => queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'queue'] }))
      .catch(() => undefined);
  }, [due, id, queryClient]);
}

function Actions({ c }: { c: SupportConversationRow }) {
  const me = useOperator();
  const rights = deskRights(c, me);
  const [dialog, setDialog] = useState<'transfer' | 'close' | null>(null);
  const take = useSupportAction(consoleSupportTake);
  return (
    <Space wrap>
      {rights.take && (
        <Button type="primary" loading={take.isPending} onClick={() => take.mutate({ id: c.id })}>
          接入
        </Button>
      )}
      {rights.transfer && <Button onClick={() => setDialog('transfer')}>转接</Button>}
      {rights.close && (
        <Button danger onClick={() => setDialog('close')}>
          结束
        </Button>
      )}
      {take.isError && <Typography.Text type="danger">{errorMessage(take.error)}</Typography.Text>}
      {dialog === 'transfer' && <TransferModal conversation={c} onClose={() => setDialog(null)} />}
      {dialog === 'close' && <CloseModal conversation={c} onClose={() => setDialog(null)} />}
    </Space>
  );
}

function Header({ c }: { c: SupportConversationRow }) {
  return (
    <div className="support-pane-head">
      <Space wrap>
        <Typography.Text strong>{whoLabel(c)}</Typography.Text>
        <Tag color={c.state === 'open' ? 'green' : c.state === 'waiting' ? 'orange' : undefined}>
          {STATE_LABELS[c.state]}
        </Tag>
        {c.operator && <Typography.Text type="secondary">接待：{c.operator.nickname}</Typography.Text>}
        {c.close_tag && <Tag>{c.close_tag}</Tag>}
      </Space>
      {c.state !== 'closed' && <Actions c={c} />}
    </div>
  );
}

/**
 * The middle column: the open conversation (pushed by the socket, polled while it is down), its
 * actions, the member's typing, and the reply box when it is mine.
 */
export function ConversationPane({ id }: { id: number | null }) {
  const me = useOperator();
  const desk = useDeskState();
  const query = useQuery({ ...supportConversationQuery(id ?? 0, desk.live), enabled: id !== null });
  useReadMark(query.data?.conversation, me.id);
  if (id === null) return <Empty description="请从左侧选择一个会话" style={{ marginTop: 80 }} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError && !query.data)
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  const c = query.data.conversation;
  const rights = deskRights(c, me);
  return (
    <div className="support-pane">
      <Header c={c} />
      <MessageList
        messages={query.data.messages}
        readUpTo={Math.max(desk.reads[c.id] ?? 0, c.member_read_id)}
        head={<OlderButton data={query.data} />}
      />
      {desk.typing[c.id] && (
        <Typography.Text type="secondary" className="support-typing">
          {c.kind === 'visitor' ? '访客正在输入…' : '会员正在输入…'}
        </Typography.Text>
      )}
      {rights.reply ? (
        <ReplyBox key={c.id} id={c.id} />
      ) : c.state === 'waiting' ? (
        <Alert type="info" showIcon title="接入后即可回复" />
      ) : c.state === 'open' ? (
        <Alert type="info" showIcon title={MSG_SUPPORT_NOT_YOURS} />
      ) : (
        <Alert type="info" showIcon title={MSG_SUPPORT_CLOSED} />
      )}
    </div>
  );
}
