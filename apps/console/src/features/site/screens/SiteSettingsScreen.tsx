import { Typography } from 'antd';

/** 站点设置 (being built). */
export default function SiteSettingsScreen() {
  return <Typography.Title level={4}>站点设置</Typography.Title>;
}
