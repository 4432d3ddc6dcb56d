import { Typography } from 'antd';

/** VIP等级 (being built). */
export default function VipScreen() {
  return <Typography.Title level={4}>VIP等级</Typography.Title>;
}
