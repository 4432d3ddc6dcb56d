import { Typography } from 'antd';

/** 公告 (being built). */
export default function NoticesScreen() {
  return <Typography.Title level={4}>公告</Typography.Title>;
}
