import { consoleSupportFigures } from '@app/contract/console-support';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { beijingDay } from '@/shared/format';
import { useMayCall } from '@/shared/session';
import { SupportFiguresTable } from '@/shared/SupportFiguresTable';
import { SUPPORT_FIGURES_POLL_MS, supportFiguresQuery } from '@/shared/supportFigures';

/** 今日客服: today's figures per operator, for the roles that work the desk. */
export function SupportFiguresCard() {
  return useMayCall(consoleSupportFigures) ? <Figures /> : null;
}

function Figures() {
  const day = beijingDay(0);
  const query = useQuery({
    ...supportFiguresQuery(day),
    refetchInterval: SUPPORT_FIGURES_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return (
    <Card
      title={`今日客服（北京时间 ${day}）`}
      extra={<Link to="/support">客服工作台</Link>}
      data-testid="support-figures"
    >
      {query.isError && !query.data ? (
        <Typography.Text type="danger">客服数据加载失败，稍后自动重试</Typography.Text>
      ) : (
        <SupportFiguresTable rows={query.data?.rows ?? []} loading={query.isPending} />
      )}
      <Typography.Text type="secondary">首次响应为会话发起到客服第一次回复的时间，每分钟刷新</Typography.Text>
    </Card>
  );
}
