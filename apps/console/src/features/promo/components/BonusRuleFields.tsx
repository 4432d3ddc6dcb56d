import {
  BONUS_BASES,
  BONUS_BASIS_LABELS,
  BONUS_PAY_TYPES,
  BONUS_PERCENT_MAX,
  MSG_BONUS_CAP,
  MSG_BONUS_MIN_DEPOSIT,
  MSG_BONUS_PERCENT,
  MSG_TURNOVER_MULTIPLE,
  PAY_TYPE_LABELS,
  TURNOVER_MULTIPLE_MAX,
  type BonusBasis,
} from '@app/contract/console-promo';
import { Alert, Divider, Form, Input, InputNumber, Select, Space, Typography } from 'antd';

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

const BASIS_OPTIONS = BONUS_BASES.map((b) => ({ value: b, label: BONUS_BASIS_LABELS[b] }));
const PAY_OPTIONS = BONUS_PAY_TYPES.map((p) => ({ value: p, label: p ? PAY_TYPE_LABELS[p] : '不限' }));

const BASIS_HELP: Record<BonusBasis, string> = {
  first_deposit: '按会员首笔已到账存款计算（首存低于最低存款时不以后续存款代替）。',
  latest_deposit: '按会员最近一笔达到最低存款的已到账存款计算。',
  net_loss: '按会员上周末（北京时间周六、周日）投注净亏损计算，最低存款一栏为最低亏损；每个周末限领一次。',
  manual: '审核时由操作员填写彩金金额，不超过彩金上限；比例仅作参考。',
  none: '会员无需申请，由系统任务自动发放（如返水、红包），以下规则不参与发放。',
};

/** Hundredths of a typed decimal ("38.5" → 3850), null when it is not one. */
function hundredths(text: unknown): number | null {
  const s = String(text ?? '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole = '0', frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** What the rule pays on a 1000 yuan deposit, as modules/promo/bonus.ts computes it (rounded down, capped). */
function example(percent: unknown, cap: unknown, multiple: unknown): string | null {
  const bp = hundredths(percent);
  const capCents = hundredths(cap);
  const m = Number(multiple);
  if (bp === null || capCents === null || !Number.isInteger(m)) return null;
  let bonus = Math.floor((100_000 * bp) / 10_000);
  if (capCents > 0 && bonus > capCents) bonus = capCents;
  const yuan = (c: number) => (c / 100).toFixed(2);
  return `示例：存款 1000.00 元，彩金 ${yuan(bonus)} 元，增加流水要求 ${yuan(bonus * m)} 元。`;
}

/** The bonus rule of an activity's form: basis, percent, cap, minimum deposit, pay way, turnover. */
export function BonusRuleFields() {
  const form = Form.useFormInstance();
  const basis = (Form.useWatch('bonus_basis', form) ?? 'first_deposit') as BonusBasis;
  const percent: unknown = Form.useWatch('bonus_percent', form);
  const cap: unknown = Form.useWatch('bonus_cap', form);
  const multiple: unknown = Form.useWatch('turnover_multiple', form);
  const byDeposit = basis === 'first_deposit' || basis === 'latest_deposit';
  const shown = byDeposit ? example(percent, cap, multiple) : null;
  return (
    <>
      <Divider titlePlacement="start">彩金规则</Divider>
      <Typography.Paragraph type="secondary">
        修改规则只影响之后审核通过的申请，已发放的彩金和已增加的流水不变。
      </Typography.Paragraph>
      <Form.Item label="计算方式" name="bonus_basis" extra={BASIS_HELP[basis]}>
        <Select options={BASIS_OPTIONS} style={{ width: 240 }} aria-label="计算方式" />
      </Form.Item>
      <Space align="start" size="large" wrap>
        <Form.Item
          label="彩金比例"
          name="bonus_percent"
          rules={[{ required: true, pattern: PERCENT, message: MSG_BONUS_PERCENT }]}
        >
          <Input suffix="%" style={{ width: 140 }} placeholder={`0–${BONUS_PERCENT_MAX}`} />
        </Form.Item>
        <Form.Item
          label="彩金上限（元）"
          name="bonus_cap"
          rules={[{ required: true, pattern: MONEY, message: MSG_BONUS_CAP }]}
        >
          <Input prefix="¥" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          label="最低存款（元）"
          name="bonus_min_deposit"
          rules={[{ required: true, pattern: MONEY, message: MSG_BONUS_MIN_DEPOSIT }]}
        >
          <Input prefix="¥" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item label="存款方式" name="bonus_pay_type">
          <Select options={PAY_OPTIONS} style={{ width: 140 }} aria-label="存款方式" />
        </Form.Item>
        <Form.Item
          label="流水倍数"
          name="turnover_multiple"
          rules={[{ required: true, message: MSG_TURNOVER_MULTIPLE }]}
          tooltip="彩金 × 倍数 计入会员的提款流水要求"
        >
          <InputNumber min={0} max={TURNOVER_MULTIPLE_MAX} precision={0} suffix="倍" aria-label="流水倍数" />
        </Form.Item>
      </Space>
      {shown && <Alert type="info" showIcon title={shown} />}
    </>
  );
}
