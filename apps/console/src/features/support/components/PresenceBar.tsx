import {
  consoleSupportPresence,
  MSG_SUPPORT_MAX_OPEN,
  MSG_SUPPORT_NICKNAME_OPERATOR,
  SUPPORT_MAX_OPEN_LIMIT,
  SUPPORT_NICKNAME_MAX_OPERATOR,
} from '@app/contract/console-support';
import { SoundOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import type { DataOf } from '@app/contract/define';
import { errorMessage } from '@/shared/api';
import { useSupportAction } from '../api';

type Presence = DataOf<typeof consoleSupportPresence>;

/** The top of the workbench: 在线/离线, the most open at once, the desk name members see, 声音提醒. */
export function PresenceBar(props: { me: Presence; sound: boolean; setSound: (on: boolean) => void }) {
  const { me } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ max_open: number; nickname: string }>();
  const presence = useSupportAction(consoleSupportPresence, () => message.success('已保存'));
  const fail = (err: unknown) => message.error(errorMessage(err));
  return (
    <div className="support-presence">
      <Space wrap size="middle">
        <Space>
          <Switch
            checked={me.online}
            loading={presence.isPending}
            checkedChildren="在线"
            unCheckedChildren="离线"
            aria-label="在线状态"
            onChange={(online) => presence.mutate({ online }, { onError: fail })}
          />
          <Tag color={me.online ? 'green' : undefined}>
            {me.online ? '在线，接收新会话' : '离线，不分配新会话'}
          </Tag>
          <Typography.Text type="secondary">接待中 {me.open}</Typography.Text>
        </Space>
        <Form
          form={form}
          layout="inline"
          initialValues={{ max_open: me.max_open, nickname: me.nickname }}
          onFinish={(v) => presence.mutate({ online: me.online, ...v }, { onError: fail })}
        >
          <Form.Item
            label="同时接待"
            name="max_open"
            rules={[
              { required: true, message: MSG_SUPPORT_MAX_OPEN },
              { type: 'integer', min: 1, max: SUPPORT_MAX_OPEN_LIMIT, message: MSG_SUPPORT_MAX_OPEN },
            ]}
          >
            <InputNumber style={{ width: 72 }} aria-label="同时接待" />
          </Form.Item>
          <Form.Item
            label="客服昵称"
            name="nickname"
            rules={[
              { required: true, whitespace: true, message: MSG_SUPPORT_NICKNAME_OPERATOR },
              { max: SUPPORT_NICKNAME_MAX_OPERATOR, message: MSG_SUPPORT_NICKNAME_OPERATOR },
            ]}
          >
            <Input style={{ width: 120 }} aria-label="客服昵称" />
          </Form.Item>
          <Button htmlType="submit" loading={presence.isPending}>
            保存
          </Button>
        </Form>
      </Space>
      <Space>
        <SoundOutlined />
        <span>声音提醒</span>
        <Switch size="small" checked={props.sound} onChange={props.setSound} aria-label="声音提醒" />
      </Space>
    </div>
  );
}
