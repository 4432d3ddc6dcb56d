/* 支付方式 in the console: the command line's service (modules/cashier/pay-methods) with a QR image the
 * operator uploaded first (consoleUploadImage), and the audit row of what changed. */
import { MSG_PAY_QR_URL, type PayMethod, type PayMethodType } from '@app/contract/console-payments';
import { and, eq, isNull } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import { STORED_NAME } from '../../core/uploads';
import type { AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { payMethods } from '../../db/schema/money';
import { uploads } from '../../db/schema/uploads';
import { changePayMethod, listPayMethods, type PayMethodPatch } from './pay-methods';

type View = Awaited<ReturnType<typeof listPayMethods>>[number];

const ORDER: readonly string[] = ['bank', 'wechat', 'alipay', 'usdt-trc20', 'usdt-erc20'];

const toWire = (m: View): PayMethod => ({
  type: m.type as PayMethodType,
  enabled: m.enabled === 1,
  min: m.min,
  max: m.max,
  account: m.account,
  qr_image: m.qr_image,
});

export async function payMethodList(db: Db): Promise<PayMethod[]> {
  const rows = await listPayMethods(db);
  return rows.map(toWire).sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
}

/**
 * A QR image the console may publish: none, the one the method already shows (a seeded picture), or
 * an operator's own upload: never a member's picture nor an outside address.
 */
async function assertOperatorImage(db: Db, type: string, url: string): Promise<void> {
  if (url === '') return;
  const [current] = await db
    .select({ qr: payMethods.qrImage })
    .from(payMethods)
    .where(eq(payMethods.type, type));
  if (current?.qr === url) return;
  const name = url.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : '';
  if (!STORED_NAME.test(name)) throw new BusinessError(MSG_PAY_QR_URL);
  const [own] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.path, name), isNull(uploads.userId)))
    .limit(1);
  if (!own) throw new BusinessError(MSG_PAY_QR_URL);
}

/** Only what changed, for the audit row. */
function changed(before: PayMethod, after: PayMethod) {
  const keys = (Object.keys(after) as (keyof PayMethod)[]).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** Changes a method; the reply and the audit entry (an on/off alone is 开启/关闭, else 修改). */
export async function updatePayMethod(
  db: Db,
  input: { type: PayMethodType } & PayMethodPatch,
): Promise<{ method: PayMethod; audit: AuditEntry }> {
  const { type, ...patch } = input;
  if (patch.qrImage !== undefined) await assertOperatorImage(db, type, patch.qrImage);
  const r = await changePayMethod(db, type, patch);
  const before = toWire(r.before);
  const after = toWire(r.after);
  const diff = changed(before, after);
  const onlyToggle = Object.keys(diff.after).length === 1 && 'enabled' in diff.after;
  const action = onlyToggle ? (after.enabled ? 'payMethod.enable' : 'payMethod.disable') : 'payMethod.update';
  return { method: after, audit: { action, targetType: 'payMethod', targetId: type, ...diff } };
}
