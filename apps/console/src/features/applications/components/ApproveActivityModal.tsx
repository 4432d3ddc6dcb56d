import { MSG_BONUS_AMOUNT, type ActivityApplication } from '@app/contract/console-applications';
import { Alert, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { shortTime, yuan } from '@/shared/format';
import { AMOUNT_PATTERN, ruleConditions, ruleSummary, turnoverOf } from './rule';

interface Values {
  amount: string;
}

/** Money above 0 with at most two places, and at most the activity's cap (0: none). */
function amountRules(cap: number, capText: string) {
  return [
    { required: true, whitespace: true, message: '请输入彩金金额' },
    {
      validator: (_r: unknown, v: string | undefined) =>
        !v || (AMOUNT_PATTERN.test(v.trim()) && Number(v) > 0)
          ? Promise.resolve()
          : Promise.reject(new Error(MSG_BONUS_AMOUNT)),
    },
    {
      validator: (_r: unknown, v: string | undefined) =>
        !v || cap <= 0 || Number(v) <= cap
          ? Promise.resolve()
          : Promise.reject(new Error(`彩金不能超过该活动上限 ${capText} 元`)),
    },
  ];
}

/**
 * Approving an activity application: the bonus pre-filled with the rule's figure (editable, at most
 * the activity's cap; the server checks again) and the turnover it adds. A rule refusal (an activity
 * paid by its own job, no qualifying deposit) or the server's refusal is shown instead of paying.
 * Mounted only while open.
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
  const turnover = turnoverOf(amount, row.rule.turnover_multiple);
  const cap = Number(row.rule.cap);
  return (
    <Modal
      title="通过活动申请并发放彩金"
      open
      width={560}
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
              <Typography.Text type="secondary">{ruleConditions(row.rule)}</Typography.Text>
            </>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="符合条件的存款">
          {row.deposit ? `${yuan(row.deposit.amount)}（${shortTime(row.deposit.at)}）` : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="规则计算彩金">
          {row.suggested_bonus ? yuan(row.suggested_bonus) : row.refusal ? '—' : '无（请人工核定）'}
        </Descriptions.Item>
      </Descriptions>
      {row.refusal && <Alert type="warning" showIcon message={row.refusal} style={{ marginBottom: 16 }} />}
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
          extra={
            turnover === null
              ? `将增加流水：彩金 × ${row.rule.turnover_multiple} 倍`
              : `将增加流水 ${yuan(turnover)}（彩金 × ${row.rule.turnover_multiple} 倍）`
          }
          rules={amountRules(cap, row.rule.cap)}
        >
          <Input prefix="¥" inputMode="decimal" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
