import { Typography } from 'antd';

/** 运营报表 (being built). */
export default function ReportsScreen() {
  return <Typography.Title level={4}>运营报表</Typography.Title>;
}
