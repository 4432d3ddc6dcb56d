import { consoleSaveSponsors, consoleSaveWelcomeModal, MSG_SPONSOR_URL } from '@app/contract/console-content';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { QueryError } from '@/shared/QueryError';
import { RichTextEditor } from '@/shared/RichTextEditor';
import { sitePagesQuery, useContentWrite } from '../api';
import { linkRule } from '../rules';

function WelcomeModalCard({ html }: { html: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ index_modal: string }>();
  const save = useContentWrite(consoleSaveWelcomeModal, (d) =>
    message.success(d.index_modal ? '首页弹窗已保存' : '首页弹窗已关闭'),
  );
  useEffect(() => form.setFieldsValue({ index_modal: html }), [form, html]);
  return (
    <Card title="首页弹窗">
      <Typography.Paragraph type="secondary">
        会员打开首页时弹出的欢迎内容；清空并保存即不再弹出。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ index_modal: html }}
        disabled={save.isPending}
        onFinish={(v) => save.mutate({ index_modal: v.index_modal ?? '' })}
      >
        <Form.Item name="index_modal" label="弹窗内容">
          <RichTextEditor placeholder="弹窗内容（留空则不弹出）" minHeight={220} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存弹窗
        </Button>
      </Form>
    </Card>
  );
}

interface Sponsors {
  sponsor_url_1: string;
  sponsor_url_2: string;
}

function SponsorsCard({ urls }: { urls: Sponsors }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Sponsors>();
  const save = useContentWrite(consoleSaveSponsors, () => message.success('赞助页地址已保存'));
  useEffect(() => form.setFieldsValue(urls), [form, urls]);
  const rules = [{ required: true, whitespace: true, message: MSG_SPONSOR_URL }, linkRule];
  return (
    <Card title="赞助页地址">
      <Typography.Paragraph type="secondary">
        会员端“赞助”页的两个入口打开的页面（/zhanzhuye?type=1 和 type=2）：站外地址以 https://
        开头，站内页面以 / 开头。
      </Typography.Paragraph>
      <Form<Sponsors>
        form={form}
        layout="vertical"
        initialValues={urls}
        disabled={save.isPending}
        onFinish={(v) =>
          save.mutate({ sponsor_url_1: v.sponsor_url_1.trim(), sponsor_url_2: v.sponsor_url_2.trim() })
        }
        style={{ maxWidth: 640 }}
      >
        <Form.Item label="赞助页一（type=1）" name="sponsor_url_1" rules={rules}>
          <Input maxLength={500} placeholder="https://…" />
        </Form.Item>
        <Form.Item label="赞助页二（type=2）" name="sponsor_url_2" rules={rules}>
          <Input maxLength={500} placeholder="https://…" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存地址
        </Button>
      </Form>
    </Card>
  );
}

/** 弹窗与赞助: the welcome modal and the two sponsor pages. */
export default function PagesScreen() {
  const query = useQuery(sitePagesQuery());
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  if (!query.data) return <Card loading title="弹窗与赞助" />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <WelcomeModalCard html={query.data.index_modal} />
      <SponsorsCard urls={query.data} />
    </Space>
  );
}
