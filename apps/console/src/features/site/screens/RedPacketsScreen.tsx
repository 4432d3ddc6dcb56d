import { Typography } from 'antd';

/** 红包设置 (being built). */
export default function RedPacketsScreen() {
  return <Typography.Title level={4}>红包设置</Typography.Title>;
}
