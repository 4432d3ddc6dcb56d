import {
  consoleSaveControls,
  CONTROL_HOLD_HOURS_MAX,
  type ControlsView,
} from '@app/contract/console-approvals';
import { Alert, Button, Form, Input, InputNumber, Space } from 'antd';
import { errorMessage } from '@/shared/api';
import { useSaveControls } from '../api';

interface Values {
  adjust_review_above: string;
  bonus_cap_review_above: string;
  daily_adjust: string;
  daily_approve: string;
  withdrawal_hold_hours: number | null;
}

const FIELDS = consoleSaveControls.request.shape;

/**
 * A field checked by the contract's own rule (its message shown as the server would say it); an empty
 * field is checked as `empty` (an amount as '', the hours as nothing: never coerced to 0).
 */
const contractRule = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  empty: unknown = '',
) => ({
  validator: (_r: unknown, v: unknown) => {
    const r = schema.safeParse(v === null || v === undefined || v === '' ? empty : v);
    if (r.success) return Promise.resolve();
    const issue = (r.error as { issues?: { message: string }[] } | undefined)?.issues?.[0];
    return Promise.reject(new Error(issue?.message ?? '输入无效'));
  },
});

/** The four amounts (yuan) and the hold (hours): 提交复核 sends them to 待复核; the reply says so. */
export function ControlsForm({
  value,
  onSubmitted,
  onCancel,
}: {
  value: ControlsView;
  onSubmitted: (message: string) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveControls();
  const submit = (v: Values) =>
    save.mutate(
      {
        adjust_review_above: v.adjust_review_above.trim(),
        bonus_cap_review_above: v.bonus_cap_review_above.trim(),
        daily_adjust: v.daily_adjust.trim(),
        daily_approve: v.daily_approve.trim(),
        withdrawal_hold_hours: v.withdrawal_hold_hours ?? Number.NaN,
      },
      { onSuccess: (r) => onSubmitted(r.message) },
    );
  const amount = (name: keyof typeof FIELDS, label: string, extra: string) => (
    <Form.Item label={label} name={name} extra={extra} rules={[contractRule(FIELDS[name])]} required>
      <Input inputMode="decimal" maxLength={16} style={{ width: 220 }} />
    </Form.Item>
  );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={value}
      onFinish={submit}
      disabled={save.isPending}
    >
      {save.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorMessage(save.error)} />
      )}
      {amount(
        'adjust_review_above',
        '调整余额需复核的金额（元）',
        '高于此金额的调整须另一位财务复核；不计打码量的加款一律复核',
      )}
      {amount(
        'bonus_cap_review_above',
        '活动奖金封顶需复核的金额（元）',
        '新建或修改活动时，封顶高于此金额须财务复核',
      )}
      {amount('daily_adjust', '每人每日调整余额上限（元）', '每位操作员每天调整余额的合计')}
      {amount(
        'daily_approve',
        '每人每日审核通过上限（元）',
        '每位操作员每天审核通过的存款、提款、活动奖金及复核通过的调整合计',
      )}
      <Form.Item
        label="重置密码或换卡后提款暂缓（小时）"
        name="withdrawal_hold_hours"
        extra={`0到${CONTROL_HOLD_HOURS_MAX}小时的整数`}
        rules={[contractRule(FIELDS.withdrawal_hold_hours, Number.NaN)]}
        required
      >
        <InputNumber min={0} max={CONTROL_HOLD_HOURS_MAX} precision={0} style={{ width: 220 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          提交复核
        </Button>
        <Button onClick={onCancel} disabled={save.isPending}>
          取消
        </Button>
      </Space>
    </Form>
  );
}
