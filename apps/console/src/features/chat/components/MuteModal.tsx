import {
  CHAT_MUTE_DURATION_LABELS,
  CHAT_MUTE_DURATIONS,
  CHAT_MUTE_REASON_MAX,
  consoleMuteChatMember,
  MSG_CHAT_DURATION,
  type ChatMuteDuration,
} from '@app/contract/console-chat';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { errorMessage } from '@/shared/api';
import { useChatAction } from '../api';

/** Mutes a member for a while or for good (永久, until lifted); a mute in force is replaced. */
export function MuteModal({
  member,
  onClose,
}: {
  /** The member to mute; null: closed. */
  member: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ duration: ChatMuteDuration; reason?: string }>();
  const action = useChatAction(consoleMuteChatMember, () => {
    message.success(member ? `已禁言会员 ${member.name}` : '已禁言');
    onClose();
  });
  return (
    <Modal
      open={member !== null}
      title={member ? `禁言会员 ${member.name}` : '禁言'}
      okText="确认禁言"
      okButtonProps={{ danger: true, loading: action.isPending }}
      cancelButtonProps={{ disabled: action.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      afterClose={() => action.reset()}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="禁言立即生效：该会员在所有房间都不能发言（仍可投注），到期自动解除。"
      />
      {action.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(action.error)} />
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={action.isPending}
        onFinish={(v) =>
          member &&
          action.mutate({ user_id: member.id, duration: v.duration, reason: v.reason?.trim() ?? '' })
        }
      >
        <Form.Item label="禁言时长" name="duration" rules={[{ required: true, message: MSG_CHAT_DURATION }]}>
          <Radio.Group
            optionType="button"
            options={CHAT_MUTE_DURATIONS.map((d) => ({ value: d, label: CHAT_MUTE_DURATION_LABELS[d] }))}
          />
        </Form.Item>
        <Form.Item
          label="原因（选填）"
          name="reason"
          rules={[{ max: CHAT_MUTE_REASON_MAX, message: `原因最多${CHAT_MUTE_REASON_MAX}个字` }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={CHAT_MUTE_REASON_MAX}
            showCount
            placeholder="如：刷屏、发广告"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
