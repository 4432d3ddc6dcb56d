import { PAY_METHOD_LABELS, type PayMethod } from '@app/contract/console-payments';
import { Button, Image, Switch, Typography, type TableColumnsType } from 'antd';
import { yuan } from '@/shared/format';

/** The columns of 支付方式: the way, its switch, range, where to pay, QR code and 编辑. */
export function payMethodColumns(opts: {
  busy: string | null;
  onToggle: (m: PayMethod, enabled: boolean) => void;
  onEdit: (m: PayMethod) => void;
}): TableColumnsType<PayMethod> {
  const { busy, onToggle, onEdit } = opts;
  return [
    {
      title: '支付方式',
      dataIndex: 'type',
      width: 150,
      render: (t: PayMethod['type']) => PAY_METHOD_LABELS[t],
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 110,
      render: (on: boolean, m) => (
        <Switch
          checked={on}
          checkedChildren="开启"
          unCheckedChildren="关闭"
          loading={busy === m.type}
          disabled={busy !== null}
          aria-label={`${PAY_METHOD_LABELS[m.type]}开关`}
          onChange={(v) => onToggle(m, v)}
        />
      ),
    },
    { title: '单笔范围', key: 'range', width: 220, render: (_v, m) => `${yuan(m.min)} – ${yuan(m.max)}` },
    {
      title: '收款账户 / 地址',
      dataIndex: 'account',
      render: (a: string, m) =>
        m.type === 'bank' ? (
          <Typography.Text type="secondary">见“收款银行卡”</Typography.Text>
        ) : a ? (
          <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
            {a}
          </Typography.Text>
        ) : (
          <Typography.Text type="danger">未设置</Typography.Text>
        ),
    },
    {
      title: '二维码',
      dataIndex: 'qr_image',
      width: 110,
      render: (src: string) => (src ? <Image src={src} width={56} alt="收款二维码" /> : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_v, m) => (
        <Button type="link" onClick={() => onEdit(m)}>
          编辑
        </Button>
      ),
    },
  ];
}
