import {
  ACTIVITY_MEMO_MAX,
  ACTIVITY_SORT_MAX,
  ACTIVITY_TITLE_MAX,
  MSG_ACTIVITY_BANNER,
  MSG_ACTIVITY_CONTENT,
  MSG_ACTIVITY_TITLE,
  MSG_ACTIVITY_TYPE,
  type ActivityRow,
} from '@app/contract/console-promo';
import { FULL_WEIGHTS, weightsOf } from '@app/contract/turnover';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { ImageUpload } from '@/shared/ImageUpload';
import { RichTextEditor } from '@/shared/RichTextEditor';
import type { ActivityValues } from '../api';
import { windowInitial, windowPayload, type WindowValues } from '@/shared/timeWindow';
import { ActivityLimitFields } from './ActivityLimitFields';
import { BonusRuleFields } from './BonusRuleFields';

/** The form's values: the window as the pickers hold it. */
type FormValues = Omit<ActivityValues, 'starts_at' | 'ends_at'> & WindowValues;

/** A new activity's form: a first-deposit bonus the operator adjusts (cap and turnover filled in). */
const NEW_ACTIVITY: Partial<FormValues> = {
  enabled: true,
  sort: 0,
  memo: '',
  bonus_basis: 'first_deposit',
  bonus_percent: '',
  bonus_cap: '',
  bonus_min_deposit: '0',
  bonus_pay_type: '',
  turnover_multiple: 1,
  turnover_basis: 'bonus',
  turnover_weights: { ...FULL_WEIGHTS },
  budget: '',
};

function valuesOf(a: ActivityRow): FormValues {
  return {
    title: a.title,
    type_id: a.type_id ?? Number.NaN,
    banner: a.banner,
    content: a.content,
    memo: a.memo,
    enabled: a.enabled,
    sort: a.sort,
    bonus_basis: a.bonus_basis,
    bonus_percent: a.bonus_percent,
    bonus_cap: a.bonus_cap,
    bonus_min_deposit: a.bonus_min_deposit,
    bonus_pay_type: a.bonus_pay_type as ActivityValues['bonus_pay_type'],
    turnover_multiple: a.turnover_multiple,
    turnover_basis: a.turnover_basis,
    turnover_weights: weightsOf(a.turnover_weights),
    ...windowInitial(a),
    budget: a.budget === '0.00' ? '' : a.budget,
    per_member_limit: a.per_member_limit,
  };
}

interface Props {
  open: boolean;
  activity: ActivityRow | null;
  types: { id: number; name: string }[];
  busy: boolean;
  /** The server's refusal of the last save (a rule worth more than 0 names its figure), or null. */
  error: string | null;
  onSubmit: (v: ActivityValues) => void;
  onClose: () => void;
}

/**
 * Creates (activity null) or edits an activity: text, banner, rich content and the bonus rule. Each
 * opening is a form of its own, so nothing typed into one activity's form shows up in another's.
 */
export function ActivityDrawer(props: Props) {
  return props.open ? <OpenActivityDrawer key={props.activity?.id ?? 'new'} {...props} /> : null;
}

/** The server's refusal of a save, kept in view under the form (a long reason stays readable). */
function Refused({ message }: { message: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={
        <>
          <Typography.Text strong>保存被拒绝：</Typography.Text>
          {message}
        </>
      }
    />
  );
}

function OpenActivityDrawer(props: Props) {
  const [form] = Form.useForm<FormValues>();
  const { activity } = props;
  return (
    <Drawer
      open
      title={activity ? `编辑活动：${activity.title}` : '新建活动'}
      size={760}
      onClose={props.onClose}
      destroyOnHidden
      footer={props.error && <Refused message={props.error} />}
      extra={
        <Space>
          <Button onClick={props.onClose}>取消</Button>
          <Button type="primary" loading={props.busy} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={activity ? valuesOf(activity) : NEW_ACTIVITY}
        onFinish={(v) =>
          props.onSubmit({ ...v, ...windowPayload(v), per_member_limit: v.per_member_limit ?? 0 })
        }
        requiredMark={false}
        scrollToFirstError
      >
        <Space align="start" size="large" wrap>
          <Form.Item
            label="活动标题"
            name="title"
            rules={[{ required: true, whitespace: true, message: MSG_ACTIVITY_TITLE }]}
            style={{ width: 360 }}
          >
            <Input maxLength={ACTIVITY_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item label="活动类型" name="type_id" rules={[{ required: true, message: MSG_ACTIVITY_TYPE }]}>
            <Select
              style={{ width: 160 }}
              aria-label="活动类型"
              placeholder="请选择"
              options={props.types.map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
          <Form.Item label="排序" name="sort" tooltip="数字越小越靠前">
            <InputNumber min={0} max={ACTIVITY_SORT_MAX} precision={0} aria-label="排序" />
          </Form.Item>
          <Form.Item label="上架" name="enabled" valuePropName="checked">
            <Switch checkedChildren="上架" unCheckedChildren="下架" />
          </Form.Item>
        </Space>
        <Form.Item label="横幅图片" name="banner" rules={[{ required: true, message: MSG_ACTIVITY_BANNER }]}>
          <ImageUpload width={320} />
        </Form.Item>
        <Form.Item
          label="活动内容"
          name="content"
          rules={[{ required: true, message: MSG_ACTIVITY_CONTENT }]}
          extra="保存时服务器会清除脚本等不安全内容。"
        >
          <RichTextEditor minHeight={220} placeholder="活动规则、参与方式……" />
        </Form.Item>
        <Form.Item label="活动说明" name="memo">
          <Input.TextArea rows={2} maxLength={ACTIVITY_MEMO_MAX} showCount />
        </Form.Item>
        <ActivityLimitFields />
        <BonusRuleFields />
      </Form>
    </Drawer>
  );
}
