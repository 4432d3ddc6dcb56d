import { OPERATOR_ROLE_LABELS, type OperatorRole } from '@app/contract/console-define';
import type { OperatorItem } from '@app/contract/console-admin';
import { Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { ROLE_OPTIONS } from './CreateOperatorModal';

/** Changes an operator's role (its sessions end: it signs in again with the new role). */
export function RoleModal(props: {
  operator: OperatorItem | null;
  busy: boolean;
  onSubmit: (role: OperatorRole) => void;
  onCancel: () => void;
}) {
  const [role, setRole] = useState<OperatorRole | null>(null);
  const op = props.operator;
  const chosen = role ?? op?.role ?? null;
  return (
    <Modal
      open={op !== null}
      title={op ? `修改角色：${op.name}` : ''}
      okText="保存"
      okButtonProps={{ disabled: !chosen || chosen === op?.role }}
      confirmLoading={props.busy}
      onOk={() => chosen && props.onSubmit(chosen)}
      onCancel={props.onCancel}
      afterClose={() => setRole(null)}
    >
      {op && (
        <>
          <Typography.Paragraph>
            当前角色：{OPERATOR_ROLE_LABELS[op.role]}。修改后该操作员的登录会话立即失效，需要重新登录。
          </Typography.Paragraph>
          <Select
            value={chosen}
            onChange={setRole}
            options={ROLE_OPTIONS}
            style={{ width: 200 }}
            aria-label="新角色"
          />
        </>
      )}
    </Modal>
  );
}
