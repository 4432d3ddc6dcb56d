import type { ConsoleWithdrawalRow } from '@app/contract/console-money';
import { Image, Space, Typography } from 'antd';

const { Text } = Typography;

/** Where a withdrawal pays out: card number, bank and holder; address and protocol; account; QR code
 * (a copy button in the drawer). */
export function Destination({ row, copyable = false }: { row: ConsoleWithdrawalRow; copyable?: boolean }) {
  const copy = copyable ? { text: row.account } : false;
  switch (row.kind) {
    case 'bank':
      return (
        <Space orientation="vertical" size={0}>
          <Text copyable={copy}>{row.account}</Text>
          <Text type="secondary">
            {row.bank} · {row.account_name}
          </Text>
        </Space>
      );
    case 'usdt':
      return (
        <Space orientation="vertical" size={0}>
          <Text copyable={copy} style={{ wordBreak: 'break-all' }}>
            {row.account}
          </Text>
          <Text type="secondary">{row.account_name}</Text>
        </Space>
      );
    case 'alipay':
      return (
        <Space orientation="vertical" size={0}>
          <Text copyable={copy}>{row.account}</Text>
          <Text type="secondary">{row.account_name}</Text>
        </Space>
      );
    default:
      return row.qr_url ? (
        <Image src={row.qr_url} width={48} height={48} style={{ objectFit: 'cover' }} alt="微信收款码" />
      ) : (
        <Text type="secondary">—</Text>
      );
  }
}
