import { OPERATOR_ROLE_LABELS, type OperatorRole } from '@app/contract/console-define';
import type { OperatorItem } from '@app/contract/console-admin';
import { Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { ROLE_OPTIONS } from './CreateOperatorModal';

/** Asks for a change of an operator's role (另一位超级管理员 approves; its sessions end then). */
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
      okText="提交复核"
      okButtonProps={{ disabled: !chosen || chosen === op?.role }}
      confirmLoading={props.busy}
      onOk={() => chosen && props.onSubmit(chosen)}
      onCancel={props.onCancel}
      afterClose={() => setRole(null)}
    >
      {op && (
        <>
          <Typography.Paragraph>
            当前角色：{OPERATOR_ROLE_LABELS[op.role]}
            。修改须另一位超级管理员在「待复核」中通过；通过后该操作员的登录会话立即失效，需要重新登录。
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
