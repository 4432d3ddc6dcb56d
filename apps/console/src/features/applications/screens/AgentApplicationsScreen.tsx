import {
  consoleApproveAgent,
  consoleRejectAgent,
  type AgentApplication,
  type ApplicationFilter,
} from '@app/contract/console-applications';
import { REVIEW_STATES } from '@app/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Space, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { callApi, errorMessage } from '@/shared/api';
import { shortTime } from '@/shared/format';
import { QueueCard } from '@/shared/QueueCard';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { ReviewButtons } from '@/shared/ReviewButtons';
import { ReviewedInfo } from '@/shared/ReviewedInfo';
import { useMayCall } from '@/shared/session';
import { AGENT_KEY, agentApplicationsQuery } from '../api';
import { FILTERS, useApplicationQueue, useRejectApplication } from '../components/queue';

function columns(actions: (r: AgentApplication) => ReactNode): TableColumnsType<AgentApplication> {
  return [
    {
      title: '会员',
      key: 'member',
      width: 160,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/members/${r.user_id}`}>{r.username}</Link>
          {r.realname && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.realname}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'mobile', width: 140 },
    {
      title: '申请理由',
      dataIndex: 'reason',
      // The member's own words: rendered as text, never as HTML.
      render: (v: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: 'collapsible' }} style={{ margin: 0 }}>
          {v}
        </Typography.Paragraph>
      ),
    },
    { title: '申请时间', dataIndex: 'created_at', width: 150, render: (v: string) => shortTime(v) },
    { title: '审核', key: 'review', width: 200, render: (_, r) => <ReviewedInfo row={r} /> },
    { title: '操作', key: 'actions', width: 150, render: (_, r) => actions(r) },
  ];
}

/** The agent-application queue: approve (the member becomes an agent) or reject with a reason. */
export default function AgentApplicationsScreen() {
  const { queue, page } = useApplicationQueue();
  const list = useQuery(agentApplicationsQuery(page));
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const mayReview = useMayCall(consoleApproveAgent);
  const rejection = useRejectApplication<AgentApplication>((v) => callApi(consoleRejectAgent, v), AGENT_KEY);
  const rejecting = rejection.rejecting;

  const approve = useMutation({
    mutationFn: (id: number) => callApi(consoleApproveAgent, { id }),
    onSuccess: () => message.success('已通过，该会员已成为代理'),
    onError: (err) => message.error(errorMessage(err)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AGENT_KEY }),
  });
  const busy = approve.isPending || rejection.reject.isPending;

  const actions = (r: AgentApplication) => (
    <ReviewButtons
      show={r.state === REVIEW_STATES.pending && mayReview}
      busy={busy}
      approving={approve.isPending && approve.variables === r.id}
      confirm={{ title: '通过代理申请', description: `通过后会员 ${r.username} 将成为代理，确认通过？` }}
      onApprove={() => approve.mutate(r.id)}
      onReject={() => rejection.start(r)}
    />
  );

  return (
    <QueueCard<AgentApplication, ApplicationFilter>
      title="代理申请"
      filters={FILTERS}
      queue={queue}
      list={list}
      rows={list.data?.items}
      columns={columns(actions)}
      width={1000}
    >
      {rejecting && (
        <ReasonDialog
          {...rejection.dialog}
          title="拒绝代理申请"
          subject={`会员 ${rejecting.username}（${rejecting.mobile}）的代理申请`}
        />
      )}
    </QueueCard>
  );
}
