import { consoleMessageMember } from '@app/contract/console-members';
import { Alert, App, Form, Modal } from 'antd';
import { errorMessage } from '@/shared/api';
import { useMemberAction } from './useMemberAction';
import { MessageFields } from '@/shared/MessageFields';

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
        <MessageFields hint="" rows={6} />
      </Form>
    </Modal>
  );
}
