import { formatCents } from '@app/contract/codecs';
import type { ParsedRequestOf } from '@app/contract/define';
import { MSG_PAY_QR_IMAGE, OPS_QR_IMAGE_MAX_BYTES, type opsSetPayMethod } from '@app/contract/ops-money';
import { asc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { newFileName } from '../../core/ids';
import { imageTypeOf, uploadUrl, writeUploadFile } from '../../core/uploads';
import type { Db } from '../../db/client';
import { payMethods } from '../../db/schema/money';
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

/** Applies an operator's change of a method; 404 when the method does not exist. */
export async function setPayMethod(db: Db, dataDir: string, change: PayMethodChange) {
  const [exists] = await db.select().from(payMethods).where(eq(payMethods.type, change.type));
  if (!exists) throw new BusinessError('充值方式不存在', 404);
  const qrImage =
    change.qrImage === undefined
      ? undefined
      : change.qrImage === ''
        ? ''
        : await storeOperatorImage(db, dataDir, change.qrImage);
  const [row] = await db
    .update(payMethods)
    .set({
      ...(change.range
        ? { minCents: BigInt(change.range.minCents), maxCents: BigInt(change.range.maxCents) }
        : {}),
      ...(change.enabled === undefined ? {} : { enabled: change.enabled ? 1 : 0 }),
      ...(change.account === undefined ? {} : { account: change.account }),
      ...(qrImage === undefined ? {} : { qrImage }),
    })
    .where(eq(payMethods.type, change.type))
    .returning();
  return view(row ?? exists);
}
