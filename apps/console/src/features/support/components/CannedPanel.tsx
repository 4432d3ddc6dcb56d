import {
  consoleSupportCannedDelete,
  consoleSupportCannedSave,
  MSG_SUPPORT_CANNED_BODY,
  MSG_SUPPORT_CANNED_TITLE,
  SUPPORT_CANNED_BODY_MAX,
  SUPPORT_CANNED_TITLE_MAX,
} from '@app/contract/console-support';
import type { DataOf } from '@app/contract/define';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { QueryError } from '@/shared/QueryError';
import { SaveError, SaveModal } from '@/shared/SaveModal';
import { shortTime } from '@/shared/format';
import { useMayCall } from '@/shared/session';
import { supportCannedQuery, useSupportAction } from '../api';

type Canned = DataOf<typeof consoleSupportCannedSave>;
interface Values {
  title: string;
  body: string;
  sort: number;
}

function CannedModal({ row, onClose }: { row: Canned | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSupportAction(consoleSupportCannedSave, onClose);
  return (
    <SaveModal
      title={row ? '编辑快捷回复' : '新建快捷回复'}
      busy={save.isPending}
      form={form}
      onClose={onClose}
    >
      <SaveError write={save} />
      <Form
        form={form}
        layout="vertical"
        initialValues={row ?? { title: '', body: '', sort: 0 }}
        onFinish={(v) => save.mutate(row ? { ...v, id: row.id } : v)}
      >
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: MSG_SUPPORT_CANNED_TITLE },
            { max: SUPPORT_CANNED_TITLE_MAX, message: `标题最多${SUPPORT_CANNED_TITLE_MAX}个字` },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="回复内容"
          name="body"
          rules={[
            { required: true, whitespace: true, message: MSG_SUPPORT_CANNED_BODY },
            { max: SUPPORT_CANNED_BODY_MAX, message: `回复内容最多${SUPPORT_CANNED_BODY_MAX}个字` },
          ]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item label="排序（越小越靠前）" name="sort">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </SaveModal>
  );
}

/** 快捷回复: the desk reads them; 超级管理员 creates, edits and deletes them. */
export function CannedPanel() {
  const { message } = App.useApp();
  const query = useQuery(supportCannedQuery);
  const writes = useMayCall(consoleSupportCannedSave);
  const [editing, setEditing] = useState<Canned | 'new' | null>(null);
  const remove = useSupportAction(consoleSupportCannedDelete, () => message.success('已删除'));
  if (query.isError && !query.data)
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  const columns = [
    { title: '标题', dataIndex: 'title', width: 180 },
    { title: '回复内容', dataIndex: 'body' },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '更新',
      width: 170,
      render: (_: unknown, r: Canned) => `${r.updated_by} · ${shortTime(r.updated_at)}`,
    },
    ...(writes
      ? [
          {
            title: '操作',
            width: 140,
            render: (_: unknown, r: Canned) => (
              <Space>
                <Button size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除这条快捷回复？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() =>
                    remove.mutate({ id: r.id }, { onError: (e) => message.error(errorMessage(e)) })
                  }
                >
                  <Button size="small" danger loading={remove.isPending && remove.variables?.id === r.id}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">
          {writes ? '快捷回复供客服在回复框中选用。' : '快捷回复由超级管理员维护，您可以在回复框中选用。'}
        </Typography.Text>
        {writes && (
          <Button type="primary" onClick={() => setEditing('new')}>
            新建快捷回复
          </Button>
        )}
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data?.items ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: '暂无快捷回复' }}
      />
      {editing && <CannedModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Space>
  );
}
