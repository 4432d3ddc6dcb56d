import { MSG_BONUS_AMOUNT, type ActivityApplication } from '@app/contract/console-applications';
import { toCents } from '@app/contract/codecs';
import { Alert, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { shortTime, yuan } from '@/shared/format';
import { Parts } from '@/shared/Parts';
import { AMOUNT_PATTERN, ruleConditions, ruleSummary, turnoverOf, weekendText, withDeposit } from './rule';

interface Values {
  amount: string;
}

const check = (ok: (cents: number) => boolean, message: string) => ({
  validator: (_r: unknown, v: string | undefined) => {
    const cents = v && AMOUNT_PATTERN.test(v.trim()) ? toCents(v.trim()) : null;
    return cents === null || ok(cents) ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

/**
 * Money above 0 with at most two places, at most the activity's cap (0: none) and, for a rule-based
 * bonus, at most the rule's figure (an operator may pay less, never more: modules/promo/bonus.ts).
 */
function amountRules(row: ActivityApplication) {
  const cap = toCents(row.rule.cap) ?? 0;
  const ruleMax = row.rule.basis !== 'manual' && row.suggested_bonus ? toCents(row.suggested_bonus) : null;
  return [
    { required: true, whitespace: true, message: '请输入彩金金额' },
    {
      validator: (_r: unknown, v: string | undefined) =>
        !v || (AMOUNT_PATTERN.test(v.trim()) && Number(v) > 0)
          ? Promise.resolve()
          : Promise.reject(new Error(MSG_BONUS_AMOUNT)),
    },
    check((c) => cap <= 0 || c <= cap, `彩金不能超过该活动上限 ${row.rule.cap} 元`),
    check((c) => ruleMax === null || c <= ruleMax, `按活动规则该会员的彩金最多 ${row.suggested_bonus} 元`),
  ];
}

/** Under the amount: what it may be and the turnover it adds. */
function amountHelp(row: ActivityApplication, amount: string): string {
  const turnover = turnoverOf(amount, row);
  const m = row.rule.turnover_multiple;
  const adds =
    withDeposit(row.rule) && row.deposit
      ? `将增加流水${turnover === null ? '' : ` ${yuan(turnover)}`}，即（存款 ${yuan(row.deposit.amount)} + 彩金）× ${m} 倍`
      : turnover === null
        ? `将增加流水：彩金 × ${m} 倍`
        : `将增加流水 ${yuan(turnover)}（彩金 × ${m} 倍）`;
  if (row.rule.basis === 'manual' || !row.suggested_bonus) return adds;
  return `可按规则金额或更低金额发放，不能高于 ${yuan(row.suggested_bonus)}。${adds}`;
}

/** The deposit (or a relief's weekend loss) the rule counts. */
function BaseItem({ row }: { row: ActivityApplication }) {
  if (row.loss) {
    return `${yuan(row.loss.amount)}（${weekendText(row.loss.weekend)}）`;
  }
  return row.deposit ? `${yuan(row.deposit.amount)}（${shortTime(row.deposit.at)}）` : '无';
}

/** Linked accounts (同设备、同卡、同手机号…) that already had this activity: one person, several accounts? */
function LinkedClaims({ row }: { row: ActivityApplication }) {
  if (row.linked_claims.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      title="关联账户已领取过此活动"
      description={`${row.linked_claims.map((m) => m.username).join('、')}（同设备、同卡、同手机号等关联），请核实是否同一人多号领取`}
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * Approving an activity application: the bonus pre-filled with the rule's figure (editable: lower,
 * never above the rule's figure or the cap; the server checks again) and the turnover it adds. A rule
 * refusal (a deposit used or withdrawn, a person paid already, a loss too small, a rule worth more
 * than 0…) or the server's refusal is shown instead of paying. Mounted only while open.
 */
export function ApproveActivityModal(props: {
  row: ActivityApplication;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (amount: string) => void;
}) {
  const { row } = props;
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form) ?? row.suggested_bonus;
  return (
    <Modal
      title="通过活动申请并发放彩金"
      open
      width={600}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      okText="确认发放"
      okButtonProps={{ loading: props.pending, disabled: !!row.refusal }}
      cancelButtonProps={{ disabled: props.pending }}
    >
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="会员">{row.username}</Descriptions.Item>
        <Descriptions.Item label="活动">{row.activity_title}</Descriptions.Item>
        <Descriptions.Item label="活动规则">
          {ruleSummary(row.rule)}
          {row.rule.basis !== 'none' && (
            <>
              <br />
              <Typography.Text type="secondary">
                <Parts parts={ruleConditions(row.rule)} />
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">流水计入：{row.rule.weights}</Typography.Text>
            </>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={row.loss ? '周末净亏损' : '符合条件的存款'}>
          <BaseItem row={row} />
        </Descriptions.Item>
        <Descriptions.Item label="规则计算彩金">
          {row.suggested_bonus ? yuan(row.suggested_bonus) : row.refusal ? '—' : '无（请人工核定）'}
        </Descriptions.Item>
      </Descriptions>
      {row.refusal && (
        <Alert
          type="warning"
          showIcon
          title="不能发放"
          description={row.refusal}
          style={{ marginBottom: 16 }}
        />
      )}
      <LinkedClaims row={row} />
      {props.error && <Alert type="error" showIcon message={props.error} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ amount: row.suggested_bonus }}
        onFinish={(v) => props.onSubmit(v.amount.trim())}
        disabled={!!row.refusal}
      >
        <Form.Item
          label="彩金金额（元）"
          name="amount"
          extra={amountHelp(row, amount)}
          rules={amountRules(row)}
        >
          <Input prefix="¥" inputMode="decimal" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
