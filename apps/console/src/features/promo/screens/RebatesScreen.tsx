import { Typography } from 'antd';

/** 返水比例 (being built). */
export default function RebatesScreen() {
  return <Typography.Title level={4}>返水比例</Typography.Title>;
}
