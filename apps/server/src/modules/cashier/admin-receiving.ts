/* Where members' deposits go changes only with two operators: a new or changed receiving card, a
 * changed USDT address, WeChat/Alipay account or QR image waits in 待复核 for a second 财务 (or
 * 超级管理员). Turning a method on or off and its range apply at once. */
import { maskCardNumber } from '@app/contract/console-members';
import { PAY_METHOD_LABELS, type PayMethod, type PayMethodType } from '@app/contract/console-payments';
import type { ReviewTicket } from '@app/contract/console-approvals';
import type { Actor, AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { fileForReview, type Executor } from '../approvals/service';
import { createReceivingCard, updateReceivingCard, type CardFields } from './admin-cards';
import { payMethodList, updatePayMethod } from './admin-methods';
import type { PayMethodPatch } from './pay-methods';

type Audit = (e: AuditEntry) => Promise<void>;
type MethodChange = { type: PayMethodType } & PayMethodPatch;

/** What of the method's receiving account the change replaces ('' when none). */
function accountChange(current: PayMethod, change: MethodChange): string {
  const parts: string[] = [];
  if (change.account !== undefined && change.account !== current.account) {
    parts.push(change.account ? `收款账户改为 ${change.account}` : '清空收款账户');
  }
  if (change.qrImage !== undefined && change.qrImage !== current.qr_image) {
    parts.push(change.qrImage ? '更换收款二维码' : '移除收款二维码');
  }
  return parts.join('，');
}

/** A pay method's change: applied now, or (its account or QR changes) filed for a second operator. */
export async function requestPayMethodChange(
  db: Db,
  maker: Actor,
  change: MethodChange,
  audit: Audit,
): Promise<PayMethod | ReviewTicket> {
  const current = (await payMethodList(db)).find((m) => m.type === change.type);
  const what = current ? accountChange(current, change) : '';
  if (!what) {
    const r = await updatePayMethod(db, change);
    await audit(r.audit);
    return r.method;
  }
  return fileForReview(
    db,
    maker,
    {
      check: () => updatePayMethod(db, change),
      kind: 'payment.method',
      targetType: 'payMethod',
      targetId: change.type,
      payload: change,
      summary: `${PAY_METHOD_LABELS[change.type]}：${what}`,
    },
    audit,
  );
}

const cardLine = (f: CardFields) => `${f.bank_name} ${maskCardNumber(f.bank_no)}（${f.owner}）`;

export async function requestCardCreate(db: Db, maker: Actor, f: CardFields, audit: Audit) {
  return fileForReview(
    db,
    maker,
    {
      check: () => createReceivingCard(db, f),
      kind: 'payment.cardCreate',
      targetType: 'receivingCard',
      targetId: '',
      payload: f,
      summary: `新增收款银行卡：${cardLine(f)}`,
    },
    audit,
  );
}

export async function requestCardUpdate(db: Db, maker: Actor, id: number, f: CardFields, audit: Audit) {
  return fileForReview(
    db,
    maker,
    {
      check: () => updateReceivingCard(db, id, f),
      kind: 'payment.cardUpdate',
      targetType: 'receivingCard',
      targetId: id,
      payload: { id, ...f },
      summary: `修改收款银行卡 #${id} 为：${cardLine(f)}`,
    },
    audit,
  );
}

const withApproval = (entry: AuditEntry, row: { id: number }, maker: Actor, checker: Actor): AuditEntry => ({
  ...entry,
  after: {
    ...(entry.after as object),
    approval_id: row.id,
    maker_name: maker.name,
    checker_name: checker.name,
  },
});

export const payMethodExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const r = await updatePayMethod(db, payload as MethodChange);
  await audit(withApproval(r.audit, row, maker, checker));
  return { result: `${PAY_METHOD_LABELS[r.method.type]}已更新` };
};

export const cardCreateExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const r = await createReceivingCard(db, payload as CardFields);
  await audit(withApproval(r.audit, row, maker, checker));
  return { result: `已新增收款银行卡 #${r.card.id}` };
};

export const cardUpdateExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const { id, ...f } = payload as CardFields & { id: number };
  const r = await updateReceivingCard(db, id, f);
  await audit(withApproval(r.audit, row, maker, checker));
  return { result: `收款银行卡 #${id} 已更新` };
};
