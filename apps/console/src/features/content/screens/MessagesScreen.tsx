import { Typography } from 'antd';

/** 站内信 (being built). */
export default function MessagesScreen() {
  return <Typography.Title level={4}>站内信</Typography.Title>;
}
