import { Card, DatePicker, Flex, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import type { QueueFilterValues } from './queueFilters';
import { SearchButtons } from './SearchButtons';

interface Values {
  username?: string;
  realname?: string;
  order_no?: string;
  /** The queue's method filter, whatever the address calls it. */
  method?: string;
  min_amount?: string;
  max_amount?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The contract's rules of the queue's filters: the first problem is shown, the server checks again. */
export interface FilterRules {
  safeParse(v: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

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

function toFilters<M extends string>(v: Values, method: M): QueueFilterValues<M> {
  const text = (s: string | undefined) => s?.trim() || undefined;
  // Spelled out, then the method under the queue's own name (TypeScript cannot check a generic key).
  const filters = {
    username: text(v.username),
    realname: text(v.realname),
    order_no: text(v.order_no),
    min_amount: text(v.min_amount),
    max_amount: text(v.max_amount),
    from: v.range?.[0]?.format(DAY),
    to: v.range?.[1]?.format(DAY),
  } as QueueFilterValues<M>;
  filters[method] = v.method || undefined;
  return filters;
}

function toValues<M extends string>(f: QueueFilterValues<M>, method: M): Values {
  const day = (s: string | undefined) => (s && dayjs(s, DAY).isValid() ? dayjs(s, DAY) : null);
  const { from, to } = f;
  return {
    username: f.username,
    realname: f.realname,
    order_no: f.order_no,
    method: f[method],
    min_amount: f.min_amount,
    max_amount: f.max_amount,
    range: from || to ? [day(from), day(to)] : null,
  };
}

interface Props<M extends string> {
  /** The form's accessible name (筛选存款, 筛选提现). */
  name: string;
  /** The address's name of the method filter. */
  method: M;
  methodOptions: { value: string; label: string }[];
  rules: FilterRules;
  filters: QueueFilterValues<M>;
  onSearch: (f: QueueFilterValues<M>) => void;
  children?: ReactNode;
}

/**
 * A money queue's filters: member name and real name (from their start), order number (from its
 * start), method, amount range (yuan) and Beijing days of submission. Checked with the contract's
 * rules before the queue asks (the server checks them again). In a card, with `children` under it.
 */
export function QueueFilterForm<M extends string>({ children, ...props }: Props<M>) {
  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <FilterForm {...props} />
        {children}
      </Flex>
    </Card>
  );
}

function FilterForm<M extends string>(props: Omit<Props<M>, 'children'>) {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState('');
  const search = (f: QueueFilterValues<M>) => {
    const checked = props.rules.safeParse(f);
    setProblem(checked.success ? '' : (checked.error?.issues[0]?.message ?? ''));
    if (checked.success) props.onSearch(f);
  };
  const field = (name: keyof Values, label: string, width: number) => (
    <Form.Item name={name} label={label}>
      <Input allowClear aria-label={label} placeholder="开头几位" style={{ width }} maxLength={40} />
    </Form.Item>
  );
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={toValues(props.filters, props.method)}
      onFinish={(v) => search(toFilters(v, props.method))}
      style={{ rowGap: 12 }}
      aria-label={props.name}
    >
      {field('username', '会员名', 130)}
      {field('realname', '真实姓名', 110)}
      {field('order_no', '订单号', 190)}
      <Form.Item name="method" label="方式">
        <Select
          placeholder="全部"
          allowClear
          options={props.methodOptions}
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
      <SearchButtons
        onReset={() => {
          form.setFieldsValue(EMPTY);
          search({});
        }}
      />
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ alignSelf: 'center' }}>
          {problem}
        </Typography.Text>
      )}
    </Form>
  );
}
