import { reviewSubmittedMessage } from '@app/contract/console-approvals';
import { REVIEW_REASON_MAX } from '@app/contract/console-define';
import type { ConsoleDepositRow } from '@app/contract/console-money';
import { consoleLateDeposit, LATE_REASON_MIN, MSG_LATE_REASON } from '@app/contract/console-queue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { callApi, errorMessage } from '@/shared/api';
import { DEPOSITS_KEY } from '../api';

/**
 * 补单 of an expired pending deposit: a reason (at least LATE_REASON_MIN characters) and the request
 * goes to 待复核; another 财务 approves it there. Stays open, loading, while the call runs.
 */
export function LateDepositModal(props: { row: ConsoleDepositRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (v: { id: number; reason: string }) => callApi(consoleLateDeposit, v),
    onSuccess: () => {
      void message.success(reviewSubmittedMessage('deposit.late'));
      props.onClose();
    },
    onSettled: () => client.invalidateQueries({ queryKey: DEPOSITS_KEY }),
  });
  const { row } = props;
  return (
    <Modal
      open={row !== null}
      title={row ? `补单 ${row.deposit_no}` : '补单'}
      okText="提交复核"
      okButtonProps={{ loading: mutation.isPending }}
      cancelButtonProps={{ disabled: mutation.isPending }}
      onCancel={() => !mutation.isPending && props.onClose()}
      onOk={() => form.submit()}
      afterClose={() => mutation.reset()}
      // Rendered only while open (no hidden copy of its field beside the queue's own dialogs).
      destroyOnHidden
    >
      {row && (
        <p>
          会员 {row.username} 的存款 {row.amount} 元已超过审核时限。补单需另一位财务复核，通过后入账。
        </p>
      )}
      {mutation.isError && (
        <Alert type="error" showIcon message={errorMessage(mutation.error)} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        name="late-deposit"
        layout="vertical"
        disabled={mutation.isPending}
        onFinish={(v) => row && mutation.mutate({ id: row.id, reason: v.reason.trim() })}
      >
        <Form.Item
          name="reason"
          label="补单原因"
          rules={[
            { required: true, whitespace: true, message: MSG_LATE_REASON },
            {
              validator: async (_r, v: string | undefined) => {
                const n = (v ?? '').trim().length;
                if (n > 0 && n < LATE_REASON_MIN) throw new Error(MSG_LATE_REASON);
              },
            },
            { max: REVIEW_REASON_MAX, message: `原因最多${REVIEW_REASON_MAX}个字` },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REVIEW_REASON_MAX} showCount placeholder={MSG_LATE_REASON} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
