import { Typography } from 'antd';

/** 赔率设置 (being built). */
export default function OddsScreen() {
  return <Typography.Title level={4}>赔率设置</Typography.Title>;
}
