import type { SupportConversationRow } from '@app/contract/console-support';
import { useQuery } from '@tanstack/react-query';
import { Badge, Empty, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { supportQueueQuery, type QueueView } from '../api';
import { useDeskLive } from './deskStore';
import { STATE_LABELS, waitingLabel, whoLabel } from './waiting';

const EMPTY: Record<QueueView, string> = {
  waiting: '暂无等待中的会话',
  mine: '暂无我接待的会话',
  all: '暂无进行中的会话',
};

/** Seconds since the queue was read: waiting times go on counting between two polls. */
function useSecondsSince(updatedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return Math.max(0, Math.floor((now - updatedAt) / 1000));
}

function Row(props: { c: SupportConversationRow; since: number; active: boolean; onOpen: () => void }) {
  const { c } = props;
  return (
    <div
      role="button"
      tabIndex={0}
      className={props.active ? 'support-row support-row-active' : 'support-row'}
      onClick={props.onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter') props.onOpen();
      }}
      data-testid={`conversation-${c.id}`}
    >
      <div style={{ width: '100%', minWidth: 0 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <Typography.Text strong ellipsis>
            {whoLabel(c)}
          </Typography.Text>
          <Badge count={c.unread} size="small" />
        </div>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
          {c.last_text || '—'}
        </Typography.Text>
        <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12 }}>
          {c.state === 'waiting' ? (
            <Typography.Text type="warning">{waitingLabel(c.waiting_seconds + props.since)}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{c.operator ? c.operator.nickname : '—'}</Typography.Text>
          )}
          {c.left_offline ? <Tag color="orange">离线留言</Tag> : <Tag>{STATE_LABELS[c.state]}</Tag>}
        </div>
      </div>
    </div>
  );
}

/** The queue's list of one view: loading, error with 重试, empty, or its rows (waiting time live). */
function QueueList(props: { view: QueueView; activeId: number | null; onOpen: (id: number) => void }) {
  const query = useQuery(supportQueueQuery(props.view, useDeskLive()));
  const since = useSecondsSince(query.dataUpdatedAt);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError && !query.data)
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  const items = query.data.items;
  return (
    <>
      {query.isError && <Typography.Text type="danger">刷新失败，稍后自动重试</Typography.Text>}
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY[props.view]} />
      ) : (
        items.map((c) => (
          <Row
            key={c.id}
            c={c}
            since={since}
            active={c.id === props.activeId}
            onOpen={() => props.onOpen(c.id)}
          />
        ))
      )}
    </>
  );
}

/** The left column: 等待中 / 我的 / 全部, each with its count. */
export function QueueColumn(props: {
  counts: { waiting: number; mine: number; open: number } | undefined;
  activeId: number | null;
  onOpen: (id: number) => void;
}) {
  const [view, setView] = useState<QueueView>('waiting');
  const label = (text: string, n: number | undefined) => (
    <span>
      {text} <Badge count={n ?? 0} size="small" showZero={false} color="#8c8c8c" />
    </span>
  );
  return (
    <Tabs
      size="small"
      activeKey={view}
      onChange={(k) => setView(k as QueueView)}
      items={[
        { key: 'waiting', label: label('等待中', props.counts?.waiting) },
        { key: 'mine', label: label('我的', props.counts?.mine) },
        { key: 'all', label: label('全部', props.counts?.open) },
      ].map((t) => ({
        ...t,
        children: <QueueList view={t.key as QueueView} activeId={props.activeId} onOpen={props.onOpen} />,
      }))}
    />
  );
}
