import { consoleBlockMember, MEMBER_NOTE_MAX } from '@app/contract/console-members';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { errorMessage } from '@/shared/api';
import { useMemberAction } from './useMemberAction';

/** Block (or unblock) with an optional reason: a block signs the member out everywhere at once. */
export function BlockModal({
  member,
  open,
  onClose,
}: {
  member: { id: number; name: string; blocked: boolean };
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const blocking = !member.blocked;
  const action = useMemberAction(consoleBlockMember, (r) => {
    message.success(
      r.blocked
        ? `已冻结会员 ${member.name}，${r.sessions_ended} 个登录已失效`
        : `已解除会员 ${member.name} 的冻结`,
    );
    form.resetFields();
    onClose();
  });
  return (
    <Modal
      open={open}
      title={blocking ? `冻结会员 ${member.name}` : `解冻会员 ${member.name}`}
      okText={blocking ? '确认冻结' : '确认解冻'}
      okButtonProps={{ danger: blocking, loading: action.isPending }}
      cancelButtonProps={{ disabled: action.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {blocking && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="冻结后该会员的所有登录立即失效，聊天连接断开，且无法再次登录，直到解冻。"
        />
      )}
      {action.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(action.error)} />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => action.mutate({ id: member.id, blocked: blocking, reason: v.reason ?? '' })}
      >
        <Form.Item
          label="原因（选填）"
          name="reason"
          rules={[{ max: MEMBER_NOTE_MAX, message: `原因最多${MEMBER_NOTE_MAX}个字` }]}
        >
          <Input.TextArea rows={3} maxLength={MEMBER_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">此操作将记入审计日志。</Typography.Text>
    </Modal>
  );
}
