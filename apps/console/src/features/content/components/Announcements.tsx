import {
  consoleCreateNotice,
  consoleDeleteNotice,
  consoleUpdateNotice,
  MSG_NOTICE_CONTENT,
  MSG_NOTICE_TITLE,
  NOTICE_TITLE_MAX,
  type NoticeRow,
} from '@app/contract/console-content';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { SaveModal } from '@/shared/SaveModal';
import { WindowCell, WindowFields } from '@/shared/WindowFields';
import { windowInitial, windowPayload, type WindowValues } from '@/shared/timeWindow';
import { RichTextEditor } from '@/shared/RichTextEditor';
import { noticesQuery, useContentWrite } from '../api';
import { richTextRule } from '../rules';
import { usePaging } from '@/shared/usePaging';
import { useRowSave } from '../useRowSave';
import { RowsTable } from './RowsTable';

interface Values extends WindowValues {
  title: string;
  content: string;
}

function NoticeModal({ notice, onClose }: { notice: NoticeRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { busy, save } = useRowSave(
    { create: consoleCreateNotice, update: consoleUpdateNotice },
    notice,
    { added: '公告已发布', saved: '公告已保存' },
    onClose,
  );
  return (
    <SaveModal
      title={notice ? '编辑站内公告' : '发布站内公告'}
      okText={notice ? '保存' : '发布'}
      busy={busy}
      form={form}
      onClose={onClose}
      width={760}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => save({ title: v.title.trim(), content: v.content, ...windowPayload(v) })}
        initialValues={{ ...(notice ?? { title: '', content: '' }), ...windowInitial(notice) }}
        disabled={busy}
      >
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: MSG_NOTICE_TITLE },
            { max: NOTICE_TITLE_MAX, message: `标题最多${NOTICE_TITLE_MAX}个字` },
          ]}
        >
          <Input maxLength={NOTICE_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item label="内容" name="content" rules={[richTextRule(MSG_NOTICE_CONTENT)]}>
          <RichTextEditor placeholder="公告内容" minHeight={240} />
        </Form.Item>
        <WindowFields />
      </Form>
    </SaveModal>
  );
}

/** 站内公告: announcements for everyone (title + rich text), in the member app's 消息中心 · 站内信. */
export function Announcements() {
  const { message } = App.useApp();
  const { page, pageSize, pagination } = usePaging({ sizePickerPast50: true });
  const query = useQuery(noticesQuery(page, pageSize));
  const [editing, setEditing] = useState<NoticeRow | null | undefined>(undefined);
  const remove = useContentWrite(consoleDeleteNotice, () => message.success('公告已删除'));
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <>
      <RowsTable<NoticeRow>
        hint="所有会员可见，显示在会员端“消息中心 · 站内信”，新发布的在前。"
        addText="发布站内公告"
        emptyText="暂无站内公告"
        rows={query.data?.items ?? []}
        loading={query.isFetching}
        pagination={pagination(query.data?.total ?? 0)}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '展示时间', key: 'window', width: 250, render: (_, n) => <WindowCell row={n} /> },
          { title: '发布时间', dataIndex: 'created_at', width: 170, render: (v: string) => shortTime(v) },
        ]}
        deleteTitle="删除这条公告？"
        deleteDescription="会员将不再看到它。"
        deleting={remove.isPending}
        onAdd={() => setEditing(null)}
        onEdit={setEditing}
        onDelete={(n) => remove.mutateAsync({ id: n.id })}
      />
      {editing !== undefined && <NoticeModal notice={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
