import {
  consoleSendSiteMessage,
  MESSAGE_USERNAME_MAX,
  MSG_MESSAGE_USERNAME,
  type MessageAudience,
  type SentMessageRow,
} from '@app/contract/console-content';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Radio, Table, Tag, Typography } from 'antd';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { sentMessagesQuery, useContentWrite } from '../api';
import { usePaging } from '@/shared/usePaging';
import { MessageFields } from '@/shared/MessageFields';

interface Values {
  audience: MessageAudience;
  username: string;
  title: string;
  content: string;
}

/** The stored HTML of a message (escaped text with <br>) back as the text that was typed. */
export function messageText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n'), 'text/html');
  return doc.body.textContent ?? '';
}

const confirmText = (v: Values) =>
  v.audience === 'all'
    ? `向全部会员发送站内信《${v.title.trim()}》？发送后不能撤回。`
    : `向会员 ${v.username.trim()} 发送站内信《${v.title.trim()}》？`;

function SendCard() {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const audience = Form.useWatch('audience', form) ?? 'member';
  const send = useContentWrite(consoleSendSiteMessage, (d) => {
    message.success(d.to === null ? '站内信已发送给全部会员' : `站内信已发送给 ${d.to}`);
    form.resetFields();
  });
  const confirm = (v: Values) =>
    modal.confirm({
      title: '确认发送',
      content: confirmText(v),
      okText: '发送',
      cancelText: '取消',
      onOk: () =>
        send
          .mutateAsync({
            audience: v.audience,
            username: v.audience === 'all' ? '' : v.username.trim(),
            title: v.title.trim(),
            content: v.content.trim(),
          })
          .catch(() => undefined),
    });
  return (
    <Card title="发送站内信">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ audience: 'member', username: '', title: '', content: '' }}
        disabled={send.isPending}
        onFinish={confirm}
        style={{ maxWidth: 720 }}
      >
        <Form.Item label="发送对象" name="audience">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'member', label: '指定会员' },
              { value: 'all', label: '全部会员' },
            ]}
          />
        </Form.Item>
        {audience === 'member' && (
          <Form.Item
            label="会员账号"
            name="username"
            rules={[{ required: true, whitespace: true, message: MSG_MESSAGE_USERNAME }]}
          >
            <Input maxLength={MESSAGE_USERNAME_MAX} placeholder="会员的登录账号" style={{ maxWidth: 320 }} />
          </Form.Item>
        )}
        <MessageFields hint="会员在“消息中心 · 我的消息”中查看" />
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          发送
        </Button>
      </Form>
    </Card>
  );
}

function SentList() {
  const { page, pageSize, pagination } = usePaging({ sizePickerPast50: true });
  const query = useQuery(sentMessagesQuery(page, pageSize));
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <Card title="已发送">
      <Table<SentMessageRow>
        rowKey="id"
        size="middle"
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        locale={{ emptyText: '还没有发送过站内信' }}
        expandable={{
          expandedRowRender: (m) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {messageText(m.content)}
            </Typography.Paragraph>
          ),
        }}
        pagination={pagination(query.data?.total ?? 0)}
        columns={[
          {
            title: '发送对象',
            dataIndex: 'to',
            width: 180,
            render: (to: string | null) => (to === null ? <Tag color="blue">全部会员</Tag> : to),
          },
          { title: '标题', dataIndex: 'title' },
          { title: '发送人', dataIndex: 'sent_by', width: 140, render: (v: string) => v || '—' },
          { title: '发送时间', dataIndex: 'created_at', width: 170, render: (v: string) => shortTime(v) },
        ]}
      />
    </Card>
  );
}

/** 站内信: send a message to one member or to all, and what was sent. */
export default function MessagesScreen() {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <SendCard />
      <SentList />
    </div>
  );
}
