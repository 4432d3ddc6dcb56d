import { consoleTagMembers, MSG_TAG_PICK, TAG_PICK_MAX } from '@app/contract/console-annotations';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Radio, Select, Tag } from 'antd';
import { errorMessage } from '@/shared/api';
import { tagsQuery } from '../api';
import { useMemberAction } from './useMemberAction';

interface Values {
  tag_ids: number[];
  action: 'add' | 'remove';
}

/**
 * 批量打标签: puts the chosen tags on (or takes them off) every selected member in one call.
 * `title` names the members (n 位会员, or the member's name on its page).
 */
export function BulkTagModal({
  memberIds,
  title,
  open,
  onClose,
  onDone,
}: {
  memberIds: number[];
  title: string;
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const tags = useQuery({ ...tagsQuery(), enabled: open });
  const action = useMemberAction(consoleTagMembers);
  const submit = (v: Values) =>
    action.mutate(
      { member_ids: memberIds, tag_ids: v.tag_ids, action: v.action },
      {
        onSuccess: (r) => {
          message.success(`${v.action === 'add' ? '已打标签' : '已移除标签'}（变更 ${r.changed} 项）`);
          form.resetFields();
          onDone?.();
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      title={`批量打标签：${title}`}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ loading: action.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {action.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(action.error)} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ action: 'add', tag_ids: [] }}
        onFinish={submit}
      >
        <Form.Item name="action" label="操作">
          <Radio.Group
            options={[
              { value: 'add', label: '添加标签' },
              { value: 'remove', label: '移除标签' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="tag_ids"
          label="标签"
          rules={[
            { required: true, type: 'array', min: 1, message: MSG_TAG_PICK },
            { type: 'array', max: TAG_PICK_MAX, message: `一次最多选择${TAG_PICK_MAX}个标签` },
          ]}
        >
          <Select
            mode="multiple"
            aria-label="选择标签"
            placeholder={tags.data?.items.length === 0 ? '暂无标签，请先在“管理标签”中新建' : '选择标签'}
            loading={tags.isLoading}
            optionFilterProp="label"
            options={(tags.data?.items ?? []).map((t) => ({ value: t.id, label: t.name, color: t.color }))}
            optionRender={(o) => <Tag color={o.data.color}>{o.data.label}</Tag>}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
