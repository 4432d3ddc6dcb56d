import { useQuery } from '@tanstack/react-query';
import { DatePicker, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { beijingDay } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { SupportFiguresTable } from '@/shared/SupportFiguresTable';
import { supportFiguresQuery } from '@/shared/supportFigures';

/** 统计: any Beijing day per operator (the dashboard's 今日客服 card shows today's). */
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
        <SupportFiguresTable rows={query.data?.rows ?? []} loading={query.isFetching} />
      )}
    </Space>
  );
}
