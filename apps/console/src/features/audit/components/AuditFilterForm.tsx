import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS } from '@app/contract/console-admin';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { SearchButtons } from '@/shared/SearchButtons';
import type { AuditFilters } from '../api';

interface Values {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));
const TARGET_OPTIONS = Object.entries(AUDIT_TARGET_LABELS).map(([value, label]) => ({ value, label }));

/** The picker's wall-clock time, which the server reads as Beijing time. */
const beijing = (d: Dayjs | null | undefined, seconds: '00' | '59') =>
  d ? `${d.format('YYYY-MM-DD HH:mm')}:${seconds}` : undefined;

function toFilters(v: Values): AuditFilters {
  const text = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);
  return {
    operator: text(v.operator),
    action: v.action || undefined,
    target_type: v.target_type || undefined,
    target_id: text(v.target_id),
    from: beijing(v.range?.[0], '00'),
    to: beijing(v.range?.[1], '59'),
  };
}

/** The audit log's filters: operator name, action, target type and id, a time range (Beijing time). */
export function AuditFilterForm({ onSearch }: { onSearch: (f: AuditFilters) => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(v) => onSearch(toFilters(v))}
      style={{ rowGap: 12 }}
      aria-label="筛选"
    >
      <Form.Item name="operator" label="操作员">
        <Input placeholder="用户名或 命令行" allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="action" label="动作">
        <Select
          placeholder="全部"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={ACTION_OPTIONS}
          style={{ width: 220 }}
          aria-label="动作"
        />
      </Form.Item>
      <Form.Item name="target_type" label="对象">
        <Select
          placeholder="全部"
          allowClear
          options={TARGET_OPTIONS}
          style={{ width: 120 }}
          aria-label="对象"
        />
      </Form.Item>
      <Form.Item name="target_id" label="对象ID">
        <Input allowClear style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="range" label="时间（北京时间）">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
        />
      </Form.Item>
      <SearchButtons
        onReset={() => {
          form.resetFields();
          onSearch({});
        }}
      />
    </Form>
  );
}
