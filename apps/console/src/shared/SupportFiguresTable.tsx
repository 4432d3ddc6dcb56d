import type { consoleSupportFigures } from '@app/contract/console-support';
import type { DataOf } from '@app/contract/define';
import { Table } from 'antd';
import { secondsLabel } from './supportFigures';

type Row = DataOf<typeof consoleSupportFigures>['rows'][number];

/** One Beijing day per operator: conversations, closed, first response, ratings. */
export function SupportFiguresTable({ rows, loading }: { rows: Row[]; loading: boolean }) {
  return (
    <Table
      size="small"
      rowKey={(r) => r.operator.id}
      loading={loading}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: '当日暂无接待数据' }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '客服', render: (_, r) => `${r.operator.nickname}（${r.operator.name}）` },
        { title: '接待会话', dataIndex: 'conversations' },
        { title: '已结束', dataIndex: 'closed' },
        { title: '首次响应中位数', render: (_, r) => secondsLabel(r.first_response_median) },
        { title: '首次响应平均', render: (_, r) => secondsLabel(r.first_response_avg) },
        { title: '评价数', dataIndex: 'ratings' },
        { title: '平均评分', render: (_, r) => (r.rating_avg === null ? '—' : r.rating_avg.toFixed(1)) },
      ]}
    />
  );
}
