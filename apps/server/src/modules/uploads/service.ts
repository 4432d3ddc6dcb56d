/**
 * Files members upload (deposit vouchers, WeChat QR codes, avatars), stored under DATA_DIR/uploads
 * (core/uploads: the folders, the names, the files). Every file has a row in `uploads` (its path
 * relative to DATA_DIR/uploads, e.g. `ab…12.png` or `avatars/ab…12.png`), written BEFORE the file, in
 * the transaction that checks the member's rate and daily quota. A scheduled job removes files nothing
 * refers to.
 */
import { MSG_UPLOAD_DAILY_QUOTA, MSG_UPLOAD_TOO_FAST, UPLOAD_LIMITS } from '@app/contract/uploads';
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { beijingDayStart, now } from '../../core/clock';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import { newFileName } from '../../core/ids';
import {
  IMAGE_CONTENT_TYPES,
  imageTypeOf,
  removeUploadFile,
  uploadFilesOlderThan,
  uploadUrl,
  writeUploadFile,
} from '../../core/uploads';
import type { UploadedFile } from '../../http/multipart';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deposits, payMethods, withdrawals } from '../../db/schema/money';
import { activities } from '../../db/schema/promo';
import { articles, banners, notices, siteSettings } from '../../db/schema/site';
import { supportMessages } from '../../db/schema/support';
import { uploads } from '../../db/schema/uploads';
import { BusinessError } from '../../core/errors';
import { lockMember } from '../../identity/member-lock';

/** An upload nothing refers to is removed once it is this old (a member has a day to use it). */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 3600_000;
/** How often the leader runs the removal. */
export const UPLOAD_CLEANUP_EVERY_MS = 3600_000;

/**
 * Records an upload of `bytes` for the member, or refuses it (429) past the rate or the daily quota.
 * The member's row is locked for the check and the insert (lockMember), so concurrent uploads of
 * one member (the shared trial account too) are counted one after the other.
 */
export async function reserveUpload(db: Db, userId: number, path: string, bytes: number): Promise<void> {
  const at = now();
  const minuteAgo = new Date(at - 60_000);
  const dayStart = new Date(beijingDayStart(at));
  const since = minuteAgo < dayStart ? minuteAgo : dayStart;
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [used] = await tx
      .select({
        lastMinute: sql<number>`count(*) filter (where ${gte(uploads.createdAt, minuteAgo)})`.mapWith(Number),
        today: sql<number>`count(*) filter (where ${gte(uploads.createdAt, dayStart)})`.mapWith(Number),
        bytesToday:
          sql<number>`coalesce(sum(${uploads.bytes}) filter (where ${gte(uploads.createdAt, dayStart)}), 0)`.mapWith(
            Number,
          ),
      })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), gte(uploads.createdAt, since)));
    if ((used?.lastMinute ?? 0) >= UPLOAD_LIMITS.perMinute) throw new BusinessError(MSG_UPLOAD_TOO_FAST, 429);
    if (
      (used?.today ?? 0) >= UPLOAD_LIMITS.perDay ||
      (used?.bytesToday ?? 0) + bytes > UPLOAD_LIMITS.bytesPerDay
    ) {
      throw new BusinessError(MSG_UPLOAD_DAILY_QUOTA, 429);
    }
    await tx.insert(uploads).values({ userId, path, bytes, createdAt: new Date(at) });
  });
}

/**
 * Stores `data` at DATA_DIR/uploads/<path> for the member (rate and quota first: reserveUpload) and
 * returns its URL. When the write fails, the reservation is taken back.
 */
export async function saveUpload(db: Db, dataDir: string, userId: number, path: string, data: Buffer) {
  await reserveUpload(db, userId, path, data.length);
  try {
    await writeUploadFile(dataDir, path, data);
  } catch (err) {
    await db.delete(uploads).where(eq(uploads.path, path));
    throw err;
  }
  return uploadUrl(path);
}

export const MSG_IMAGE_TYPE = '请上传PNG、JPG、GIF或WEBP图片';
export const MSG_IMAGE_BROKEN = '图片已损坏，无法识别，请重新选择';

/**
 * Refuses a file whose first bytes say image but whose content is not one (a truncated or corrupt
 * JPEG would be stored and then show as a broken picture): image-size must read its dimensions.
 */
export function assertImageReadable(data: Buffer): void {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    throw new BusinessError(MSG_IMAGE_BROKEN);
  }
  if (!size.width || !size.height) throw new BusinessError(MSG_IMAGE_BROKEN);
}

/**
 * Stores a member's uploaded image under DATA_DIR/uploads with a random name (type checked by
 * content), counted against the member's upload rate and daily quota; returns its URL.
 */
export async function storeImage(
  db: Db,
  dataDir: string,
  userId: number,
  file: UploadedFile | undefined,
  missing: string,
): Promise<string> {
  if (!file) throw new BusinessError(missing);
  // The content proves the type, and it must be the one the client declared.
  const ext = imageTypeOf(file.data);
  if (!ext || IMAGE_CONTENT_TYPES[ext] !== file.mimetype) throw new BusinessError(MSG_IMAGE_TYPE);
  return saveUpload(db, dataDir, userId, newFileName(ext), file.data);
}

/** SQL: some row refers to the upload at `url` (a member's avatar, a WeChat withdrawal's QR code,
 * a deposit's voucher or the QR it showed, a deposit method's QR image, a support desk message; an operator's banner, activity
 * banner, site image, or an image inside an activity, article or notice). */
function referenced(url: SQL): SQL {
  const inHtml = sql`'%' || ${url} || '%'`;
  return sql`(exists (select 1 from ${users} where ${users.avatar} = ${url})
    or exists (select 1 from ${withdrawals} where ${withdrawals.kind} = 'wechat' and ${withdrawals.account} = ${url})
    or exists (select 1 from ${deposits} where ${deposits.voucher} = ${url} or ${deposits.payQr} = ${url})
    or exists (select 1 from ${payMethods} where ${payMethods.qrImage} = ${url})
    or exists (select 1 from ${supportMessages} where ${supportMessages.image} = ${url})
    or exists (select 1 from ${banners} where ${banners.src} = ${url})
    or exists (select 1 from ${activities} where ${activities.banner} = ${url} or ${activities.content} like ${inHtml})
    or exists (select 1 from ${articles} where ${articles.content} like ${inHtml})
    or exists (select 1 from ${notices} where ${notices.content} like ${inHtml})
    or exists (select 1 from ${siteSettings} where ${siteSettings.siteLogo} = ${url}
      or ${siteSettings.iosDownloadQrcode} = ${url} or ${siteSettings.indexModal} like ${inHtml}))`;
}

const urlOf = sql`${UPLOAD_URL_PREFIX} || ${uploads.path}`;

/**
 * Removes uploads older than UNREFERENCED_UPLOAD_TTL_MS that nothing refers to: their rows (each
 * removal re-checks the references in its own statement) and their files. Also files on disk with
 * no row (stored before rows were kept) past the same age and not referred to. Returns the counts.
 */
export async function removeUnreferencedUploads(
  db: Db,
  dataDir: string,
  at: number = now(),
  batch = 500,
): Promise<{ rows: number; files: number }> {
  const cutoff = new Date(at - UNREFERENCED_UPLOAD_TTL_MS);
  const gone = await db
    .delete(uploads)
    .where(
      inArray(
        uploads.id,
        db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(lt(uploads.createdAt, cutoff), sql`not ${referenced(urlOf)}`))
          .limit(batch),
      ),
    )
    .returning({ path: uploads.path });
  let files = 0;
  for (const { path } of gone) if (await removeUploadFile(dataDir, path)) files += 1;
  files += await removeStrayFiles(db, dataDir, cutoff.getTime(), batch);
  return { rows: gone.length, files };
}

/** Files in the uploads folders that have no row, are older than `cutoffMs` and nothing refers to. */
async function removeStrayFiles(db: Db, dataDir: string, cutoffMs: number, batch: number): Promise<number> {
  const old = await uploadFilesOlderThan(dataDir, cutoffMs, batch);
  if (old.length === 0) return 0;
  const urls = old.map(uploadUrl);
  // One rule of what refers to an upload (`referenced`), plus a row of its own in `uploads`.
  const candidate = sql`u.url`;
  const rows = await db
    .select({ url: sql<string>`${candidate}` })
    .from(
      sql`unnest(array[${sql.join(
        urls.map((u) => sql`${u}`),
        sql`, `,
      )}]::text[]) as u(url)`,
    )
    .where(sql`${referenced(candidate)} or exists (select 1 from ${uploads} where ${urlOf} = ${candidate})`);
  const kept = new Set(rows.map((r) => r.url));
  let removed = 0;
  for (const path of old) {
    if (!kept.has(uploadUrl(path)) && (await removeUploadFile(dataDir, path))) removed += 1;
  }
  return removed;
}
