import { WITHDRAWAL_KIND_LABELS } from '@app/contract/console-money';
import { WITHDRAWAL_KINDS, WithdrawalFilters } from '@app/contract/withdrawal-review';
import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { WithdrawalFilterValues } from '../filters';

interface Values {
  username?: string;
  realname?: string;
  order_no?: string;
  kind?: string;
  min_amount?: string;
  max_amount?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const KIND_OPTIONS = WITHDRAWAL_KINDS.map((k) => ({ value: k, label: WITHDRAWAL_KIND_LABELS[k] ?? k }));
const DAY = 'YYYY-MM-DD';
const EMPTY: Values = {
  username: undefined,
  realname: undefined,
  order_no: undefined,
  kind: undefined,
  min_amount: undefined,
  max_amount: undefined,
  range: null,
};

function toFilters(v: Values): WithdrawalFilterValues {
  const text = (s: string | undefined) => s?.trim() || undefined;
  return {
    username: text(v.username),
    realname: text(v.realname),
    order_no: text(v.order_no),
    kind: v.kind || undefined,
    min_amount: text(v.min_amount),
    max_amount: text(v.max_amount),
    from: v.range?.[0]?.format(DAY),
    to: v.range?.[1]?.format(DAY),
  };
}

function toValues(f: WithdrawalFilterValues): Values {
  const day = (s: string | undefined) => (s && dayjs(s, DAY).isValid() ? dayjs(s, DAY) : null);
  const { from, to, ...rest } = f;
  return { ...rest, range: from || to ? [day(from), day(to)] : null };
}

/**
 * The withdrawal queue's filters: member name and real name (from their start), order number (from
 * its start), method, amount range (yuan) and Beijing days of submission. Checked with the contract's
 * rules before the queue asks (the server checks them again).
 */
export function WithdrawalFilterForm(props: {
  filters: WithdrawalFilterValues;
  onSearch: (f: WithdrawalFilterValues) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState('');
  const search = (f: WithdrawalFilterValues) => {
    const checked = WithdrawalFilters.safeParse(f);
    setProblem(checked.success ? '' : (checked.error.issues[0]?.message ?? ''));
    if (checked.success) props.onSearch(f);
  };
  const field = (name: keyof Values, label: string, width: number, placeholder?: string) => (
    <Form.Item name={name} label={label}>
      <Input allowClear aria-label={label} placeholder={placeholder} style={{ width }} maxLength={40} />
    </Form.Item>
  );
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={toValues(props.filters)}
      onFinish={(v) => search(toFilters(v))}
      style={{ rowGap: 12 }}
      aria-label="筛选提现"
    >
      {field('username', '会员名', 130, '开头几位')}
      {field('realname', '真实姓名', 110, '开头几位')}
      {field('order_no', '订单号', 190, '开头几位')}
      <Form.Item name="kind" label="方式">
        <Select
          placeholder="全部"
          allowClear
          options={KIND_OPTIONS}
          style={{ width: 110 }}
          aria-label="方式"
        />
      </Form.Item>
      <Form.Item label="金额（元）">
        <Space.Compact>
          <Form.Item name="min_amount" noStyle>
            <Input allowClear aria-label="最低金额" placeholder="最低" style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="max_amount" noStyle>
            <Input allowClear aria-label="最高金额" placeholder="最高" style={{ width: 100 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="range" label="提交日期（北京时间）">
        <DatePicker.RangePicker format={DAY} allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(EMPTY);
              search({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ alignSelf: 'center' }}>
          {problem}
        </Typography.Text>
      )}
    </Form>
  );
}
