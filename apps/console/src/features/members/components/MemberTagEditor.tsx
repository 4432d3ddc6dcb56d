import { consoleTagMembers, type MemberTag } from '@app/contract/console-annotations';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { useMayCall } from '@/shared/session';
import { tagsQuery } from '../api';
import { OperatorTags } from './MemberTags';
import { useMemberAction } from './useMemberAction';

/** The member's own tags on their page, and 编辑标签 (what is added and what is taken off). */
export function MemberTagEditor({ member }: { member: { id: number; name: string; tags: MemberTag[] } }) {
  const { message } = App.useApp();
  const mayTag = useMayCall(consoleTagMembers);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const tags = useQuery({ ...tagsQuery(), enabled: open });
  const action = useMemberAction(consoleTagMembers);
  const start = () => {
    setChosen(member.tags.map((t) => t.id));
    action.reset();
    setOpen(true);
  };
  const save = async () => {
    const had = new Set(member.tags.map((t) => t.id));
    const added = chosen.filter((id) => !had.has(id));
    const removed = [...had].filter((id) => !chosen.includes(id));
    try {
      if (added.length > 0)
        await action.mutateAsync({ member_ids: [member.id], tag_ids: added, action: 'add' });
      if (removed.length > 0) {
        await action.mutateAsync({ member_ids: [member.id], tag_ids: removed, action: 'remove' });
      }
      message.success('标签已保存');
      setOpen(false);
    } catch {
      // Shown in the dialog (action.error).
    }
  };
  return (
    <Space size={4} wrap>
      {member.tags.length === 0 ? <span>—</span> : <OperatorTags tags={member.tags} />}
      {mayTag && (
        <Button size="small" type="link" onClick={start}>
          编辑标签
        </Button>
      )}
      <Modal
        open={open}
        title={`编辑标签：${member.name}`}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: action.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        destroyOnHidden
      >
        {action.isError && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(action.error)} />
        )}
        <Select
          mode="multiple"
          aria-label="会员标签"
          style={{ width: '100%' }}
          value={chosen}
          onChange={setChosen}
          loading={tags.isLoading}
          optionFilterProp="label"
          placeholder="选择标签"
          options={(tags.data?.items ?? member.tags).map((t) => ({
            value: t.id,
            label: t.name,
            color: t.color,
          }))}
          optionRender={(o) => <Tag color={o.data.color}>{o.data.label}</Tag>}
        />
      </Modal>
    </Space>
  );
}
