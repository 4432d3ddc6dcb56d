import {
  consoleCreateHomeNotice,
  consoleDeleteHomeNotice,
  consoleUpdateHomeNotice,
  HOME_NOTICE_MAX,
  MSG_HOME_NOTICE,
  SORT_MAX,
  type HomeNoticeRow,
} from '@app/contract/console-content';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { SaveModal } from '@/shared/SaveModal';
import { WindowCell, WindowFields } from '@/shared/WindowFields';
import { windowInitial, windowPayload, type WindowValues } from '@/shared/timeWindow';
import { homeNoticesQuery, useContentWrite } from '../api';
import { useRowSave } from '../useRowSave';
import { RowsTable } from './RowsTable';

interface Values extends WindowValues {
  content: string;
  sort: number;
}

function HomeNoticeModal({ notice, onClose }: { notice: HomeNoticeRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { busy, save } = useRowSave(
    { create: consoleCreateHomeNotice, update: consoleUpdateHomeNotice },
    notice,
    { added: '滚动公告已添加', saved: '滚动公告已保存' },
    onClose,
  );
  return (
    <SaveModal title={notice ? '编辑滚动公告' : '添加滚动公告'} busy={busy} form={form} onClose={onClose}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => save({ content: v.content.trim(), sort: v.sort ?? 0, ...windowPayload(v) })}
        initialValues={{ ...(notice ?? { content: '', sort: 0 }), ...windowInitial(notice) }}
        disabled={busy}
      >
        <Form.Item
          label="公告内容"
          name="content"
          extra="纯文本，在首页公告栏滚动显示。"
          rules={[
            { required: true, whitespace: true, message: MSG_HOME_NOTICE },
            { max: HOME_NOTICE_MAX, message: `公告最多${HOME_NOTICE_MAX}个字` },
          ]}
        >
          <Input.TextArea rows={3} maxLength={HOME_NOTICE_MAX} showCount />
        </Form.Item>
        <Form.Item label="排序" name="sort" extra="数字小的在前。">
          <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <WindowFields />
      </Form>
    </SaveModal>
  );
}

/** 滚动公告: the plain texts of the hall's notice bar (and /message's 公告 tab). */
export function HomeNotices() {
  const { message } = App.useApp();
  const query = useQuery(homeNoticesQuery());
  const [editing, setEditing] = useState<HomeNoticeRow | null | undefined>(undefined);
  const remove = useContentWrite(consoleDeleteHomeNotice, () => message.success('滚动公告已删除'));
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <>
      <RowsTable<HomeNoticeRow>
        hint="会员端首页公告栏滚动显示的文字，也显示在“消息中心 · 公告”。"
        addText="添加滚动公告"
        emptyText="暂无滚动公告"
        rows={query.data?.items ?? []}
        loading={query.isFetching}
        pagination={false}
        columns={[
          { title: '内容', dataIndex: 'content' },
          { title: '排序值', dataIndex: 'sort', width: 90 },
          { title: '展示时间', key: 'window', width: 250, render: (_, n) => <WindowCell row={n} /> },
          { title: '添加时间', dataIndex: 'created_at', width: 170, render: (v: string) => shortTime(v) },
        ]}
        deleteTitle="删除这条滚动公告？"
        deleting={remove.isPending}
        onAdd={() => setEditing(null)}
        onEdit={setEditing}
        onDelete={(n) => remove.mutateAsync({ id: n.id })}
      />
      {editing !== undefined && <HomeNoticeModal notice={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
