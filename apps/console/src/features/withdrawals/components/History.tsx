import type { ConsoleHistoryItem } from '@app/contract/console-money';
import { Table, Typography } from 'antd';
import { shortTime, yuan } from '@/shared/format';

/** One of the member's recent lists (deposits, bets, withdrawals) in a small table. */
export function History(props: { title: string; refTitle: string; items: ConsoleHistoryItem[] }) {
  return (
    <div>
      <Typography.Title level={5}>{props.title}</Typography.Title>
      <Table<ConsoleHistoryItem>
        size="small"
        rowKey={(r) => `${r.ref}-${r.created_at}-${r.label}`}
        pagination={false}
        dataSource={props.items}
        locale={{ emptyText: '暂无记录' }}
        columns={[
          { title: props.refTitle, dataIndex: 'ref', ellipsis: true },
          { title: '类型', dataIndex: 'label', width: 110, ellipsis: true },
          { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: (v: string) => yuan(v) },
          { title: '状态', dataIndex: 'state', width: 80 },
          { title: '时间', dataIndex: 'created_at', width: 140, render: (v: string) => shortTime(v) },
        ]}
      />
    </div>
  );
}
