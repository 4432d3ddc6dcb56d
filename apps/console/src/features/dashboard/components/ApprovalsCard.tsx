import { consoleApprovals } from '@app/contract/console-approvals';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useMayCall } from '@/shared/session';
import { pendingApprovalsQuery } from '../api';

/** 待复核变更: how many changes wait for a second operator (roles that may open the queue only). */
export function ApprovalsCard() {
  return useMayCall(consoleApprovals) ? <Figure /> : null;
}

function Figure() {
  const query = useQuery(pendingApprovalsQuery);
  return (
    <Col xs={24} sm={12} xl={6}>
      <Card title="待复核变更" extra={<Link to="/approvals">去处理</Link>} data-testid="queue-approvals">
        <Statistic value={query.data?.pending ?? '—'} suffix={query.data ? '项' : undefined} />
        <Typography.Text type="secondary">须另一位操作员通过后生效</Typography.Text>
      </Card>
    </Col>
  );
}
