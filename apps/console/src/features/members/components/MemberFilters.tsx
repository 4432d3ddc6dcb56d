import { consoleMembers } from '@app/contract/console-members';
import { Alert, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchButtons } from '@/shared/SearchButtons';
import { tagsQuery, type MemberSearch } from '../api';

/** The filters the address may carry (names of consoleMembers' request). */
export const FILTER_KEYS = [
  'realname',
  'tag',
  'vip',
  'agent',
  'referrer',
  'reg_from',
  'reg_to',
  'login_from',
  'login_to',
  'balance_min',
  'balance_max',
  'deposit_min',
  'deposit_max',
] as const;

type Range = [Dayjs | null, Dayjs | null] | null;
interface Values {
  realname?: string;
  tag?: number;
  vip?: number | null;
  agent?: string;
  referrer?: string;
  reg?: Range;
  login?: Range;
  balance_min?: string;
  balance_max?: string;
  deposit_min?: string;
  deposit_max?: string;
}

const DAY = 'YYYY-MM-DD';
const day = (s: string | undefined) => (s && dayjs(s, DAY).isValid() ? dayjs(s, DAY) : null);
const range = (from?: string, to?: string): Range => (from || to ? [day(from), day(to)] : null);

function toValues(f: MemberSearch): Values {
  return {
    realname: f.realname,
    tag: f.tag ? Number(f.tag) : undefined,
    vip: f.vip ? Number(f.vip) : null,
    agent: f.agent,
    referrer: f.referrer,
    reg: range(f.reg_from, f.reg_to),
    login: range(f.login_from, f.login_to),
    balance_min: f.balance_min,
    balance_max: f.balance_max,
    deposit_min: f.deposit_min,
    deposit_max: f.deposit_max,
  };
}

function toSearch(v: Values): MemberSearch {
  const all: Record<string, string | undefined> = {
    realname: v.realname?.trim(),
    tag: v.tag === undefined ? undefined : String(v.tag),
    vip: v.vip === null || v.vip === undefined ? undefined : String(v.vip),
    agent: v.agent,
    referrer: v.referrer?.trim(),
    reg_from: v.reg?.[0]?.format(DAY),
    reg_to: v.reg?.[1]?.format(DAY),
    login_from: v.login?.[0]?.format(DAY),
    login_to: v.login?.[1]?.format(DAY),
    balance_min: v.balance_min?.trim(),
    balance_max: v.balance_max?.trim(),
    deposit_min: v.deposit_min?.trim(),
    deposit_max: v.deposit_max?.trim(),
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => !!e[1]));
}

const amount = (name: keyof Values, label: string) => (
  <Form.Item name={name} label={label}>
    <Input allowClear aria-label={label} placeholder="元" style={{ width: 110 }} maxLength={13} />
  </Form.Item>
);

/** The filter fields (the tag list is read when the filters open). */
function FilterFields() {
  const tags = useQuery(tagsQuery());
  return (
    <>
      <Form.Item name="realname" label="真实姓名">
        <Input
          allowClear
          aria-label="真实姓名"
          placeholder="开头几个字"
          style={{ width: 130 }}
          maxLength={32}
        />
      </Form.Item>
      <Form.Item name="tag" label="标签">
        <Select
          aria-label="标签"
          allowClear
          placeholder="全部"
          style={{ width: 140 }}
          loading={tags.isLoading}
          options={(tags.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </Form.Item>
      <Form.Item name="vip" label="VIP">
        <InputNumber aria-label="VIP等级" min={0} max={99} precision={0} style={{ width: 80 }} />
      </Form.Item>
      <Form.Item name="agent" label="代理">
        <Select
          aria-label="代理"
          allowClear
          placeholder="全部"
          style={{ width: 110 }}
          options={[
            { value: 'agent', label: '代理' },
            { value: 'member', label: '非代理' },
          ]}
        />
      </Form.Item>
      <Form.Item name="referrer" label="推荐人">
        <Input
          allowClear
          aria-label="推荐人"
          placeholder="会员名或ID"
          style={{ width: 130 }}
          maxLength={32}
        />
      </Form.Item>
      <Form.Item name="reg" label="注册日期">
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="login" label="最后登录">
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      {amount('balance_min', '最低余额')}
      {amount('balance_max', '最高余额')}
      {amount('deposit_min', '最低累计存款')}
      {amount('deposit_max', '最高累计存款')}
    </>
  );
}

/**
 * 更多筛选: real name, tag, VIP, agent, referrer, registration and last sign-in days, central balance
 * and total deposits (yuan). Checked with the contract's rules first (the server checks again).
 */
export function MemberFilters({
  filters,
  onSearch,
}: {
  filters: MemberSearch;
  onSearch: (f: MemberSearch) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState('');
  const search = (f: MemberSearch) => {
    const checked = consoleMembers.request.safeParse(f);
    setProblem(checked.success ? '' : (checked.error.issues[0]?.message ?? ''));
    if (checked.success) onSearch(f);
  };
  return (
    <Form<Values>
      form={form}
      layout="inline"
      aria-label="更多筛选"
      initialValues={toValues(filters)}
      onFinish={(v) => search(toSearch(v))}
      style={{ rowGap: 12, marginTop: 12 }}
    >
      <FilterFields />
      <SearchButtons
        onReset={() => {
          form.resetFields();
          form.setFieldsValue(toValues({}));
          search({});
        }}
      />
      {problem && <Alert type="error" showIcon message={problem} style={{ width: '100%' }} />}
    </Form>
  );
}
