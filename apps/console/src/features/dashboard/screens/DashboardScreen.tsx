import type { Dashboard } from '@app/contract/console-admin';
import { ONLINE_WINDOW_MINUTES } from '@app/contract/console-admin';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Space, Statistic, Switch, Tooltip, Typography } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@/shared/QueryError';
import { yuan } from '@/shared/format';
import { useOperator } from '@/shared/session';
import { dashboardQuery } from '../api';
import { ApprovalsCard } from '../components/ApprovalsCard';
import { SupportFiguresCard } from '../components/SupportFiguresCard';
import { anyQueueGrew, mayOpenQueue, QUEUES } from '../queues';
import { beep, useSoundSetting } from '../../../shared/sound';

/** Beeps when a queue the operator works grows between two polls (not on the first load). */
function useNewItemBeep(data: Dashboard | undefined, enabled: boolean) {
  const { role } = useOperator();
  const last = useRef<Dashboard | null>(null);
  useEffect(() => {
    if (!data) return;
    if (enabled && last.current && anyQueueGrew(role, last.current, data)) beep();
    last.current = data;
  }, [data, enabled, role]);
}

function PendingCards({ data }: { data: Dashboard }) {
  const { role } = useOperator();
  return (
    <Row gutter={[16, 16]}>
      {QUEUES.map((q) => (
        <Col key={q.key} xs={24} sm={12} xl={6}>
          <Card
            title={q.title}
            extra={mayOpenQueue(role, q) ? <Link to={q.path}>去处理</Link> : null}
            data-testid={`queue-${q.key}`}
          >
            <Statistic value={q.count(data)} suffix="笔" />
            <Typography.Text type="secondary">
              {q.amount ? `合计 ${yuan(q.amount(data))}` : '\u00a0'}
            </Typography.Text>
          </Card>
        </Col>
      ))}
      <ApprovalsCard />
    </Row>
  );
}

function TodayCards({ data }: { data: Dashboard }) {
  const t = data.today;
  return (
    <Card title={`今日数据（北京时间 ${t.day}）`}>
      <Row gutter={[16, 16]}>
        <Col xs={12} xl={6}>
          <Statistic title="今日存款（已通过）" value={yuan(t.deposits.amount)} />
          <Typography.Text type="secondary">{t.deposits.count} 笔</Typography.Text>
        </Col>
        <Col xs={12} xl={6}>
          <Statistic title="今日出款（已通过）" value={yuan(t.withdrawals.amount)} />
          <Typography.Text type="secondary">{t.withdrawals.count} 笔</Typography.Text>
        </Col>
        <Col xs={12} xl={6}>
          <Statistic title="今日新增会员" value={t.new_members} suffix="人" />
        </Col>
        <Col xs={12} xl={6}>
          <Statistic title="在线会员" value={t.online_members} suffix="人" />
          <Typography.Text type="secondary">{ONLINE_WINDOW_MINUTES} 分钟内有访问</Typography.Text>
        </Col>
      </Row>
    </Card>
  );
}

/** Every role's first screen: what waits for review (polled every 5 s, a beep on a new item) and today. */
export default function DashboardScreen() {
  const query = useQuery(dashboardQuery);
  const [sound, setSound] = useSoundSetting();
  useNewItemBeep(query.data, sound);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          仪表盘
        </Typography.Title>
        <Space>
          <SoundOutlined />
          <span>声音提醒</span>
          <Switch checked={sound} onChange={setSound} aria-label="声音提醒" />
          <Tooltip title="浏览器只在页面上点击过一次后才会播放声音">
            <Typography.Text type="secondary">有新的待审核时提示音（需先点击页面一次）</Typography.Text>
          </Tooltip>
        </Space>
      </Flex>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          <PendingCards data={query.data} />
          <TodayCards data={query.data} />
          <SupportFiguresCard />
          {query.isError ? (
            <Typography.Text type="danger">刷新失败，稍后自动重试</Typography.Text>
          ) : (
            <Typography.Text type="secondary">每 5 秒自动刷新</Typography.Text>
          )}
        </>
      )}
    </Space>
  );
}
