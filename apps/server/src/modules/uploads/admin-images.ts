/**
 * Images operators upload (banners, activity banners, pay QR codes): the bytes must prove to be a
 * PNG, JPEG, GIF or WebP picture, whatever the name or type said; stored under a random name in
 * DATA_DIR/uploads like members' uploads, with a row in `uploads` (no member) so the clean-up job
 * removes it if nothing comes to refer to it within a day.
 */
import { IMAGE_UPLOAD_MAX_BYTES } from '@app/contract/uploads';
import { MSG_IMAGE_INVALID, MSG_IMAGE_TOO_LARGE } from '@app/contract/console-uploads';
import { and, eq, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { imageTypeOf, readStoredUpload, STORED_NAME, uploadUrl, writeUploadFile } from '../../core/uploads';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/uploads';

/** The console's refusals of a picture's address (operators' images, money reviews' pictures). */
export const MSG_UPLOAD_BAD_NAME = '图片地址无效';
export const MSG_UPLOAD_MISSING = '图片不存在';

/** Stores the base64 image and answers its address (in the caller's transaction: row first, then file). */
/** `folder`: below the uploads folder ('' or e.g. 'support/', the support desk's images). */
export async function saveOperatorImage(
  db: Db,
  dataDir: string,
  base64: string,
  folder: '' | 'support/' = '',
): Promise<{ url: string }> {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new BusinessError(MSG_IMAGE_INVALID);
  const data = Buffer.from(base64, 'base64');
  if (data.length > IMAGE_UPLOAD_MAX_BYTES) throw new BusinessError(MSG_IMAGE_TOO_LARGE);
  const ext = imageTypeOf(data);
  if (!ext) throw new BusinessError(MSG_IMAGE_INVALID);
  const path = `${folder}${randomBytes(16).toString('hex')}.${ext}`;
  await db.insert(uploads).values({ userId: null, path, bytes: data.length, createdAt: new Date(now()) });
  await writeUploadFile(dataDir, path, data);
  return { url: uploadUrl(path) };
}

/**
 * An operator's own upload (a row with no member) stored as `name`, which the console shows at the
 * address the member app uses, so a form shows the picture it will publish: 400 for a name the
 * server did not make, 404 for anything else. Members' pictures: cashier/admin-uploads.ts.
 */
export async function operatorImage(db: Db, dataDir: string, name: string) {
  if (!STORED_NAME.test(name)) throw new BusinessError(MSG_UPLOAD_BAD_NAME, 400);
  const [own] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.path, name), isNull(uploads.userId)))
    .limit(1);
  const file = own ? await readStoredUpload(dataDir, '', name) : null;
  if (!file) throw new BusinessError(MSG_UPLOAD_MISSING, 404);
  return file;
}
