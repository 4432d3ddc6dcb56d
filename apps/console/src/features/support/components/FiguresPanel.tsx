import { useQuery } from '@tanstack/react-query';
import { DatePicker, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { beijingDay } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { supportFiguresQuery } from '../api';

/** "1 分 5 秒" from seconds (none yet: —). */
export function secondsLabel(s: number | null): string {
  if (s === null) return '—';
  const n = Math.round(s);
  return n < 60 ? `${n} 秒` : `${Math.floor(n / 60)} 分 ${n % 60} 秒`;
}

/** 统计: one Beijing day per operator (conversations, closed, first response, ratings). */
export function FiguresPanel() {
  const [day, setDay] = useState(beijingDay(0));
  const query = useQuery(supportFiguresQuery(day));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <span>日期</span>
        <DatePicker
          aria-label="统计日期"
          allowClear={false}
          value={dayjs(day)}
          onChange={(d) => d && setDay(d.format('YYYY-MM-DD'))}
        />
        <Typography.Text type="secondary">
          按北京时间自然日统计，首次响应为会话发起到客服第一次回复的时间
        </Typography.Text>
      </Space>
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table
          size="small"
          rowKey={(r) => r.operator.id}
          loading={query.isFetching}
          dataSource={query.data?.rows ?? []}
          pagination={false}
          locale={{ emptyText: '当日暂无接待数据' }}
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
      )}
    </Space>
  );
}
