import {
  consoleMessageMember,
  MEMBER_MESSAGE_CONTENT_MAX,
  MEMBER_MESSAGE_TITLE_MAX,
  MSG_MESSAGE_CONTENT,
  MSG_MESSAGE_TITLE,
} from '@app/contract/console-members';
import { Alert, App, Form, Input, Modal } from 'antd';
import { errorMessage } from '@/shared/api';
import { useMemberAction } from './useMemberAction';

interface Values {
  title: string;
  content: string;
}

/** Sends a site message (plain text) to this member. */
export function MessageModal({
  member,
  open,
  onClose,
}: {
  member: { id: number; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const action = useMemberAction(consoleMessageMember, () => {
    message.success(`站内信已发送给 ${member.name}`);
    form.resetFields();
    onClose();
  });
  const confirm = (v: Values) =>
    modal.confirm({
      title: '确认发送',
      content: `向会员 ${member.name} 发送站内信《${v.title.trim()}》？`,
      okText: '发送',
      cancelText: '取消',
      onOk: () => action.mutate({ id: member.id, title: v.title.trim(), content: v.content.trim() }),
    });
  return (
    <Modal
      open={open}
      title={`发送站内信：${member.name}`}
      okText="发送"
      okButtonProps={{ loading: action.isPending }}
      cancelButtonProps={{ disabled: action.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {action.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(action.error)} />
      )}
      <Form<Values> form={form} layout="vertical" onFinish={confirm}>
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: MSG_MESSAGE_TITLE },
            { max: MEMBER_MESSAGE_TITLE_MAX, message: `标题最多${MEMBER_MESSAGE_TITLE_MAX}个字` },
          ]}
        >
          <Input maxLength={MEMBER_MESSAGE_TITLE_MAX} />
        </Form.Item>
        <Form.Item
          label="内容"
          name="content"
          extra="按纯文本发送，换行会保留。"
          rules={[
            { required: true, whitespace: true, message: MSG_MESSAGE_CONTENT },
            { max: MEMBER_MESSAGE_CONTENT_MAX, message: `内容最多${MEMBER_MESSAGE_CONTENT_MAX}个字` },
          ]}
        >
          <Input.TextArea rows={6} maxLength={MEMBER_MESSAGE_CONTENT_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
