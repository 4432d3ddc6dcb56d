/* Images in conversations: the rules of deposit vouchers (the bytes prove a PNG, JPEG, GIF or WebP
 * and match the declared type, the picture is readable, the multipart size limit), stored under
 * DATA_DIR/uploads/support/ with a row in `uploads` (a member's counts against its upload rate and
 * daily quota). They are not public: the desk page fetches them with its token, the console with
 * its session (routes.ts, console/routes/support.ts). */
import { MSG_SUPPORT_IMAGE_MISSING } from '@app/contract/support-desk';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { newFileName } from '../../core/ids';
import {
  IMAGE_CONTENT_TYPES,
  imageTypeOf,
  readStoredUpload,
  STORED_NAME,
  uploadUrl,
  writeUploadFile,
} from '../../core/uploads';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { supportMessages } from '../../db/schema/support';
import { uploads } from '../../db/schema/uploads';
import type { UploadedFile } from '../../http/multipart';
import { MSG_UPLOAD_BAD_NAME, MSG_UPLOAD_MISSING, saveOperatorImage } from '../uploads/admin-images';
import { assertImageReadable, MSG_IMAGE_TYPE, saveUpload } from '../uploads/service';
import { SUPPORT_UPLOAD_FOLDER } from './views';

/** Stores a member's or a visitor's image; answers its stored address. */
export async function storeSupportImage(
  db: Db,
  dataDir: string,
  userId: number | null,
  file: UploadedFile | undefined,
): Promise<string> {
  if (!file) throw new BusinessError(MSG_SUPPORT_IMAGE_MISSING);
  const ext = imageTypeOf(file.data);
  if (!ext || IMAGE_CONTENT_TYPES[ext] !== file.mimetype) throw new BusinessError(MSG_IMAGE_TYPE);
  assertImageReadable(file.data);
  const path = `${SUPPORT_UPLOAD_FOLDER}${newFileName(ext)}`;
  if (userId !== null) return saveUpload(db, dataDir, userId, path, file.data);
  // A visitor: no member to count against (its messages are rate-limited, its token per address).
  await db
    .insert(uploads)
    .values({ userId: null, path, bytes: file.data.length, createdAt: new Date(now()) });
  await writeUploadFile(dataDir, path, file.data);
  return uploadUrl(path);
}

/** An operator's image (base64, as the console sends images), stored as the others are. */
export async function storeOperatorImage(db: Db, dataDir: string, base64: string): Promise<string> {
  const { url } = await saveOperatorImage(db, dataDir, base64, SUPPORT_UPLOAD_FOLDER);
  return url;
}

/** The stored address of the image named `name` (400 for a name the server did not make). */
export function storedAddress(name: string): string {
  if (!STORED_NAME.test(name)) throw new BusinessError(MSG_UPLOAD_BAD_NAME, 400);
  return uploadUrl(`${SUPPORT_UPLOAD_FOLDER}${name}`);
}

/** The file of a support image the caller may see (checked by the caller), or 404. */
export async function readSupportImage(dataDir: string, name: string) {
  const file = await readStoredUpload(dataDir, 'support', name);
  if (!file) throw new BusinessError(MSG_UPLOAD_MISSING, 404);
  return file;
}

/** A support image the console shows: one a message of any conversation refers to, else 404. */
export async function deskImage(db: Db, dataDir: string, name: string) {
  const [used] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(eq(supportMessages.image, storedAddress(name)))
    .limit(1);
  if (!used) throw new BusinessError(MSG_UPLOAD_MISSING, 404);
  return readSupportImage(dataDir, name);
}

/** Sends an image privately (not cached by proxies, its type as proved by its bytes). */
export function sendImage(reply: FastifyReply, file: { data: Buffer; contentType: string }) {
  return reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .send(file.data);
}
