import { Typography } from 'antd';

/** 彩种与房间 (being built). */
export default function LotteriesScreen() {
  return <Typography.Title level={4}>彩种与房间</Typography.Title>;
}
