/* Operators and risk controls under maker–checker: a new operator, a role change, a reset (a new
 * one-time password) and a change of the controls wait for a second 超级管理员. The one-time password a
 * new or reset operator gets is shown to the checker, once. Disabling an operator applies at once. */
import { formatCents } from '@app/contract/codecs';
import type { ReviewTicket } from '@app/contract/console-approvals';
import { OPERATOR_ROLE_LABELS, type OperatorRole } from '@app/contract/console-define';
import type { OperatorItem } from '@app/contract/console-admin';
import { BusinessError } from '../../core/errors';
import type { Actor, AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { createOperatorAudited, resetOperatorAudited, updateOperator } from '../../identity/operator-admin';
import { findOperator } from '../../identity/operators';
import { dailyTotal, getControls, saveControls, type Controls } from './controls';
import { fileForReview, submitApproval, type Executor } from './service';

type Audit = (e: AuditEntry) => Promise<void>;
const MSG_OPERATOR_MISSING = '操作员不存在';

async function operatorName(db: Db, id: number): Promise<string> {
  const row = await findOperator(db, id);
  if (!row) throw new BusinessError(MSG_OPERATOR_MISSING, 404);
  return row.name;
}

export async function requestOperatorCreate(
  db: Db,
  maker: Actor,
  name: string,
  role: OperatorRole,
  audit: Audit,
) {
  return fileForReview(
    db,
    maker,
    {
      check: () => createOperatorAudited(db, name, role, async () => undefined),
      kind: 'operator.create',
      targetType: 'operator',
      targetId: '',
      payload: { name, role },
      summary: `新建操作员 ${name}（${OPERATOR_ROLE_LABELS[role]}）`,
    },
    audit,
  );
}

/** Disabling or enabling applies now; a role change is filed for another 超级管理员. */
export async function requestOperatorUpdate(
  db: Db,
  maker: Actor,
  input: { id: number; role?: OperatorRole; disabled?: boolean },
  audit: Audit,
): Promise<OperatorItem | ReviewTicket> {
  const row = await findOperator(db, input.id);
  if (!row) throw new BusinessError(MSG_OPERATOR_MISSING, 404);
  const roleChanges = input.role !== undefined && input.role !== row.role;
  if (!roleChanges) return updateOperator(db, maker, { id: input.id, disabled: input.disabled }, audit);
  if (input.disabled !== undefined)
    await updateOperator(db, maker, { id: input.id, disabled: input.disabled }, audit);
  const role = input.role as OperatorRole;
  return fileForReview(
    db,
    maker,
    {
      check: () => updateOperator(db, maker, { id: input.id, role }, async () => undefined),
      kind: 'operator.update',
      targetType: 'operator',
      targetId: input.id,
      payload: { id: input.id, role },
      summary: `操作员 ${row.name} 的角色由${OPERATOR_ROLE_LABELS[row.role as OperatorRole]}改为${OPERATOR_ROLE_LABELS[role]}`,
    },
    audit,
  );
}

export async function requestOperatorReset(db: Db, maker: Actor, id: number, audit: Audit) {
  const name = await operatorName(db, id);
  return fileForReview(
    db,
    maker,
    {
      check: () => resetOperatorAudited(db, maker, id, async () => undefined),
      kind: 'operator.reset',
      targetType: 'operator',
      targetId: id,
      payload: { id },
      summary: `重置操作员 ${name}（新的一次性密码，重新绑定动态验证码）`,
    },
    audit,
  );
}

export const operatorCreateExecutor: Executor = async ({ db, audit }, payload) => {
  const { name, role } = payload as { name: string; role: OperatorRole };
  const r = await createOperatorAudited(db, name, role, audit);
  return { result: `操作员 ${r.name} 已创建`, password: r.password };
};

export const operatorUpdateExecutor: Executor = async ({ db, checker, audit }, payload) => {
  const { id, role } = payload as { id: number; role: OperatorRole };
  const r = await updateOperator(db, checker, { id, role }, audit);
  return { result: `操作员 ${r.name} 现为${OPERATOR_ROLE_LABELS[r.role]}` };
};

export const operatorResetExecutor: Executor = async ({ db, checker, audit }, payload) => {
  const { id } = payload as { id: number };
  const r = await resetOperatorAudited(db, checker, id, audit);
  return { result: `操作员 ${r.name} 已重置`, password: r.password };
};

/* Risk controls ------------------------------------------------------------------------------------- */

export interface ControlsInput {
  adjust_review_above: number;
  bonus_cap_review_above: number;
  daily_adjust: number;
  daily_approve: number;
  withdrawal_hold_hours: number;
}

const controlsOf = (i: ControlsInput): Controls => ({
  adjustReviewAboveCents: BigInt(i.adjust_review_above),
  bonusCapReviewAboveCents: BigInt(i.bonus_cap_review_above),
  dailyAdjustCents: BigInt(i.daily_adjust),
  dailyApproveCents: BigInt(i.daily_approve),
  withdrawalHoldHours: i.withdrawal_hold_hours,
});

const wireOf = (c: Controls) => ({
  adjust_review_above: formatCents(c.adjustReviewAboveCents),
  bonus_cap_review_above: formatCents(c.bonusCapReviewAboveCents),
  daily_adjust: formatCents(c.dailyAdjustCents),
  daily_approve: formatCents(c.dailyApproveCents),
  withdrawal_hold_hours: c.withdrawalHoldHours,
});

export async function controlsView(db: Db, operatorId: number) {
  return {
    ...wireOf(await getControls(db)),
    used_adjust: formatCents(await dailyTotal(db, operatorId, 'adjust')),
    used_approve: formatCents(await dailyTotal(db, operatorId, 'approve')),
  };
}

export async function requestControls(db: Db, maker: Actor, input: ControlsInput, audit: Audit) {
  const next = wireOf(controlsOf(input));
  const summary =
    `风控设置：调整超过 ${next.adjust_review_above} 需复核，活动封顶超过 ${next.bonus_cap_review_above} 需复核，` +
    `每人每日调整上限 ${next.daily_adjust}，每人每日审核上限 ${next.daily_approve}，` +
    `提款暂缓 ${next.withdrawal_hold_hours} 小时`;
  return submitApproval(
    db,
    maker,
    { kind: 'controls', targetType: 'controls', targetId: 1, payload: input, summary },
    audit,
  );
}

export const controlsExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const before = wireOf(await getControls(db));
  const next = controlsOf(payload as ControlsInput);
  await saveControls(db, next);
  await audit({
    action: 'controls.update',
    targetType: 'controls',
    targetId: 1,
    before,
    after: { ...wireOf(next), approval_id: row.id, maker_name: maker.name, checker_name: checker.name },
  });
  return { result: '风控设置已生效' };
};
