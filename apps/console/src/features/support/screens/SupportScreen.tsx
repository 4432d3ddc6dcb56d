import { useQuery } from '@tanstack/react-query';
import { Badge, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { supportConversationQuery, supportQueueQuery } from '../api';
import { CannedPanel } from '../components/CannedPanel';
import { ConversationPane } from '../components/ConversationPane';
import { DeskSocketAlert } from '../components/DeskSocketAlert';
import { useDeskLive, useDeskWatch } from '../components/deskStore';
import { FiguresPanel } from '../components/FiguresPanel';
import { MemberPanel } from '../components/MemberPanel';
import { PresenceBar } from '../components/PresenceBar';
import { QueueColumn } from '../components/QueueColumn';
import { SearchPanel } from '../components/SearchPanel';
import { useDeskAlerts } from '../components/useDeskAlerts';
import { useDeskSocket } from '../components/useDeskSocket';
import './support.css';

/** 工作台: presence on top, then the queue, the open conversation and the member beside it. */
function Workbench() {
  const live = useDeskLive();
  const queue = useQuery(supportQueueQuery('waiting', live));
  const [activeId, setActiveId] = useState<number | null>(null);
  useDeskWatch(activeId);
  const open = useQuery({ ...supportConversationQuery(activeId ?? 0, live), enabled: activeId !== null });
  const alerts = useDeskAlerts(queue.data?.counts);
  if (queue.isError && !queue.data)
    return <QueryError error={queue.error} retry={() => void queue.refetch()} />;
  return (
    <>
      <DeskSocketAlert />
      {queue.data && <PresenceBar me={queue.data.me} sound={alerts.sound} setSound={alerts.setSound} />}
      <div className="support-desk">
        <div className="support-col" aria-label="会话队列">
          <QueueColumn counts={queue.data?.counts} activeId={activeId} onOpen={setActiveId} />
        </div>
        <div className="support-col">
          <ConversationPane id={activeId} />
        </div>
        <div className="support-col" aria-label="会员信息">
          <Typography.Title level={5} style={{ marginTop: 4 }}>
            会员信息
          </Typography.Title>
          <MemberPanel
            key={activeId ?? 0}
            conversation={activeId === null ? undefined : open.data?.conversation}
          />
        </div>
      </div>
    </>
  );
}

/**
 * 客服工作台 (客服, 财务 and 超级管理员): the workbench, 快捷回复 (超级管理员 writes, the desk reads),
 * 会话记录 (transcript search) and 统计 (the day's figures per operator: here rather than on the
 * dashboard, whose other roles may not read them and whose cards hold one figure each). The desk's
 * socket lives while this screen is open (useDeskSocket).
 */
export default function SupportScreen() {
  useDeskSocket();
  const queue = useQuery(supportQueueQuery('waiting', useDeskLive()));
  const unread = queue.data?.counts.unread ?? 0;
  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        客服工作台
      </Typography.Title>
      <Tabs
        items={[
          {
            key: 'desk',
            label: (
              <Badge count={unread} size="small" offset={[8, -2]}>
                工作台
              </Badge>
            ),
            children: <Workbench />,
          },
          { key: 'canned', label: '快捷回复', children: <CannedPanel /> },
          { key: 'search', label: '会话记录', children: <SearchPanel /> },
          { key: 'figures', label: '统计', children: <FiguresPanel /> },
        ]}
      />
    </div>
  );
}
