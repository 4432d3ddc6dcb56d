import { Typography } from 'antd';

/** 活动管理 (being built). */
export default function ActivitiesScreen() {
  return <Typography.Title level={4}>活动管理</Typography.Title>;
}
