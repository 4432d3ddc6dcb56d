import {
  MSG_DISABLE_SELF,
  MSG_LAST_ADMIN,
  MSG_OPERATOR_MISSING,
  MSG_RESET_SELF,
  type OperatorItem,
} from '@app/contract/console-admin';
import type { OperatorRole } from '@app/contract/console-define';
import { formatDateTime } from '@app/contract/codecs';
import { and, asc, eq } from 'drizzle-orm';
import { BusinessError } from '../core/errors';
import type { Actor } from '../db/audit';
import type { Db } from '../db/client';
import { operators } from '../db/schema/operators';
import { createOperator, findOperator, resetOperator, type OperatorRow } from './operators';
import { revokeOperatorSessions } from './operator-sessions';

/* Operators managed from the console by 超级管理员: list, create, change role, disable / enable,
 * reset. Never leaves the console without an enabled 超级管理员. Each write returns what its audit
 * row records (never a password or a secret). */

type AuditFn = (entry: {
  action: string;
  targetType: string;
  targetId: number;
  before?: unknown;
  after?: unknown;
}) => Promise<void>;

export function operatorItem(row: OperatorRow): OperatorItem {
  return {
    id: row.id,
    name: row.name,
    role: row.role as OperatorRole,
    totp_enabled: row.totpEnabled,
    disabled: row.disabled,
    must_change_password: row.mustChangePassword,
    last_login_at: row.lastLoginAt ? formatDateTime(row.lastLoginAt.getTime()) : null,
    created_at: formatDateTime(row.createdAt.getTime()),
  };
}

export async function listOperators(db: Db): Promise<OperatorItem[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.id));
  return rows.map(operatorItem);
}

export async function createOperatorAudited(db: Db, name: string, role: OperatorRole, audit: AuditFn) {
  const { operator, password } = await createOperator(db, name, role);
  await audit({
    action: 'operator.create',
    targetType: 'operator',
    targetId: operator.id,
    after: { name: operator.name, role: operator.role },
  });
  return { id: operator.id, name: operator.name, role: operator.role as OperatorRole, password };
}

/**
 * Refuses a change that leaves no enabled 超级管理员: the enabled ones are locked (in id order, so two
 * admins demoting each other at once queue up, and the second sees the first's change).
 */
async function assertAnotherAdmin(db: Db, targetId: number): Promise<void> {
  const others = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), eq(operators.disabled, false)))
    .orderBy(asc(operators.id))
    .for('update');
  if (!others.some((o) => o.id !== targetId)) throw new BusinessError(MSG_LAST_ADMIN, 409);
}

/** Changes role and/or disabled; the operator's sessions end (it signs in again with what it now is). */
export async function updateOperator(
  db: Db,
  actor: Actor,
  input: { id: number; role?: OperatorRole; disabled?: boolean },
  audit: AuditFn,
): Promise<OperatorItem> {
  const row = await findOperator(db, input.id);
  if (!row) throw new BusinessError(MSG_OPERATOR_MISSING, 404);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (input.role !== undefined && input.role !== row.role) {
    before.role = row.role;
    after.role = input.role;
  }
  if (input.disabled !== undefined && input.disabled !== row.disabled) {
    if (input.disabled && row.id === actor.operatorId) throw new BusinessError(MSG_DISABLE_SELF, 409);
    before.disabled = row.disabled;
    after.disabled = input.disabled;
  }
  if (Object.keys(after).length === 0) {
    // Nothing changes: recorded as asked, with nothing before or after but the name.
    await audit({
      action: 'operator.update',
      targetType: 'operator',
      targetId: row.id,
      after: { name: row.name },
    });
    return operatorItem(row);
  }
  const losesAdmin = row.role === 'admin' && !row.disabled && (after.role !== undefined || after.disabled);
  if (losesAdmin) await assertAnotherAdmin(db, row.id);
  const [updated] = await db
    .update(operators)
    .set({ role: input.role ?? row.role, disabled: input.disabled ?? row.disabled })
    .where(eq(operators.id, row.id))
    .returning();
  if (!updated) throw new BusinessError(MSG_OPERATOR_MISSING, 404);
  await revokeOperatorSessions(db, row.id);
  await audit({
    action: 'operator.update',
    targetType: 'operator',
    targetId: row.id,
    before: { name: row.name, ...before },
    after: { name: row.name, ...after },
  });
  return operatorItem(updated);
}

/** The command line's operator:reset from the console (same code), refused on oneself. */
export async function resetOperatorAudited(db: Db, actor: Actor, id: number, audit: AuditFn) {
  if (id === actor.operatorId) throw new BusinessError(MSG_RESET_SELF, 409);
  const { before, after, password } = await resetOperator(db, id);
  const state = (r: OperatorRow) => ({
    name: r.name,
    must_change_password: r.mustChangePassword,
    totp_enabled: r.totpEnabled,
    disabled: r.disabled,
  });
  await audit({
    action: 'operator.reset',
    targetType: 'operator',
    targetId: id,
    before: state(before),
    after: { ...state(after), sessions_ended: true },
  });
  return { id: after.id, name: after.name, role: after.role as OperatorRole, password };
}
