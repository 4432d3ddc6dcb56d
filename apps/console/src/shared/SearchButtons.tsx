import { Button, Form, Space } from 'antd';

/** A filter form's 查询 (submits it) and 重置 (`onReset`: clear the fields and search with none). */
export function SearchButtons(props: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button onClick={props.onReset}>重置</Button>
      </Space>
    </Form.Item>
  );
}
