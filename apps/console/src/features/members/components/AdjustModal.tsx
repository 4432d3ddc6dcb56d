import { MSG_AMOUNT_INVALID } from '@app/contract/codecs';
import {
  consoleAdjustMember,
  MEMBER_NOTE_MAX,
  MSG_ADJUST_AMOUNT,
  MSG_ADJUST_REASON,
  type AdjustDirection,
} from '@app/contract/console-members';
import { isReviewTicket } from '@app/contract/console-approvals';
import type { DataOf, RequestOf } from '@app/contract/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { callApiReply, errorMessage } from '@/shared/api';
import { yuan } from '@/shared/format';
import { useSubmittedNotice } from '@/shared/review';
import { MEMBER_KEY } from '../api';

/** The adjustment, with the server's message (a 待复核 ticket says so); the member read again after. */
function useAdjust(onDone: (r: DataOf<typeof consoleAdjustMember>, message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof consoleAdjustMember>) => callApiReply(consoleAdjustMember, input),
    onSuccess: async ({ data, message }) => {
      onDone(data, message);
      await queryClient.invalidateQueries({ queryKey: MEMBER_KEY });
    },
  });
}

interface Values {
  direction: AdjustDirection;
  amount: string;
  reason: string;
  turnover: boolean;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const validAmount = (v: string) => AMOUNT.test(v) && Number(v) > 0 && Number(v) <= 100_000_000;

/**
 * Credit or debit the central wallet with a reason (财务). The request carries an id made when the
 * form opens, so a double submit or a retry moves money once; a new id after each success.
 */
export function AdjustModal({
  member,
  balance,
  open,
  onClose,
}: {
  member: { id: number; name: string };
  balance: string;
  open: boolean;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const direction = Form.useWatch('direction', form) ?? 'credit';
  const notice = useSubmittedNotice();
  const action = useAdjust((r, said) => {
    // Above the review amount, or a credit without turnover: nothing moved yet, a second 财务 decides.
    if (isReviewTicket(r)) notice(said, 'member.adjust', '通过前会员余额不变');
    else
      void message.success(
        `${r.direction === 'credit' ? '加款' : '扣款'} ${yuan(r.amount)} 成功，中心钱包余额 ${yuan(r.balance)}`,
      );
    setRequestId(crypto.randomUUID());
    form.resetFields();
    onClose();
  });

  const confirm = (v: Values) => {
    const verb = v.direction === 'credit' ? '加款' : '扣款';
    modal.confirm({
      title: `确认${verb}`,
      content: `向会员 ${member.name} 的中心钱包${verb} ${yuan(v.amount)}，原因：${v.reason.trim()}${
        v.direction === 'credit' ? (v.turnover ? '（计入打码量）' : '（不计入打码量）') : ''
      }`,
      okText: `确认${verb}`,
      cancelText: '取消',
      onOk: () =>
        action.mutate({
          id: member.id,
          direction: v.direction,
          amount: v.amount.trim(),
          reason: v.reason.trim(),
          turnover: v.direction === 'credit' && v.turnover,
          request_id: requestId,
        }),
    });
  };

  return (
    <Modal
      open={open}
      title={`调整余额：${member.name}`}
      okText="提交"
      okButtonProps={{ loading: action.isPending }}
      cancelButtonProps={{ disabled: action.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>
        当前中心钱包余额：<Typography.Text strong>{yuan(balance)}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        超过复核金额的调整和不计打码量的加款，须另一位财务或超级管理员在「待复核」中通过后才生效。
      </Typography.Paragraph>
      {action.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(action.error)} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ direction: 'credit', turnover: true, amount: '', reason: '' }}
        onFinish={confirm}
      >
        <AdjustFields credit={direction === 'credit'} />
      </Form>
    </Modal>
  );
}

/** The form's fields: type, amount, reason and (for a credit) whether it counts toward turnover. */
function AdjustFields({ credit }: { credit: boolean }) {
  return (
    <>
      <Form.Item label="类型" name="direction">
        <Radio.Group optionType="button" buttonStyle="solid">
          <Radio value="credit">加款</Radio>
          <Radio value="debit">扣款</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label="金额（元）"
        name="amount"
        rules={[
          { required: true, whitespace: true, message: MSG_ADJUST_AMOUNT },
          {
            validator: (_r, v: string) =>
              !v?.trim() || validAmount(v.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(MSG_AMOUNT_INVALID)),
          },
        ]}
      >
        <Input inputMode="decimal" placeholder="例如 100.00" maxLength={16} />
      </Form.Item>
      <Form.Item
        label="原因"
        name="reason"
        rules={[
          { required: true, whitespace: true, message: MSG_ADJUST_REASON },
          { max: MEMBER_NOTE_MAX, message: `原因最多${MEMBER_NOTE_MAX}个字` },
        ]}
      >
        <Input.TextArea rows={3} maxLength={MEMBER_NOTE_MAX} showCount />
      </Form.Item>
      {credit && (
        <Form.Item
          name="turnover"
          valuePropName="checked"
          extra="勾选后加款金额计入该会员的打码量要求（需投注同等有效流水才能提款）。"
        >
          <Checkbox>计入打码量</Checkbox>
        </Form.Item>
      )}
    </>
  );
}
