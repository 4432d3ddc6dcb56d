import {
  MEMBER_MESSAGE_CONTENT_MAX,
  MEMBER_MESSAGE_TITLE_MAX,
  MSG_MESSAGE_CONTENT,
  MSG_MESSAGE_TITLE,
} from '@app/contract/console-members';
import { Form, Input } from 'antd';

/**
 * A site message's 标题 and 内容 with the contract's limits, as every form sending one (to a member,
 * to everyone, to a segment) asks for them. `hint` says where the member reads it.
 */
export function MessageFields({ hint, rows = 5 }: { hint: string; rows?: number }) {
  return (
    <>
      <Form.Item
        label="标题"
        name="title"
        rules={[
          { required: true, whitespace: true, message: MSG_MESSAGE_TITLE },
          { max: MEMBER_MESSAGE_TITLE_MAX, message: `标题最多${MEMBER_MESSAGE_TITLE_MAX}个字` },
        ]}
      >
        <Input maxLength={MEMBER_MESSAGE_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item
        label="内容"
        name="content"
        extra={`按纯文本发送，换行会保留${hint ? `；${hint}` : ''}。`}
        rules={[
          { required: true, whitespace: true, message: MSG_MESSAGE_CONTENT },
          { max: MEMBER_MESSAGE_CONTENT_MAX, message: `内容最多${MEMBER_MESSAGE_CONTENT_MAX}个字` },
        ]}
      >
        <Input.TextArea rows={rows} maxLength={MEMBER_MESSAGE_CONTENT_MAX} showCount />
      </Form.Item>
    </>
  );
}
