import type { ReceivingCard } from '@app/contract/console-payments';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';

/** The columns of 收款银行卡: bank, number, holder, branch, state, 编辑 and 启用/停用. */
export function receivingCardColumns(opts: {
  busy: number | null;
  onToggle: (c: ReceivingCard, enabled: boolean) => void;
  onEdit: (c: ReceivingCard) => void;
}): TableColumnsType<ReceivingCard> {
  const { busy, onToggle, onEdit } = opts;
  return [
    { title: '银行', dataIndex: 'bank_name', width: 160 },
    {
      title: '卡号',
      dataIndex: 'bank_no',
      width: 240,
      render: (no: string) => <Typography.Text copyable>{no}</Typography.Text>,
    },
    { title: '开户人', dataIndex: 'owner', width: 180 },
    { title: '开户行地址', dataIndex: 'address', render: (a: string) => a || '—' },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_v, c) => (
        <Space size={0}>
          <Button type="link" onClick={() => onEdit(c)}>
            编辑
          </Button>
          <Button
            type="link"
            danger={c.enabled}
            loading={busy === c.id}
            disabled={busy !== null}
            onClick={() => onToggle(c, !c.enabled)}
          >
            {c.enabled ? '停用' : '启用'}
          </Button>
        </Space>
      ),
    },
  ];
}
