import type { AgentReportRow } from '@app/contract/console-agents';
import { reportRangeProblem } from '@app/contract/console-reports';
import { formatCents, toCents } from '@app/contract/codecs';
import { downloadCsv, toCsv, type CsvColumn } from '@app/contract/csv';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { beijingDay, yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { agentReportQuery } from '../api';

type MoneyKey = 'deposits' | 'withdrawals' | 'valid' | 'net_loss' | 'paid' | 'payable';
const MONEY: { key: MoneyKey; title: string }[] = [
  { key: 'deposits', title: '存款' },
  { key: 'withdrawals', title: '取款' },
  { key: 'valid', title: '有效投注' },
  { key: 'net_loss', title: '负盈利' },
  { key: 'paid', title: '已发佣金' },
  { key: 'payable', title: '待发佣金' },
];

/** The file's columns: what the table shows, amounts as plain numbers. */
export const REPORT_CSV_COLUMNS: CsvColumn<AgentReportRow>[] = [
  { title: '代理', value: (r) => r.agent.username },
  { title: '新增直属会员', value: (r) => r.new_members },
  ...MONEY.map((m) => ({ title: m.title, value: (r: AgentReportRow) => r[m.key] })),
];

/** The totals row: counts and amounts added up exactly (in cents). */
export function totalsOf(rows: AgentReportRow[]): AgentReportRow {
  const sum = (k: MoneyKey) => formatCents(rows.reduce((s, r) => s + (toCents(r[k]) ?? 0), 0));
  return {
    agent: { id: 0, username: '合计' },
    new_members: rows.reduce((s, r) => s + r.new_members, 0),
    deposits: sum('deposits'),
    withdrawals: sum('withdrawals'),
    valid: sum('valid'),
    net_loss: sum('net_loss'),
    paid: sum('paid'),
    payable: sum('payable'),
  };
}

/** The table's 合计 row. */
function TotalsRow({ total }: { total: AgentReportRow }) {
  return (
    <Table.Summary>
      <Table.Summary.Row>
        <Table.Summary.Cell index={0}>
          <Typography.Text strong>合计</Typography.Text>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="right">
          <Typography.Text strong>{total.new_members}</Typography.Text>
        </Table.Summary.Cell>
        {MONEY.map((m, i) => (
          <Table.Summary.Cell key={m.key} index={i + 2} align="right">
            <Typography.Text strong>{yuan(total[m.key])}</Typography.Text>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

const COLUMNS: TableColumnsType<AgentReportRow> = [
  { title: '代理', key: 'agent', render: (_, r) => r.agent.username },
  { title: '新增直属会员', dataIndex: 'new_members', align: 'right' },
  ...MONEY.map((m) => ({
    title: m.title,
    dataIndex: m.key,
    align: 'right' as const,
    render: (v: string) => yuan(v),
  })),
];

/** 代理报表: per agent over Beijing days, its level-1 members' figures and its commissions; 导出CSV. */
export default function AgentReportScreen() {
  const [range, setRange] = useState({ from: beijingDay(6), to: beijingDay(0) });
  const problem = reportRangeProblem(range.from, range.to);
  const report = useQuery({ ...agentReportQuery(range.from, range.to), enabled: problem === null });
  const rows = report.data ?? [];
  const onPick = (v: [Dayjs | null, Dayjs | null] | null) => {
    if (v?.[0] && v[1]) setRange({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
  };
  const exportCsv = () =>
    downloadCsv(
      `代理报表_${range.from}至${range.to}.csv`,
      toCsv(REPORT_CSV_COLUMNS, [...rows, totalsOf(rows)]),
    );
  return (
    <Card
      title="代理报表"
      extra={
        <Button
          icon={<DownloadOutlined />}
          onClick={exportCsv}
          disabled={rows.length === 0 || report.isFetching}
        >
          导出CSV
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label="日期范围"
          allowClear={false}
          value={[dayjs(range.from), dayjs(range.to)]}
          onChange={onPick}
          presets={[
            { label: '今天', value: [dayjs(beijingDay(0)), dayjs(beijingDay(0))] },
            { label: '近7天', value: [dayjs(beijingDay(6)), dayjs(beijingDay(0))] },
            { label: '近30天', value: [dayjs(beijingDay(29)), dayjs(beijingDay(0))] },
          ]}
        />
        <Typography.Text type="secondary">
          按北京时间自然日统计直属会员（一级下线）；佣金按结算周期开始日计入
        </Typography.Text>
      </Space>
      {problem && <Alert type="error" showIcon role="alert" title={problem} style={{ marginBottom: 16 }} />}
      {!problem && report.isError && !report.data ? (
        <QueryError error={report.error} retry={() => void report.refetch()} />
      ) : (
        <Table<AgentReportRow>
          rowKey={(r) => r.agent.id}
          size="middle"
          loading={report.isFetching}
          dataSource={problem ? [] : rows}
          columns={COLUMNS}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          locale={{ emptyText: '所选日期内暂无代理数据' }}
          summary={() => (rows.length === 0 ? null : <TotalsRow total={totalsOf(rows)} />)}
        />
      )}
    </Card>
  );
}
