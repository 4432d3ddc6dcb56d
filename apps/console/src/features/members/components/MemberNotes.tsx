import { consoleAddMemberNote, MSG_NOTE, NOTE_MAX, type MemberNote } from '@app/contract/console-annotations';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, List, Typography } from 'antd';
import { errorMessage } from '@/shared/api';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { usePaging } from '@/shared/usePaging';
import { notesQuery } from '../api';
import { useMemberAction } from './useMemberAction';

/** A new note: trimmed, at most NOTE_MAX characters (the server checks again). */
function AddNote({ memberId }: { memberId: number }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ body: string }>();
  const add = useMemberAction(consoleAddMemberNote, () => {
    message.success('备注已添加');
    form.resetFields();
  });
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label="添加备注"
      onFinish={(v) => add.mutate({ id: memberId, body: v.body.trim() })}
    >
      {add.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={errorMessage(add.error)} />
      )}
      <Form.Item
        name="body"
        label="添加备注"
        extra="备注添加后不能修改或删除。"
        rules={[
          { required: true, whitespace: true, message: MSG_NOTE },
          { max: NOTE_MAX, message: `备注最多${NOTE_MAX}个字` },
        ]}
      >
        <Input.TextArea rows={3} maxLength={NOTE_MAX} showCount aria-label="备注内容" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        添加备注
      </Button>
    </Form>
  );
}

/** The member's notes, newest first, with author and time; the text shown as text, never as HTML. */
export function MemberNotes({ memberId }: { memberId: number }) {
  const mayAdd = useMayCall(consoleAddMemberNote);
  const paging = usePaging();
  const query = useQuery(notesQuery(memberId, paging.page, paging.pageSize));
  return (
    <>
      {mayAdd && <AddNote memberId={memberId} />}
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <List<MemberNote>
          style={{ marginTop: 16 }}
          loading={query.isFetching}
          dataSource={query.data?.items ?? []}
          locale={{ emptyText: '暂无备注' }}
          pagination={
            query.data && query.data.total > paging.pageSize
              ? {
                  current: paging.page,
                  pageSize: paging.pageSize,
                  total: query.data.total,
                  onChange: (p) => paging.setPage(p),
                }
              : false
          }
          renderItem={(n) => (
            <List.Item key={n.id}>
              <List.Item.Meta
                title={
                  <Typography.Text type="secondary">
                    {n.created_by} · {shortTime(n.created_at)}
                  </Typography.Text>
                }
                description={
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                    {n.body}
                  </Typography.Paragraph>
                }
              />
            </List.Item>
          )}
        />
      )}
    </>
  );
}
