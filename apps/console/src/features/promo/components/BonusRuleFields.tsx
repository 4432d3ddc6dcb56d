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
import { TURNOVER_BASES, TURNOVER_BASIS_LABELS, type TurnoverBasis } from '@app/contract/turnover';
import { Alert, Divider, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { example, isByDeposit, type RuleFormValues } from './ruleForm';
import { RuleValuePreview } from './RuleValuePreview';
import { TurnoverWeightsFields } from './TurnoverWeightsFields';

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const MSG_MIN_LOSS = '最低亏损金额无效';

const BASIS_OPTIONS = BONUS_BASES.map((b) => ({ value: b, label: BONUS_BASIS_LABELS[b] }));
const PAY_OPTIONS = BONUS_PAY_TYPES.map((p) => ({ value: p, label: p ? PAY_TYPE_LABELS[p] : '不限' }));
const TURNOVER_OPTIONS = TURNOVER_BASES.map((b) => ({ value: b, label: TURNOVER_BASIS_LABELS[b] }));

const BASIS_HELP: Record<BonusBasis, string> = {
  first_deposit: '按会员首笔已到账存款计算（首存低于最低存款时不以后续存款代替）。',
  latest_deposit: '按会员最近一笔达到最低存款的已到账存款计算。',
  net_loss: '按会员上周末（北京时间周六、周日）投注净亏损计算，最低存款一栏为最低亏损；每个周末限领一次。',
  manual: '审核时由操作员填写彩金金额，不超过彩金上限；比例仅作参考。',
  none: '会员无需申请，由系统任务自动发放（如返水、红包），以下规则不参与发放。',
};

/** The rule's fields as they are now, watched (the example and the value preview follow them). */
function useRule(): { rule: RuleFormValues; title: string; enabled: boolean } {
  const form = Form.useFormInstance();
  const rule: RuleFormValues = {
    bonus_basis: (Form.useWatch('bonus_basis', form) ?? 'first_deposit') as BonusBasis,
    bonus_percent: Form.useWatch('bonus_percent', form) as unknown,
    bonus_cap: Form.useWatch('bonus_cap', form) as unknown,
    turnover_multiple: Form.useWatch('turnover_multiple', form) as unknown,
    turnover_basis: (Form.useWatch('turnover_basis', form) ?? 'bonus') as TurnoverBasis,
    turnover_weights: Form.useWatch('turnover_weights', form) as RuleFormValues['turnover_weights'],
  };
  const title: unknown = Form.useWatch('title', form);
  const enabled: unknown = Form.useWatch('enabled', form);
  return { rule, title: typeof title === 'string' ? title : '', enabled: enabled !== false };
}

/** 流水倍数 and, for a deposit's bonus, what it multiplies (the bonus, or the deposit and the bonus). */
function TurnoverFields({ basis, turnoverBasis }: { basis: BonusBasis; turnoverBasis: TurnoverBasis }) {
  const byDeposit = isByDeposit(basis);
  const base = byDeposit ? TURNOVER_BASIS_LABELS[turnoverBasis] : TURNOVER_BASIS_LABELS.bonus;
  return (
    <Space align="start" size="large" wrap>
      <Form.Item
        label="流水倍数"
        name="turnover_multiple"
        rules={[{ required: true, message: MSG_TURNOVER_MULTIPLE }]}
        tooltip={`${base.replace('倍数', '流水倍数')} 计入会员的提款流水要求`}
      >
        <InputNumber min={0} max={TURNOVER_MULTIPLE_MAX} precision={0} suffix="倍" aria-label="流水倍数" />
      </Form.Item>
      <Form.Item
        label="流水计算方式"
        name="turnover_basis"
        hidden={!byDeposit}
        tooltip="按（存款 + 彩金）计算时，会员须把存款本身也打满流水才能提款"
      >
        <Select options={TURNOVER_OPTIONS} style={{ width: 220 }} aria-label="流水计算方式" />
      </Form.Item>
    </Space>
  );
}

/**
 * The bonus rule of an activity's form: basis, percent, cap, minimum deposit (or loss), pay way,
 * turnover (multiple, basis, weights), an example and what the rule is worth to a member.
 */
export function BonusRuleFields() {
  const { rule, title, enabled } = useRule();
  const basis = rule.bonus_basis ?? 'first_deposit';
  const relief = basis === 'net_loss';
  const shown = example(rule);
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
          label={relief ? '救援金比例' : '彩金比例'}
          name="bonus_percent"
          rules={[{ required: true, pattern: PERCENT, message: MSG_BONUS_PERCENT }]}
        >
          <Input suffix="%" style={{ width: 140 }} placeholder={`0–${BONUS_PERCENT_MAX}`} />
        </Form.Item>
        <Form.Item
          label="彩金上限（元）"
          name="bonus_cap"
          tooltip="高于风控设置中的复核金额时，保存后须由财务在「待复核」中通过才生效"
          rules={[{ required: true, pattern: MONEY, message: MSG_BONUS_CAP }]}
        >
          <Input prefix="¥" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          label={relief ? '最低亏损（元）' : '最低存款（元）'}
          name="bonus_min_deposit"
          rules={[{ required: true, pattern: MONEY, message: relief ? MSG_MIN_LOSS : MSG_BONUS_MIN_DEPOSIT }]}
        >
          <Input prefix="¥" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item label="存款方式" name="bonus_pay_type" hidden={!isByDeposit(basis)}>
          <Select options={PAY_OPTIONS} style={{ width: 140 }} aria-label="存款方式" />
        </Form.Item>
      </Space>
      <TurnoverFields basis={basis} turnoverBasis={rule.turnover_basis ?? 'bonus'} />
      <TurnoverWeightsFields hidden={basis === 'none'} />
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {shown && <Alert type="info" showIcon title={shown} />}
        {basis !== 'none' && <RuleValuePreview rule={rule} title={title} enabled={enabled} />}
      </Space>
    </>
  );
}
