import { MSG_OPERATOR_NAME, OPERATOR_NAME_PATTERN } from '@app/contract/console-auth';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '@app/contract/console-define';
import { Form, Input, Modal, Select, Typography } from 'antd';

export const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({ value: r, label: OPERATOR_ROLE_LABELS[r] }));

interface Values {
  name: string;
  role: OperatorRole;
}

/** A new operator's name and role: 待复核, its one-time password shown to the approving 超级管理员. */
export function CreateOperatorModal(props: {
  open: boolean;
  busy: boolean;
  onSubmit: (v: Values) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <Modal
      open={props.open}
      title="新建操作员"
      okText="提交复核"
      confirmLoading={props.busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      afterClose={() => form.resetFields()}
    >
      <Typography.Paragraph type="secondary">
        提交后须由另一位超级管理员在「待复核」中通过才会创建；一次性密码只显示给通过的那一位。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={props.onSubmit} requiredMark={false}>
        <Form.Item
          label="用户名"
          name="name"
          rules={[
            { required: true, message: '请输入用户名' },
            { pattern: OPERATOR_NAME_PATTERN, message: MSG_OPERATOR_NAME },
          ]}
        >
          <Input autoComplete="off" placeholder="3-32位字母、数字或下划线" />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={ROLE_OPTIONS} placeholder="请选择" aria-label="角色" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
