import { Typography } from 'antd';

/** 弹窗与赞助 (being built). */
export default function PagesScreen() {
  return <Typography.Title level={4}>弹窗与赞助</Typography.Title>;
}
