import { formatCents } from '@app/contract/codecs';
import type { ParsedRequestOf } from '@app/contract/define';
import { MSG_PAY_QR_IMAGE, OPS_QR_IMAGE_MAX_BYTES, type opsSetPayMethod } from '@app/contract/ops-money';
import {
  MSG_PAY_ENABLE_ACCOUNT,
  MSG_PAY_ENABLE_CARD,
  payAccountProblem,
  type PayMethodType,
} from '@app/contract/console-payments';
import { asc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { newFileName } from '../../core/ids';
import { imageTypeOf, uploadUrl, writeUploadFile } from '../../core/uploads';
import type { Db } from '../../db/client';
import { payMethods, receivingCards } from '../../db/schema/money';
import { uploads } from '../../db/schema/uploads';

/* The operator's side of deposit methods: ranges, on/off, where to pay and the QR image. A change
 * never alters an order already placed (deposits keep what /payInfo showed: service.createDeposit). */

type PayMethodRow = typeof payMethods.$inferSelect;
type PayMethodChange = ParsedRequestOf<typeof opsSetPayMethod>;

const view = (m: PayMethodRow) => ({
  type: m.type,
  enabled: m.enabled,
  min: formatCents(m.minCents),
  max: formatCents(m.maxCents),
  account: m.account,
  qr_image: m.qrImage,
});

export async function listPayMethods(db: Db) {
  const rows = await db.select().from(payMethods).orderBy(asc(payMethods.type));
  return rows.map(view);
}

/**
 * Stores an operator's QR image (base64) under DATA_DIR/uploads with a random name; the content
 * proves the type (PNG, JPG, GIF, WEBP: never SVG). Its `uploads` row has no member.
 */
export async function storeOperatorImage(db: Db, dataDir: string, base64: string): Promise<string> {
  const data = Buffer.from(base64, 'base64');
  const ext = imageTypeOf(data);
  if (!ext || data.length > OPS_QR_IMAGE_MAX_BYTES) throw new BusinessError(MSG_PAY_QR_IMAGE);
  const path = newFileName(ext);
  await db.insert(uploads).values({ userId: null, path, bytes: data.length, createdAt: new Date(now()) });
  try {
    await writeUploadFile(dataDir, path, data);
  } catch (err) {
    await db.delete(uploads).where(eq(uploads.path, path));
    throw err;
  }
  return uploadUrl(path);
}

export interface PayMethodPatch {
  range?: { minCents: number; maxCents: number };
  enabled?: boolean;
  account?: string;
  /** The QR image's address (already stored), '' none. */
  qrImage?: string;
}

/**
 * Applies an operator's change of a method (the command line's and the console's): the row locked,
 * the rules checked on what the method becomes; its view before and after. 404 when it does not exist.
 */
export async function changePayMethod(db: Db, type: string, patch: PayMethodPatch) {
  const [row] = await db.select().from(payMethods).where(eq(payMethods.type, type)).for('update');
  if (!row) throw new BusinessError('充值方式不存在', 404);
  const next = {
    ...(patch.range
      ? { minCents: BigInt(patch.range.minCents), maxCents: BigInt(patch.range.maxCents) }
      : {}),
    ...(patch.enabled === undefined ? {} : { enabled: patch.enabled ? 1 : 0 }),
    ...(patch.account === undefined ? {} : { account: patch.account }),
    ...(patch.qrImage === undefined ? {} : { qrImage: patch.qrImage }),
  };
  const after = { ...row, ...next };
  await assertUsable(db, after);
  const [updated] = await db.update(payMethods).set(next).where(eq(payMethods.type, type)).returning();
  return { before: view(row), after: view(updated ?? after) };
}

/** What a method becomes must be payable: a USDT address of its protocol; an enabled method has
 * somewhere to pay (an account, or for bank an enabled receiving card). */
async function assertUsable(db: Db, m: PayMethodRow): Promise<void> {
  const type = m.type as PayMethodType;
  const problem = payAccountProblem(type, m.account, m.qrImage);
  if (problem) throw new BusinessError(problem);
  if (m.enabled !== 1) return;
  if (type !== 'bank' && m.account === '') throw new BusinessError(MSG_PAY_ENABLE_ACCOUNT);
  if (type === 'bank') {
    const [card] = await db
      .select({ id: receivingCards.id })
      .from(receivingCards)
      .where(eq(receivingCards.enabled, 1))
      .limit(1);
    if (!card) throw new BusinessError(MSG_PAY_ENABLE_CARD);
  }
}

/** The command line's change: a QR image comes as base64 and is stored first. */
export async function setPayMethod(db: Db, dataDir: string, change: PayMethodChange) {
  const [exists] = await db.select().from(payMethods).where(eq(payMethods.type, change.type));
  if (!exists) throw new BusinessError('充值方式不存在', 404);
  const qrImage =
    change.qrImage === undefined || change.qrImage === ''
      ? change.qrImage
      : await storeOperatorImage(db, dataDir, change.qrImage);
  const { range, enabled, account } = change;
  return (await changePayMethod(db, change.type, { range, enabled, account, qrImage })).after;
}
