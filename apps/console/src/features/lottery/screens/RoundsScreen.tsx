import { Typography } from 'antd';

/** 开奖记录 (being built). */
export default function RoundsScreen() {
  return <Typography.Title level={4}>开奖记录</Typography.Title>;
}
