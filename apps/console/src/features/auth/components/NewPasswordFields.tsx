import {
  MSG_OPERATOR_PASSWORD,
  MSG_PASSWORDS_DIFFER,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
} from '@app/contract/console-auth';
import { Form, Input } from 'antd';

/** 新密码 and 确认新密码 (fields `password`, `confirm`) with the contract's length rule: sign-in and 修改密码. */
export function NewPasswordFields({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <>
      <Form.Item
        label="新密码"
        name="password"
        rules={[
          {
            required: true,
            min: OPERATOR_PASSWORD_MIN,
            max: OPERATOR_PASSWORD_MAX,
            message: MSG_OPERATOR_PASSWORD,
          },
        ]}
      >
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_r, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(MSG_PASSWORDS_DIFFER)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
