import {
  consoleApproveActivity,
  consoleRejectActivity,
  type ActivityApplication,
  type ApplicationFilter,
} from '@app/contract/console-applications';
import { REVIEW_STATES } from '@app/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Space, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { callApi, errorMessage } from '@/shared/api';
import { shortTime, yuan } from '@/shared/format';
import { Parts } from '@/shared/Parts';
import { QueueCard } from '@/shared/QueueCard';
import { ReasonDialog } from '@/shared/ReasonDialog';
import { ReviewButtons } from '@/shared/ReviewButtons';
import { ReviewedInfo } from '@/shared/ReviewedInfo';
import { useMayCall } from '@/shared/session';
import { ACTIVITY_KEY, activityApplicationsQuery } from '../api';
import { ApproveActivityModal } from '../components/ApproveActivityModal';
import { FILTERS, useApplicationQueue, useRejectApplication } from '../components/queue';
import { ruleConditions, ruleSummary, weekendText } from '../components/rule';

const small = { fontSize: 12 };

function bonusCell(r: ActivityApplication) {
  if (r.bonus) {
    return (
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>已发 {yuan(r.bonus)}</Typography.Text>
        <Typography.Text type="secondary" style={small}>
          流水 +{yuan(r.turnover)}
        </Typography.Text>
      </Space>
    );
  }
  if (r.suggested_bonus) {
    return (
      <Space orientation="vertical" size={0}>
        <Typography.Text>{yuan(r.suggested_bonus)}</Typography.Text>
        <Typography.Text type="secondary" style={small}>
          流水 +{yuan(r.suggested_turnover)}
        </Typography.Text>
      </Space>
    );
  }
  if (r.refusal) return <Typography.Text type="warning">不能发放（见下）</Typography.Text>;
  return <Typography.Text type="secondary">人工核定</Typography.Text>;
}

/** The deposit the rule counts, or a relief's weekend net loss. */
function baseCell(r: ActivityApplication) {
  if (r.loss) {
    return (
      <Space orientation="vertical" size={0}>
        <Typography.Text>净亏损 {yuan(r.loss.amount)}</Typography.Text>
        <Typography.Text type="secondary" style={small}>
          周末 {weekendText(r.loss.weekend)}
        </Typography.Text>
      </Space>
    );
  }
  if (!r.deposit) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{yuan(r.deposit.amount)}</Typography.Text>
      <Typography.Text type="secondary" style={small}>
        {shortTime(r.deposit.at)}
      </Typography.Text>
    </Space>
  );
}

/** How the rule computes the bonus, what it asks of the deposit and the turnover, what counts toward it. */
function ruleCell(r: ActivityApplication) {
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{ruleSummary(r.rule)}</Typography.Text>
      {r.rule.basis !== 'none' && (
        <>
          <Typography.Text type="secondary" style={small}>
            <Parts parts={ruleConditions(r.rule)} />
          </Typography.Text>
          <Typography.Text type="secondary" style={small}>
            流水计入：{r.rule.weights}
          </Typography.Text>
        </>
      )}
    </Space>
  );
}

/** Why a pending application cannot be paid, across the whole row under it. */
function RefusalRow({ r }: { r: ActivityApplication }) {
  return (
    <Alert
      type="warning"
      showIcon
      banner
      title={
        <>
          <Typography.Text strong>不能通过：</Typography.Text>
          {r.refusal}
        </>
      }
    />
  );
}

function columns(actions: (r: ActivityApplication) => ReactNode): TableColumnsType<ActivityApplication> {
  return [
    {
      title: '会员',
      key: 'member',
      width: 110,
      render: (_, r) => <Link to={`/members/${r.user_id}`}>{r.username}</Link>,
    },
    { title: '活动', dataIndex: 'activity_title', width: 120 },
    { title: '申请时间', dataIndex: 'created_at', width: 130, render: (v: string) => shortTime(v) },
    { title: '存款 / 周末亏损', key: 'deposit', width: 120, render: (_, r) => baseCell(r) },
    { title: '活动规则', key: 'rule', width: 250, render: (_, r) => ruleCell(r) },
    { title: '建议彩金 / 流水', key: 'bonus', width: 140, render: (_, r) => bonusCell(r) },
    { title: '审核', key: 'review', width: 150, render: (_, r) => <ReviewedInfo row={r} /> },
    { title: '操作', key: 'actions', width: 120, fixed: 'right', render: (_, r) => actions(r) },
  ];
}

/** The activity-application queue: the rule's bonus suggested, approved with an amount or rejected. */
export default function ActivityApplicationsScreen() {
  const { queue, page } = useApplicationQueue();
  const list = useQuery(activityApplicationsQuery(page));
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const mayReview = useMayCall(consoleApproveActivity);
  const [approving, setApproving] = useState<ActivityApplication | null>(null);
  const rejection = useRejectApplication<ActivityApplication>(
    (v) => callApi(consoleRejectActivity, v),
    ACTIVITY_KEY,
  );
  const rejecting = rejection.rejecting;

  const approve = useMutation({
    mutationFn: (v: { id: number; amount: string }) => callApi(consoleApproveActivity, v),
    onSuccess: (r) => {
      message.success(`已通过，彩金 ${yuan(r.bonus)} 已发放`);
      setApproving(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY }),
  });
  const busy = approve.isPending || rejection.reject.isPending;

  const actions = (r: ActivityApplication) => (
    <ReviewButtons
      show={r.state === REVIEW_STATES.pending && mayReview}
      busy={busy}
      onApprove={() => {
        approve.reset();
        setApproving(r);
      }}
      onReject={() => rejection.start(r)}
    />
  );

  return (
    <QueueCard<ActivityApplication, ApplicationFilter>
      title="活动申请"
      filters={FILTERS}
      queue={queue}
      list={list}
      rows={list.data?.items}
      columns={columns(actions)}
      width={1140}
      expandable={{
        expandedRowRender: (r) => <RefusalRow r={r} />,
        rowExpandable: (r) => !!r.refusal,
        expandedRowKeys: (list.data?.items ?? []).filter((r) => r.refusal).map((r) => r.id),
        showExpandColumn: false,
      }}
    >
      {approving && (
        <ApproveActivityModal
          row={approving}
          pending={approve.isPending}
          error={approve.error ? errorMessage(approve.error) : null}
          onCancel={() => setApproving(null)}
          onSubmit={(amount) => approve.mutate({ id: approving.id, amount })}
        />
      )}
      {rejecting && (
        <ReasonDialog
          {...rejection.dialog}
          title="拒绝活动申请"
          subject={`会员 ${rejecting.username} 申请「${rejecting.activity_title}」`}
        />
      )}
    </QueueCard>
  );
}
