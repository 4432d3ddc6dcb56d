/* 活动时间、预算和每人限领次数 of the activity form: all optional (empty: no bound, no budget, no
 * limit beyond one per period). */
import {
  ACTIVITY_MEMBER_LIMIT_MAX,
  MSG_ACTIVITY_BUDGET,
  MSG_ACTIVITY_MEMBER_LIMIT,
} from '@app/contract/activity-limits';
import { Form, Input, InputNumber, Space } from 'antd';
import { WindowFields } from '@/shared/WindowFields';
import { hundredths } from './ruleForm';

/** '' (no budget) or yuan with at most two decimals, up to 100 million. */
export function budgetOk(value: unknown): boolean {
  const text = String(value ?? '').trim();
  if (text === '') return true;
  const cents = hundredths(text);
  return cents !== null && cents <= 10_000_000_000;
}

const budgetRule = {
  validator: (_: unknown, value: unknown) =>
    budgetOk(value) ? Promise.resolve() : Promise.reject(new Error(MSG_ACTIVITY_BUDGET)),
};

export function ActivityLimitFields() {
  return (
    <>
      <WindowFields what="开放" />
      <Space size="middle" wrap>
        <Form.Item
          label="预算（元）"
          name="budget"
          extra="彩金发放总额上限；留空或 0：不限。"
          rules={[budgetRule]}
        >
          <Input style={{ width: 180 }} aria-label="预算" placeholder="不限" />
        </Form.Item>
        <Form.Item
          label="每人限领次数"
          name="per_member_limit"
          extra="留空或 0：不限（仍为每期一次）。"
          rules={[
            {
              type: 'integer',
              min: 0,
              max: ACTIVITY_MEMBER_LIMIT_MAX,
              message: MSG_ACTIVITY_MEMBER_LIMIT,
            },
          ]}
        >
          <InputNumber
            min={0}
            precision={0}
            style={{ width: 160 }}
            aria-label="每人限领次数"
            placeholder="不限"
          />
        </Form.Item>
      </Space>
    </>
  );
}
