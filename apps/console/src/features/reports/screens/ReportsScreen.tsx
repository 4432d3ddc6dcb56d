import { reportRangeProblem } from '@app/contract/console-reports';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Space, Spin, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { beijingDay } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { reportQuery } from '../api';
import { ActivitiesSection, DailySection, OperatorsSection } from '../components/DailySections';
import {
  GamesSection,
  MembersSection,
  MoneySection,
  PromoSection,
  ReportTotals,
} from '../components/ReportSections';

export { beijingDay };

/** 运营报表: a range of Beijing days (last 7 by default), its totals, then each section's charts and tables. */
export default function ReportsScreen() {
  const [range, setRange] = useState({ from: beijingDay(6), to: beijingDay(0) });
  const problem = reportRangeProblem(range.from, range.to);
  const report = useQuery({ ...reportQuery(range.from, range.to), enabled: problem === null });
  const onPick = (v: [Dayjs | null, Dayjs | null] | null) => {
    if (v?.[0] && v[1]) setRange({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
  };
  const data = report.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            运营报表
          </Typography.Title>
          <DatePicker.RangePicker
            aria-label="日期范围"
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            onChange={onPick}
            presets={[
              { label: '今天', value: [dayjs(beijingDay(0)), dayjs(beijingDay(0))] },
              { label: '昨天', value: [dayjs(beijingDay(1)), dayjs(beijingDay(1))] },
              { label: '近7天', value: [dayjs(beijingDay(6)), dayjs(beijingDay(0))] },
              { label: '近30天', value: [dayjs(beijingDay(29)), dayjs(beijingDay(0))] },
            ]}
          />
          <Typography.Text type="secondary">按北京时间自然日统计，金额以资金流水为准</Typography.Text>
          {report.isFetching && <Spin size="small" />}
        </Space>
      </Card>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      {!problem && report.isError && <QueryError error={report.error} retry={() => void report.refetch()} />}
      {!problem && report.isPending && (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
          <div style={{ marginTop: 8, color: '#999' }}>加载中…</div>
        </div>
      )}
      {!problem && data && (
        <div>
          <ReportTotals report={data} />
          <Tabs
            items={[
              { key: 'money', label: '资金', children: <MoneySection report={data} /> },
              { key: 'games', label: '游戏', children: <GamesSection report={data} /> },
              { key: 'promo', label: '优惠', children: <PromoSection report={data} /> },
              { key: 'members', label: '会员', children: <MembersSection report={data} /> },
              { key: 'daily', label: '日报', children: <DailySection range={range} /> },
              { key: 'operators', label: '操作员', children: <OperatorsSection range={range} /> },
              { key: 'activities', label: '活动', children: <ActivitiesSection range={range} /> },
            ]}
          />
        </div>
      )}
    </Space>
  );
}
