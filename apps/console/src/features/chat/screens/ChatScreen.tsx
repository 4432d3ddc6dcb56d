import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { QueryError } from '@/shared/QueryError';
import { CHAT_KEY, chatRoomsQuery } from '../api';
import { MessagesPanel } from '../components/MessagesPanel';
import { MutesPanel } from '../components/MutesPanel';

/** 房间聊天: a room's messages (delete one, mute its author) and the members muted now. */
export default function ChatScreen() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const rooms = useQuery(chatRoomsQuery);
  const tab = params.get('tab') === 'mutes' ? 'mutes' : 'messages';
  const items = rooms.data?.items ?? [];
  const asked = Number(params.get('room'));
  const roomId = items.some((r) => r.id === asked) ? asked : items[0]?.id;
  const go = (next: { room?: number; tab?: string }) => {
    const p = new URLSearchParams(params);
    if (next.room !== undefined) p.set('room', String(next.room));
    if (next.tab !== undefined) p.set('tab', next.tab);
    setParams(p);
  };

  const picker = (
    <Space>
      <Select
        aria-label="选择房间"
        style={{ width: 280 }}
        loading={rooms.isLoading}
        value={roomId}
        placeholder="选择房间"
        onChange={(v: number) => go({ room: v })}
        options={items.map((r) => ({
          value: r.id,
          label: `${r.lottery_title} · ${r.title}${r.enabled ? '' : '（已关闭）'}`,
        }))}
        showSearch
        optionFilterProp="label"
      />
      <Button
        icon={<ReloadOutlined />}
        onClick={() => void queryClient.invalidateQueries({ queryKey: CHAT_KEY })}
      >
        刷新
      </Button>
    </Space>
  );

  let messages;
  if (rooms.isError && !rooms.data)
    messages = <QueryError error={rooms.error} retry={() => void rooms.refetch()} />;
  else if (roomId === undefined) messages = rooms.isLoading ? null : <Empty description="还没有房间" />;
  else messages = <MessagesPanel key={roomId} roomId={roomId} />;

  return (
    <Card title="房间聊天" extra={tab === 'messages' ? picker : null}>
      <Tabs
        activeKey={tab}
        onChange={(k) => go({ tab: k })}
        items={[
          { key: 'messages', label: '消息', children: messages },
          { key: 'mutes', label: '禁言名单', children: <MutesPanel /> },
        ]}
      />
    </Card>
  );
}
