import {
  AGENT_STATUS_LABELS,
  PLAN_KIND_LABELS,
  PLAN_PERIOD_LABELS,
  type AgentStatus,
} from '@app/contract/agent-plans';
import type { AgentView } from '@app/contract/console-agents';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { errorMessage } from '@/shared/api';
import { plansQuery, useAgentStatus, useAssignPlan } from '../api';

const REASON_MAX = 200;

/** What each change does, as the operator reads it before confirming. */
const STATUS_EFFECTS: Record<AgentStatus, string> = {
  active: '恢复后其邀请链接、邀请码和代理后台恢复正常（上级仍停用或冻结时随上级）。',
  suspended: '停用后其邀请链接和邀请码失效，账单照常生成；其全部下级代理一并停用。',
  frozen: '冻结后邀请链接失效、代理后台关闭、账单不能发放佣金；其全部下级代理一并冻结。',
};
export const STATUS_VERBS: Record<AgentStatus, string> = {
  active: '恢复',
  suspended: '停用',
  frozen: '冻结',
};

/** 分配方案: one of the templates; settled from the start of its current period (or the last statement). */
export function AssignModal({ agent, onClose }: { agent: AgentView; onClose: () => void }) {
  const { message } = App.useApp();
  const plans = useQuery(plansQuery());
  const assign = useAssignPlan();
  const [form] = Form.useForm<{ plan_id: number }>();
  return (
    <Modal
      open
      title={`分配佣金方案：${agent.username}`}
      okText="分配"
      cancelText="取消"
      okButtonProps={{ loading: assign.isPending }}
      cancelButtonProps={{ disabled: assign.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {assign.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorMessage(assign.error)} />
      )}
      {plans.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorMessage(plans.error)} />
      )}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="新方案从当前结算周期开始计算；已有账单的代理从最后一期账单结束时开始，不会重复或遗漏。"
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ plan_id: agent.plan?.id }}
        onFinish={(v) =>
          assign.mutate(
            { id: agent.id, plan_id: v.plan_id },
            {
              onSuccess: (r) => {
                void message.success(r.message);
                onClose();
              },
            },
          )
        }
        disabled={assign.isPending}
      >
        <Form.Item name="plan_id" label="佣金方案" rules={[{ required: true, message: '请选择佣金方案' }]}>
          <Select
            aria-label="佣金方案"
            loading={plans.isPending}
            placeholder="选择方案"
            options={(plans.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.name}（${PLAN_KIND_LABELS[p.kind]} · ${PLAN_PERIOD_LABELS[p.period]}）`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 停用 / 冻结 / 恢复 with a reason (kept in the audit log); the sub-tree follows. */
export function StatusModal({
  agent,
  status,
  onClose,
}: {
  agent: AgentView;
  status: AgentStatus;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const change = useAgentStatus();
  const [form] = Form.useForm<{ reason: string }>();
  const verb = STATUS_VERBS[status];
  return (
    <Modal
      open
      title={`${verb}代理：${agent.username}`}
      okText={`确认${verb}`}
      cancelText="取消"
      okButtonProps={{ loading: change.isPending, danger: status !== 'active' }}
      cancelButtonProps={{ disabled: change.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>
        当前状态：{AGENT_STATUS_LABELS[agent.status]}。{STATUS_EFFECTS[status]}
      </p>
      {change.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorMessage(change.error)} />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          change.mutate(
            { id: agent.id, status, reason: v.reason.trim() },
            {
              onSuccess: (r) => {
                void message.success(r.message);
                onClose();
              },
            },
          )
        }
        disabled={change.isPending}
      >
        <Form.Item
          name="reason"
          label={`${verb}原因`}
          rules={[
            { required: true, whitespace: true, message: '请填写原因' },
            { max: REASON_MAX, message: `原因最多${REASON_MAX}个字` },
          ]}
        >
          <Input.TextArea aria-label={`${verb}原因`} rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
