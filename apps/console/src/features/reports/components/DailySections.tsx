import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { QueryError } from '@/shared/QueryError';
import { activitiesQuery, dailyQuery, operatorsQuery } from '../api';
import { activityColumns, dailyColumns, operatorColumns } from '../columns-daily';
import { ReportTable } from './ReportTable';

/* 日报, 操作员 and 活动: each tab asks for its own call when first opened, over the screen's range. */

type Range = { from: string; to: string };

function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
        <div style={{ marginTop: 8, color: '#999' }}>加载中…</div>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** 日报: one row per Beijing day and the range's totals, NGR's deductions named. */
export function DailySection({ range }: { range: Range }) {
  const query = useQuery(dailyQuery(range.from, range.to));
  return (
    <Loaded query={query}>
      {(data) => (
        <>
          <Typography.Paragraph type="secondary">
            GGR = 投注金额 − 派奖金额；NGR = GGR − {data.ngr_deductions.join(' − ')}
            。首存、二存为会员首次、第二次到账的存款。日终平台负债为当日结束时会员中心钱包与场馆钱包余额之和（不含试玩账号），合计行为所选最后一天日终。
          </Typography.Paragraph>
          <ReportTable
            title="日报"
            file="日报"
            range={range}
            columns={dailyColumns}
            rows={data.days}
            totals={data.totals}
          />
        </>
      )}
    </Loaded>
  );
}

/** 操作员工作量 over the range. */
export function OperatorsSection({ range }: { range: Range }) {
  const query = useQuery(operatorsQuery(range.from, range.to));
  return (
    <Loaded query={query}>
      {(data) => (
        <ReportTable
          title="操作员工作量"
          file="操作员工作量"
          range={range}
          columns={operatorColumns}
          rows={data.operators}
        />
      )}
    </Loaded>
  );
}

/** 活动成本 over the range. */
export function ActivitiesSection({ range }: { range: Range }) {
  const query = useQuery(activitiesQuery(range.from, range.to));
  return (
    <Loaded query={query}>
      {(data) => (
        <ReportTable
          title="活动成本"
          file="活动成本"
          range={range}
          columns={activityColumns}
          rows={data.activities}
        />
      )}
    </Loaded>
  );
}
