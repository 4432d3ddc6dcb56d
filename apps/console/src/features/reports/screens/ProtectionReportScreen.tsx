import {
  NEAR_LIMIT_PERCENT,
  PROTECTION_REPORT_DAYS,
  type ProtectionReport,
} from '@app/contract/console-protection';
import { LIMIT_KIND_LABELS, LIMIT_PERIOD_LABELS } from '@app/contract/protection';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Progress, Result, Skeleton, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api';
import { protectionReportQuery } from '../api';

type Near = ProtectionReport['near'][number];
type Day = ProtectionReport['days'][number];

/** Time-outs and exclusions started, and breaks ended, per Beijing day. */
function BreaksPerDay({ days }: { days: Day[] }) {
  return (
    <Card
      size="small"
      title={`暂停与自我排除（近${PROTECTION_REPORT_DAYS}天）`}
      role="region"
      aria-label="暂停与自我排除"
    >
      <Table<Day>
        size="small"
        rowKey="day"
        dataSource={days}
        pagination={false}
        columns={[
          { title: '日期', dataIndex: 'day' },
          { title: '新增暂停', dataIndex: 'timeouts' },
          { title: '新增自我排除', dataIndex: 'exclusions' },
          { title: '结束（到期或解除）', dataIndex: 'ended' },
        ]}
      />
    </Card>
  );
}

/** /reports/protection (风控, 客服): who is near a limit now, and breaks started and ended per day. */
export default function ProtectionReportScreen() {
  const report = useQuery(protectionReportQuery());
  if (report.isPending) return <Skeleton active />;
  if (report.isError) {
    return (
      <Result
        status="error"
        title={errorMessage(report.error)}
        extra={<Button onClick={() => void report.refetch()}>重试</Button>}
      />
    );
  }
  const { near, days } = report.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        责任博彩报表
      </Typography.Title>
      <Card
        size="small"
        title={`接近限额的会员（已用 ≥ ${NEAR_LIMIT_PERCENT}%）`}
        role="region"
        aria-label="接近限额的会员"
      >
        <Table<Near>
          size="small"
          rowKey={(r) => `${r.member_id}-${r.kind}-${r.period}`}
          dataSource={near}
          pagination={{ pageSize: 20 }}
          locale={{ emptyText: '暂无接近限额的会员' }}
          columns={[
            {
              title: '会员',
              key: 'name',
              render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.name}</Link>,
            },
            {
              title: '限额',
              key: 'limit',
              render: (_, r) => `${LIMIT_PERIOD_LABELS[r.period]}${LIMIT_KIND_LABELS[r.kind]}`,
            },
            { title: '金额', dataIndex: 'amount' },
            { title: '已用', dataIndex: 'used' },
            {
              title: '使用比例',
              key: 'percent',
              render: (_, r) => (
                <Progress
                  percent={Math.min(100, r.percent)}
                  size="small"
                  status={r.percent >= 100 ? 'exception' : 'active'}
                  format={() => `${r.percent}%`}
                />
              ),
            },
            { title: '周期重置', dataIndex: 'resets_at' },
          ]}
        />
      </Card>
      <BreaksPerDay days={days} />
    </Space>
  );
}
