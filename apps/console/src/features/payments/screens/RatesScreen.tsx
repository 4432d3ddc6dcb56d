import { Typography } from 'antd';

/** 汇率与手续费 (being built). */
export default function RatesScreen() {
  return <Typography.Title level={4}>汇率与手续费</Typography.Title>;
}
