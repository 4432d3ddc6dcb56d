import { DEPOSIT_METHODS, DepositFilters, depositMethodLabel } from '@app/contract/console-money';
import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { DepositFilterValues } from '../filters';

interface Values {
  username?: string;
  realname?: string;
  order_no?: string;
  method?: string;
  min_amount?: string;
  max_amount?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const METHOD_OPTIONS = DEPOSIT_METHODS.map((m) => ({
  value: m,
  label: m === 'usdt' ? 'USDT' : depositMethodLabel(m, ''),
}));
const DAY = 'YYYY-MM-DD';
const EMPTY: Values = {
  username: undefined,
  realname: undefined,
  order_no: undefined,
  method: undefined,
  min_amount: undefined,
  max_amount: undefined,
  range: null,
};

function toFilters(v: Values): DepositFilterValues {
  const text = (s: string | undefined) => s?.trim() || undefined;
  return {
    username: text(v.username),
    realname: text(v.realname),
    order_no: text(v.order_no),
    method: v.method || undefined,
    min_amount: text(v.min_amount),
    max_amount: text(v.max_amount),
    from: v.range?.[0]?.format(DAY),
    to: v.range?.[1]?.format(DAY),
  };
}

function toValues(f: DepositFilterValues): Values {
  const day = (s: string | undefined) => (s && dayjs(s, DAY).isValid() ? dayjs(s, DAY) : null);
  const { from, to, ...rest } = f;
  return { ...rest, range: from || to ? [day(from), day(to)] : null };
}

/**
 * The deposit queue's filters: member name and real name (prefix), order number (prefix), method,
 * amount range (yuan) and Beijing days. Checked with the contract's rules before the queue asks.
 */
export function DepositFilterForm(props: {
  filters: DepositFilterValues;
  onSearch: (f: DepositFilterValues) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState('');
  const search = (f: DepositFilterValues) => {
    const checked = DepositFilters.safeParse(f);
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
      aria-label="筛选存款"
    >
      {field('username', '会员名', 130, '前缀')}
      {field('realname', '真实姓名', 110, '前缀')}
      {field('order_no', '订单号', 190, '前缀')}
      <Form.Item name="method" label="方式">
        <Select
          placeholder="全部"
          allowClear
          options={METHOD_OPTIONS}
          style={{ width: 130 }}
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
