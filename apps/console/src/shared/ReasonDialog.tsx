import { MSG_REVIEW_REASON, REVIEW_REASON_MAX } from '@app/contract/console-define';
import { Alert, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * Asks the reason of a rejection (required, 1–REVIEW_REASON_MAX characters) and hands it, trimmed, to
 * `onSubmit`; the dialog stays open (its button loading) while the call runs and shows the server's
 * refusal (`error`, e.g. another operator was first). It sits above a Drawer it may be opened from.
 */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  /** What is being rejected, e.g. "会员 zhangsan 的代理申请". */
  subject?: ReactNode;
  busy: boolean;
  error?: string | null;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
  /** What the action is called (拒绝 unless told, e.g. 驳回): the field's label and the button. */
  verb?: string;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const verb = props.verb ?? '拒绝';
  const required = verb === '拒绝' ? MSG_REVIEW_REASON : `请填写${verb}原因`;
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={`确认${verb}`}
      okButtonProps={{ danger: true, loading: props.busy }}
      cancelButtonProps={{ disabled: props.busy }}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      // Cleared once closed, never while open: a reset at opening could wipe a refusal the operator
      // had already caused (seen in a journey on a loaded machine).
      afterClose={() => form.resetFields()}
      destroyOnHidden
      forceRender
      // Above a Drawer it may be opened from (both sit on the page's top layer; a Drawer is at 1000).
      zIndex={1100}
    >
      {props.subject && <p>{props.subject}</p>}
      {props.error && <Alert type="error" showIcon message={props.error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => props.onSubmit(v.reason.trim())}
        disabled={props.busy}
      >
        <Form.Item
          name="reason"
          label={`${verb}原因`}
          rules={[
            { required: true, whitespace: true, message: required },
            { max: REVIEW_REASON_MAX, message: `原因最多${REVIEW_REASON_MAX}个字` },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={REVIEW_REASON_MAX}
            showCount
            placeholder={`请填写${verb}原因`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
