import type { OperatorItem } from '@app/contract/console-admin';
import { OPERATOR_ROLE_LABELS } from '@app/contract/console-define';
import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { shortTime } from '@/shared/format';

function statusTag(o: OperatorItem) {
  if (o.disabled) return <Tag color="red">已停用</Tag>;
  if (o.must_change_password) return <Tag color="orange">待首次登录</Tag>;
  return <Tag color="green">正常</Tag>;
}

interface Actions {
  /** The signed-in operator: it cannot disable or reset itself. */
  meId: number;
  /** The operator a write is running on (its buttons wait). */
  busyId: number | null | undefined;
  updating: boolean;
  resetting: boolean;
  onRole: (o: OperatorItem) => void;
  onToggle: (o: OperatorItem) => void;
  onReset: (o: OperatorItem) => void;
}

function ActionButtons({ o, a }: { o: OperatorItem; a: Actions }) {
  const self = o.id === a.meId;
  const busy = a.busyId === o.id;
  return (
    <Space size={4}>
      <Button size="small" disabled={busy} onClick={() => a.onRole(o)}>
        修改角色
      </Button>
      <Popconfirm
        title={o.disabled ? `启用 ${o.name}？` : `停用 ${o.name}？`}
        description={o.disabled ? undefined : '停用后其登录会话立即失效。'}
        onConfirm={() => a.onToggle(o)}
        disabled={self}
      >
        <Button size="small" danger={!o.disabled} disabled={self || busy} loading={busy && a.updating}>
          {o.disabled ? '启用' : '停用'}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={`重置 ${o.name}？`}
        description="须另一位超级管理员复核；通过后生成新的一次性密码（显示给复核人）并清除动态验证码，其登录会话立即失效；已停用的账号保持停用。"
        onConfirm={() => a.onReset(o)}
        disabled={self}
      >
        <Button size="small" disabled={self || busy} loading={busy && a.resetting}>
          重置
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The operators table's columns, with the row actions. */
export function operatorColumns(a: Actions): TableColumnsType<OperatorItem> {
  return [
    { title: '用户名', dataIndex: 'name', render: (n: string, o) => (o.id === a.meId ? `${n}（我）` : n) },
    { title: '角色', dataIndex: 'role', render: (r: OperatorItem['role']) => OPERATOR_ROLE_LABELS[r] },
    {
      title: '动态验证码',
      dataIndex: 'totp_enabled',
      render: (on: boolean) => (on ? <Tag color="blue">已绑定</Tag> : <Tag>未绑定</Tag>),
    },
    { title: '状态', key: 'status', render: (_, o) => statusTag(o) },
    { title: '最近登录', dataIndex: 'last_login_at', render: (t: string | null) => shortTime(t) },
    { title: '创建时间', dataIndex: 'created_at', render: (t: string) => shortTime(t) },
    { title: '操作', key: 'actions', width: 260, render: (_, o) => <ActionButtons o={o} a={a} /> },
  ];
}
