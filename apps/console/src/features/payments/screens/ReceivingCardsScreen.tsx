import { Typography } from 'antd';

/** 收款银行卡 (being built). */
export default function ReceivingCardsScreen() {
  return <Typography.Title level={4}>收款银行卡</Typography.Title>;
}
