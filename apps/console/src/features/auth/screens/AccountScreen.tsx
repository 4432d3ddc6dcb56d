import { consoleChangePassword } from '@app/contract/console-auth';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { callApi, errorMessage } from '@/shared/api';

interface Values {
  old_password: string;
  password: string;
  confirm: string;
}

/** An operator changes its own password. */
export default function AccountScreen() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const change = useMutation({
    mutationFn: (v: Values) =>
      callApi(consoleChangePassword, { old_password: v.old_password, password: v.password }),
    onSuccess: () => {
      message.success('密码修改成功');
      form.resetFields();
    },
    onError: (err) => message.error(errorMessage(err)),
  });
  return (
    <Card title="修改密码" style={{ maxWidth: 480 }}>
      <Form form={form} layout="vertical" onFinish={(v) => change.mutate(v)} requiredMark={false}>
        <Form.Item label="原密码" name="old_password" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
