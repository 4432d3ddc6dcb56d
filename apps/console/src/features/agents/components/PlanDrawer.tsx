import { PLAN_KIND_LABELS, PLAN_KINDS, PLAN_PERIOD_LABELS, PLAN_PERIODS } from '@app/contract/agent-plans';
import type { PlanView } from '@app/contract/console-agents';
import { Alert, App, Button, Col, Divider, Drawer, Form, Input, Radio, Row, Space } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { useSavePlan } from '../api';
import { bodyOfForm, formOfPlan, type PlanForm } from '../rules';
import { CostFields, MultipleField, TierFields, TurnoverFields } from './PlanFields';

/** The name, period and kind. */
function BasicFields() {
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label="方案名称">
            <Input aria-label="方案名称" maxLength={30} showCount />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="period" label="结算周期">
            <Radio.Group
              optionType="button"
              options={PLAN_PERIODS.map((p) => ({ value: p, label: PLAN_PERIOD_LABELS[p] }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="kind" label="方案类型">
        <Radio.Group
          optionType="button"
          options={PLAN_KINDS.map((k) => ({ value: k, label: PLAN_KIND_LABELS[k] }))}
        />
      </Form.Item>
    </>
  );
}

/** What makes a member active (a net-loss plan's tiers count them). */
function ActiveFields() {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="active_min_deposit" label="活跃会员：本期存款不少于（元）">
          <Input aria-label="活跃会员最低存款" prefix="¥" inputMode="decimal" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="active_min_valid" label="活跃会员：本期有效投注不少于（元）">
          <Input aria-label="活跃会员最低有效投注" prefix="¥" inputMode="decimal" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * 新建方案 / 编辑方案: the template's fields (rates typed in %, sent in basis points). The form is
 * checked by the contract before it is sent; its message, or the server's refusal, shows on top.
 */
export function PlanDrawer({ plan, onClose }: { plan: PlanView | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PlanForm>();
  const kind = Form.useWatch('kind', form);
  const save = useSavePlan();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (values: PlanForm) => {
    const checked = bodyOfForm(values, plan?.id);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    save.mutate(checked.body, {
      onSuccess: (r) => {
        void message.success(r.message);
        onClose();
      },
    });
  };
  const shown = problem ?? (save.isError ? errorMessage(save.error) : null);
  return (
    <Drawer
      open
      size={920}
      title={plan ? `编辑方案：${plan.name}` : '新建佣金方案'}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose} disabled={save.isPending}>
            取消
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {shown && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={shown} />}
      {plan && plan.agents > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${plan.agents} 位代理正在使用此方案：修改从下一期账单起生效，已生成的账单不变。`}
        />
      )}
      <Form<PlanForm>
        form={form}
        layout="vertical"
        aria-label="佣金方案"
        initialValues={formOfPlan(plan ?? undefined)}
        // Every value, those of the other kind’s hidden fields too (onFinish hands only the shown ones).
        onFinish={() => submit(form.getFieldsValue(true))}
        onValuesChange={() => setProblem(null)}
        disabled={save.isPending}
      >
        <BasicFields />
        {kind === 'turnover' ? (
          <>
            <Divider titlePlacement="start">各类游戏返佣比例（按下线有效投注）</Divider>
            <TurnoverFields />
          </>
        ) : (
          <>
            <Divider titlePlacement="start">档位（负盈利和活跃人数同时达到，取最高档）</Divider>
            <ActiveFields />
            <TierFields />
            <Divider titlePlacement="start">成本</Divider>
            <CostFields />
          </>
        )}
        <Divider />
        <MultipleField />
      </Form>
    </Drawer>
  );
}
