import type { LinkedAccount } from '@app/contract/console-risk';
import { Space, Table, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { yuan } from '@/shared/format';

/** Linked accounts (the member page, the withdrawal review): who, the score, what they share, their money. */
export function LinkedAccountsTable({
  rows,
  loading,
}: {
  rows: readonly LinkedAccount[] | undefined;
  loading?: boolean;
}) {
  return (
    <Table<LinkedAccount>
      size="small"
      rowKey="user_id"
      loading={loading}
      dataSource={rows as LinkedAccount[] | undefined}
      pagination={false}
      locale={{ emptyText: '无关联账户' }}
      columns={[
        {
          title: '关联会员',
          dataIndex: 'username',
          render: (v: string, r) => <Link to={`/members/${r.user_id}`}>{v}</Link>,
        },
        { title: '关联分', dataIndex: 'score', align: 'right', width: 80 },
        {
          title: '关联原因',
          render: (_, r) => (
            <Space size={[4, 4]} wrap>
              {r.reasons.map((x) => (
                <Tooltip key={`${x.kind}:${x.value}`} title={x.value}>
                  <Tag>{x.label}</Tag>
                </Tooltip>
              ))}
            </Space>
          ),
        },
        { title: '存款', dataIndex: 'deposits', align: 'right', render: (v: string) => yuan(v) },
        { title: '优惠', dataIndex: 'bonuses', align: 'right', render: (v: string) => yuan(v) },
        { title: '提现', dataIndex: 'withdrawals', align: 'right', render: (v: string) => yuan(v) },
      ]}
    />
  );
}
