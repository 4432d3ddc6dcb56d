import { Typography } from 'antd';

/** 轮播图 (being built). */
export default function BannersScreen() {
  return <Typography.Title level={4}>轮播图</Typography.Title>;
}
