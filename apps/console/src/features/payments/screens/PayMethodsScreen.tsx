import { Typography } from 'antd';

/** 支付方式 (being built). */
export default function PayMethodsScreen() {
  return <Typography.Title level={4}>支付方式</Typography.Title>;
}
