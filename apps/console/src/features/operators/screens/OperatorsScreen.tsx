import type { OperatorItem } from '@app/contract/console-admin';
import { isReviewTicket } from '@app/contract/console-approvals';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/QueryError';
import { useSubmittedNotice } from '@/shared/review';
import { useOperator } from '@/shared/session';
import { operatorsQuery, useCreateOperator, useResetOperator, useUpdateOperator } from '../api';
import { CreateOperatorModal } from '../components/CreateOperatorModal';
import { operatorColumns } from '../components/operatorColumns';
import { RoleModal } from '../components/RoleModal';

/** Operators (超级管理员): list, create, change role, disable / enable, reset. */
export default function OperatorsScreen() {
  const me = useOperator();
  const query = useQuery(operatorsQuery);
  const [creating, setCreating] = useState(false);
  const [roleOf, setRoleOf] = useState<OperatorItem | null>(null);
  const notice = useSubmittedNotice();
  // Creating, resetting and a role change wait for another 超级管理员 (who is shown any password).
  const create = useCreateOperator((_t, said) => {
    setCreating(false);
    notice(said, 'operator.create', '通过后由复核人看到一次性密码');
  });
  const update = useUpdateOperator((r, said) => {
    setRoleOf(null);
    if (isReviewTicket(r)) notice(said, 'operator.update', '通过前角色不变');
  });
  const reset = useResetOperator((_t, said) =>
    notice(said, 'operator.reset', '通过后由复核人看到一次性密码'),
  );
  const updatingId = update.isPending ? Number(update.variables?.id) : null;
  const busyId = reset.isPending ? reset.variables : updatingId;

  const columns = operatorColumns({
    meId: me.id,
    busyId,
    updating: update.isPending,
    resetting: reset.isPending,
    onRole: setRoleOf,
    onToggle: (o) => update.mutate({ id: o.id, disabled: !o.disabled }),
    onReset: (o) => reset.mutate(o.id),
  });

  return (
    <Card
      title="操作员"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建操作员
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        至少保留一名启用的超级管理员；不能停用或重置自己的账号。新建、重置和修改角色须由另一位超级管理员在「待复核」中通过后才生效，一次性密码显示给通过的那一位；停用和启用立即生效。所有修改都记入审计日志。
      </Typography.Paragraph>
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table<OperatorItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.rows ?? []}
          loading={query.isFetching}
          locale={{ emptyText: '暂无数据' }}
          pagination={false}
        />
      )}
      <CreateOperatorModal
        open={creating}
        busy={create.isPending}
        onSubmit={(v) => create.mutate(v)}
        onCancel={() => setCreating(false)}
      />
      <RoleModal
        operator={roleOf}
        busy={update.isPending}
        onSubmit={(role) => roleOf && update.mutate({ id: roleOf.id, role })}
        onCancel={() => setRoleOf(null)}
      />
    </Card>
  );
}
