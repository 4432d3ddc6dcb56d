import {
  consoleCreateSegment,
  MSG_SEGMENT_NAME,
  MSG_SEGMENT_NAME_LONG,
  MSG_SEGMENT_TAKEN,
  SEGMENT_NAME_MAX,
} from '@app/contract/console-segments';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { callApi, errorMessage } from '@/shared/api';
import { useMayCall } from '@/shared/session';
import type { MemberSearch } from '../api';

const NAME_REFUSALS = [MSG_SEGMENT_NAME, MSG_SEGMENT_NAME_LONG, MSG_SEGMENT_TAKEN];

/**
 * 保存为分群: the search's current filters (as the search sends them) saved under a name, for 群发消息.
 * Enabled once a filter is set; hidden from a role that may not save segments.
 */
export function SaveSegment({ filters }: { filters: MemberSearch }) {
  const may = useMayCall(consoleCreateSegment);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const save = useMutation({
    mutationFn: (name: string) => callApi(consoleCreateSegment, { name, filters }),
    onSuccess: (row) => {
      void message.success(`已保存分群“${row.name}”（当前 ${row.members} 人）`);
      setOpen(false);
    },
    onError: (err) => {
      const text = errorMessage(err);
      if (NAME_REFUSALS.includes(text)) form.setFields([{ name: 'name', errors: [text] }]);
    },
  });
  if (!may) return null;
  const refusal = save.isError && !NAME_REFUSALS.includes(errorMessage(save.error));
  return (
    <>
      <Button
        disabled={Object.keys(filters).length === 0}
        title={Object.keys(filters).length === 0 ? '先在“更多筛选”中设置条件' : undefined}
        onClick={() => {
          save.reset();
          setOpen(true);
        }}
      >
        保存为分群
      </Button>
      <Modal
        open={open}
        title="保存为分群"
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: save.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {refusal && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(save.error)} />
        )}
        <Typography.Paragraph type="secondary">
          按当前“更多筛选”的条件保存；每次群发时按条件重新计算会员。
        </Typography.Paragraph>
        <Form<{ name: string }>
          form={form}
          layout="vertical"
          initialValues={{ name: '' }}
          onFinish={(v) => save.mutate(v.name.trim())}
        >
          <Form.Item
            name="name"
            label="分群名称"
            rules={[
              { required: true, whitespace: true, message: MSG_SEGMENT_NAME },
              { max: SEGMENT_NAME_MAX, message: MSG_SEGMENT_NAME_LONG },
            ]}
          >
            <Input maxLength={SEGMENT_NAME_MAX} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
