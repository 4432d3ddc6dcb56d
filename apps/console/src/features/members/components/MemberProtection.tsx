import {
  consoleLiftExclusion,
  consoleMemberProtection,
  consoleTightenLimit,
  EXCLUSION_MIN_MONTHS,
  LIMIT_ACTION_LABELS,
  type MemberProtection as Protection,
} from '@app/contract/console-protection';
import {
  LIMIT_KIND_LABELS,
  LIMIT_KINDS,
  LIMIT_PERIOD_LABELS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
} from '@app/contract/protection';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Result, Select, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { callApi, errorMessage } from '@/shared/api';
import { useMayCall } from '@/shared/session';
import { MEMBER_KEY } from '../api';
import { useMemberAction } from './useMemberAction';

type Limit = Protection['limits'][number];
type Break = Protection['breaks'][number];
const limitLabel = (kind: LimitKind, period: LimitPeriod) =>
  `${LIMIT_PERIOD_LABELS[period]}${LIMIT_KIND_LABELS[kind]}`;

/** Sets a tighter limit for the member (the server refuses anything looser). */
function TightenForm({ memberId }: { memberId: number }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ kind: LimitKind; period: LimitPeriod; amount: string }>();
  const tighten = useMemberAction(consoleTightenLimit, () => {
    message.success('限额已收紧，已通知会员');
    form.resetFields(['amount']);
  });
  return (
    <Form
      form={form}
      layout="inline"
      aria-label="收紧限额"
      initialValues={{ kind: 'deposit', period: 'day' }}
      onFinish={(v) =>
        tighten.mutate({ id: memberId, ...v }, { onError: (e) => message.error(errorMessage(e)) })
      }
    >
      <Form.Item name="kind" label="类型">
        <Select
          style={{ width: 120 }}
          options={LIMIT_KINDS.map((k) => ({ value: k, label: LIMIT_KIND_LABELS[k] }))}
        />
      </Form.Item>
      <Form.Item name="period" label="周期">
        <Select
          style={{ width: 110 }}
          options={LIMIT_PERIODS.map((p) => ({ value: p, label: LIMIT_PERIOD_LABELS[p] }))}
        />
      </Form.Item>
      <Form.Item name="amount" label="金额" rules={[{ required: true, message: '请输入有效的限额金额' }]}>
        <Input style={{ width: 140 }} inputMode="decimal" suffix="元" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={tighten.isPending}>
        收紧限额
      </Button>
    </Form>
  );
}

/** 超级管理员: lifts an exclusion past its minimum, with a reason. */
function LiftButton({ memberId, item }: { memberId: number; item: Break }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const lift = useMemberAction(consoleLiftExclusion, () => {
    message.success('已解除自我排除');
    setOpen(false);
  });
  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)}>
        解除
      </Button>
      <Modal
        title="解除自我排除"
        open={open}
        okText="确认解除"
        okButtonProps={{ danger: true, loading: lift.isPending, disabled: reason.trim() === '' }}
        onCancel={() => setOpen(false)}
        onOk={() =>
          lift.mutate(
            { id: memberId, break_id: item.id, reason },
            { onError: (e) => message.error(errorMessage(e)) },
          )
        }
      >
        <p>自 {item.started_at} 起的自我排除将立即解除，会员可重新存款和游戏。此操作记入审计日志。</p>
        <Input.TextArea
          aria-label="解除原因"
          placeholder="请输入解除原因"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}

/** Time-outs and exclusions; a 超级管理员 may lift an exclusion past its minimum. */
function BreaksCard({ memberId, breaks, mayLift }: { memberId: number; breaks: Break[]; mayLift: boolean }) {
  return (
    <Card size="small" title="暂停与自我排除" role="region" aria-label="暂停与自我排除">
      <Table<Break>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={breaks}
        locale={{ emptyText: '无' }}
        columns={[
          { title: '类型', key: 'kind', render: (_, b) => (b.kind === 'timeout' ? '暂停' : '自我排除') },
          { title: '开始', dataIndex: 'started_at' },
          { title: '结束', key: 'ends', render: (_, b) => b.ends_at ?? '永久' },
          {
            title: '状态',
            key: 'state',
            render: (_, b) =>
              b.lifted_at ? (
                <span>
                  {b.lifted_by} 于 {b.lifted_at} 解除：{b.lift_reason}
                </span>
              ) : b.active ? (
                <Tag color="red">生效中</Tag>
              ) : (
                <Tag>已结束</Tag>
              ),
          },
          {
            title: '操作',
            key: 'action',
            render: (_, b) =>
              mayLift && b.liftable ? (
                <LiftButton memberId={memberId} item={b} />
              ) : mayLift && b.active && b.kind === 'exclusion' ? (
                <span>满{EXCLUSION_MIN_MONTHS}个月后可解除</span>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

/** Every change of the member's limits, and who made it. */
function HistoryCard({ history }: { history: Protection['history'] }) {
  return (
    <Card size="small" title="限额变更记录" role="region" aria-label="限额变更记录">
      <Table
        size="small"
        rowKey={(h) => `${h.created_at}-${h.kind}-${h.period}-${h.action}`}
        dataSource={history}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: '无' }}
        columns={[
          { title: '时间', dataIndex: 'created_at' },
          {
            title: '限额',
            key: 'label',
            render: (_, h) => (h.kind === 'session' ? '单次登录时长' : limitLabel(h.kind, h.period)),
          },
          { title: '变更', key: 'action', render: (_, h) => LIMIT_ACTION_LABELS[h.action] ?? h.action },
          { title: '金额', key: 'amount', render: (_, h) => h.amount ?? '—' },
          {
            title: '操作人',
            key: 'actor',
            render: (_, h) => (h.actor === 'member' ? '会员本人' : h.actor),
          },
        ]}
      />
    </Card>
  );
}

/** The member page's 责任博彩 tab: limits in force, their history, time-outs and exclusions. */
export function MemberProtection({ memberId }: { memberId: number }) {
  const state = useQuery({
    queryKey: [...MEMBER_KEY, 'protection', memberId],
    queryFn: () => callApi(consoleMemberProtection, { id: memberId }),
  });
  const mayTighten = useMayCall(consoleTightenLimit);
  const mayLift = useMayCall(consoleLiftExclusion);
  if (state.isPending) return <Skeleton active />;
  if (state.isError) return <Result status="error" title={errorMessage(state.error)} />;
  const { limits, history, breaks, session_limit: session } = state.data;
  const minutes = (m: number) => (m === 0 ? '不限' : `${m}分钟`);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        title="限额"
        role="region"
        aria-label="限额"
        extra={mayTighten ? null : <span>只读</span>}
      >
        <Table<Limit>
          size="small"
          rowKey={(l) => `${l.kind}-${l.period}`}
          pagination={false}
          dataSource={limits}
          locale={{ emptyText: '会员未设置限额' }}
          columns={[
            { title: '限额', key: 'label', render: (_, l) => limitLabel(l.kind, l.period) },
            { title: '金额', dataIndex: 'amount' },
            { title: '本周期已用', dataIndex: 'used' },
            { title: '剩余', dataIndex: 'remaining' },
            { title: '周期重置', dataIndex: 'resets_at' },
            {
              title: '待生效变更',
              key: 'pending',
              render: (_, l) =>
                l.pending
                  ? `${l.pending.amount === null ? '取消' : `调高至 ${l.pending.amount}`}（${l.pending.confirm_from} 后会员确认）`
                  : '—',
            },
          ]}
        />
        <p style={{ margin: '12px 0 0' }}>
          单次登录时长：{minutes(session.minutes)}
          {session.pending_minutes !== null && `（待会员确认：${minutes(session.pending_minutes)}）`}
        </p>
        {mayTighten && (
          <div style={{ marginTop: 12 }}>
            <TightenForm memberId={memberId} />
          </div>
        )}
      </Card>
      <BreaksCard memberId={memberId} breaks={breaks} mayLift={mayLift} />
      <HistoryCard history={history} />
    </Space>
  );
}
