import { bandFieldProblem, RED_PACKET_CLAIMS_MAX, type RedPacketBandCents } from '@app/contract/console-site';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, type TableColumnsType } from 'antd';
import type { Rule } from 'antd/es/form';
import { PromoValueText } from '@/shared/PromoValue';
import { dayMaximum, type BandRow, type BandValue } from './bands';

/** A row of Form.List: its index in the list. */
export interface BandField {
  key: number;
  name: number;
}

/** The cell's rule: the server's own (contract), with its message. */
const cell = (f: keyof RedPacketBandCents): Rule => ({
  validator: async (_, value: unknown) => {
    const r = bandFieldProblem(f, value ?? undefined);
    if (!r.ok) throw new Error(r.message);
  },
});

const MONEY = [
  { key: 'min_deposit', title: '最低存款（元）', label: '最低存款（元）' },
  { key: 'max_deposit', title: '最高存款（元）', label: '最高存款（元）' },
  { key: 'max_amount', title: '红包上限（元）', label: '红包上限' },
] as const;

function moneyColumn(m: (typeof MONEY)[number]) {
  return {
    title: m.title,
    key: m.key,
    render: (_: unknown, f: BandField) => (
      <Form.Item name={[f.name, m.key]} rules={[cell(m.key)]} style={{ margin: 0 }}>
        <Input aria-label={`第${f.name + 1}档${m.label}`} inputMode="decimal" />
      </Form.Item>
    ),
  };
}

/**
 * The band table's columns: deposits, claims, packet maximum, the day's maximum, what the band is
 * worth to a member (`values`, by row), remove.
 */
export function bandColumns(
  rows: readonly (BandRow | undefined)[],
  values: readonly (BandValue | null)[],
  remove: (i: number) => void,
) {
  const [minDeposit, maxDeposit, maxAmount] = MONEY;
  const columns: TableColumnsType<BandField> = [
    moneyColumn(minDeposit),
    moneyColumn(maxDeposit),
    {
      title: '每日次数',
      key: 'claims',
      width: 120,
      render: (_, f) => (
        <Form.Item name={[f.name, 'claims']} rules={[cell('claims')]} style={{ margin: 0 }}>
          <InputNumber
            aria-label={`第${f.name + 1}档每日次数`}
            min={1}
            max={RED_PACKET_CLAIMS_MAX}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ),
    },
    moneyColumn(maxAmount),
    {
      title: '每日最多发放（元）',
      key: 'total',
      align: 'right',
      render: (_, f) => dayMaximum(rows[f.name]),
    },
    {
      title: '会员期望收益',
      key: 'value',
      width: 250,
      render: (_, f) => {
        const v = values[f.name];
        return (
          <PromoValueText
            value={v?.value}
            preview={v?.preview}
            tag={v?.preview ? '将被拒绝' : '档位待修正'}
            warning={v?.problem ?? undefined}
          />
        );
      },
    },
    {
      title: '操作',
      key: 'remove',
      width: 80,
      render: (_, f) => (
        <Button
          type="text"
          danger
          aria-label={`删除第${f.name + 1}档`}
          icon={<DeleteOutlined />}
          onClick={() => remove(f.name)}
        />
      ),
    },
  ];
  return columns;
}
