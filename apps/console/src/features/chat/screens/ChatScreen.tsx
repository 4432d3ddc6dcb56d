import { Typography } from 'antd';

/** 房间聊天 (being built). */
export default function ChatScreen() {
  return <Typography.Title level={4}>房间聊天</Typography.Title>;
}
