import { SoundOutlined } from '@ant-design/icons';
import { Space, Switch, Typography } from 'antd';
import type { QueueArrivals } from './useQueueArrivals';

/** 自动刷新 and 声音提醒 of a money queue, for the roles that review it (nothing for the others). */
export function RefreshNote(props: { arrivals: QueueArrivals; soundLabel: string }) {
  const { reviews, failed, sound, setSound } = props.arrivals;
  if (!reviews) return null;
  return (
    <Space>
      {failed ? (
        <Typography.Text type="danger">刷新失败，稍后自动重试</Typography.Text>
      ) : (
        <Typography.Text type="secondary">每 15 秒自动刷新</Typography.Text>
      )}
      <SoundOutlined />
      <span>{props.soundLabel}</span>
      <Switch size="small" checked={sound} onChange={setSound} aria-label="声音提醒" />
    </Space>
  );
}
