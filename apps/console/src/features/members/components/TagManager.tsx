import {
  consoleCreateMemberTag,
  consoleDeleteMemberTag,
  consoleUpdateMemberTag,
  MSG_TAG_COLOR,
  MSG_TAG_NAME,
  TAG_COLOR_LIST,
  TAG_COLORS,
  TAG_NAME_MAX,
  type MemberTagRow,
  type TagColor,
} from '@app/contract/console-annotations';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { QueryError } from '@/shared/QueryError';
import { tagsQuery } from '../api';
import { useMemberAction } from './useMemberAction';

interface Values {
  name: string;
  color: TagColor;
}

const COLOR_OPTIONS = TAG_COLOR_LIST.map((c) => ({ value: c, label: <Tag color={c}>{TAG_COLORS[c]}</Tag> }));

/** One tag's form: a new one (`editing` null) or an existing one. */
function TagForm({ editing, onDone }: { editing: MemberTagRow | null; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useMemberAction(consoleCreateMemberTag);
  const update = useMemberAction(consoleUpdateMemberTag);
  const pending = create.isPending || update.isPending;
  const failed = create.error ?? update.error;
  const done = (text: string) => {
    message.success(text);
    form.resetFields();
    onDone();
  };
  const submit = (v: Values) => {
    const body = { name: v.name.trim(), color: v.color };
    if (editing) update.mutate({ id: editing.id, ...body }, { onSuccess: () => done('标签已保存') });
    else create.mutate(body, { onSuccess: () => done('标签已创建') });
  };
  return (
    <>
      {failed && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={errorMessage(failed)} />}
      <Form<Values>
        form={form}
        layout="inline"
        key={editing?.id ?? 'new'}
        initialValues={
          editing ? { name: editing.name, color: editing.color as TagColor } : { color: TAG_COLOR_LIST[0] }
        }
        onFinish={submit}
        aria-label={editing ? '修改标签' : '新建标签'}
      >
        <Form.Item
          name="name"
          rules={[
            { required: true, whitespace: true, message: MSG_TAG_NAME },
            { max: TAG_NAME_MAX, message: `标签名称最多${TAG_NAME_MAX}个字` },
          ]}
        >
          <Input
            aria-label="标签名称"
            placeholder="标签名称"
            maxLength={TAG_NAME_MAX}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="color" rules={[{ required: true, message: MSG_TAG_COLOR }]}>
          <Select aria-label="标签颜色" options={COLOR_OPTIONS} style={{ width: 100 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          {editing ? '保存' : '新建'}
        </Button>
        {editing && <Button onClick={onDone}>取消</Button>}
      </Form>
    </>
  );
}

/** 管理标签: every tag with its member count; new, rename or recolour, delete. */
export function TagManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const tags = useQuery({ ...tagsQuery(), enabled: open });
  const [editing, setEditing] = useState<MemberTagRow | null>(null);
  const remove = useMemberAction(consoleDeleteMemberTag, (r) =>
    message.success(r.members > 0 ? `标签已删除，已从 ${r.members} 位会员移除` : '标签已删除'),
  );
  return (
    <Modal open={open} title="管理标签" footer={null} width={640} onCancel={onClose} destroyOnHidden>
      <TagForm editing={editing} onDone={() => setEditing(null)} />
      {remove.isError && (
        <Alert type="error" showIcon style={{ marginTop: 12 }} message={errorMessage(remove.error)} />
      )}
      {tags.isError && !tags.data ? (
        <QueryError error={tags.error} retry={() => void tags.refetch()} />
      ) : (
        <Table<MemberTagRow>
          rowKey="id"
          size="small"
          style={{ marginTop: 16 }}
          loading={tags.isFetching}
          dataSource={tags.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: '暂无标签' }}
          columns={[
            { title: '标签', key: 'tag', render: (_, t) => <Tag color={t.color}>{t.name}</Tag> },
            { title: '会员数', dataIndex: 'members', width: 90 },
            {
              title: '操作',
              key: 'actions',
              width: 140,
              render: (_, t) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(t)}>
                    修改
                  </Button>
                  <Popconfirm
                    title={`删除标签“${t.name}”？`}
                    description={t.members > 0 ? `将从 ${t.members} 位会员身上移除` : undefined}
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => remove.mutateAsync({ id: t.id }).catch(() => undefined)}
                  >
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
