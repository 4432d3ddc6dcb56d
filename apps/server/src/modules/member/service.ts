import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beijingDate } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import type { UploadedFile } from '../../http/multipart';
import { BusinessError } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { revokeOtherSessions } from '../../identity/sessions';
import { saveUpload } from '../uploads/service';

/* The member's own pages: avatar, profile, login password (spec §2 /userInfo, /password; §7). */

export const MSG_CHOOSE_IMAGE = '请选择要上传的图片';
export const MSG_AVATAR_TYPE = '头像仅支持GIF、PNG、JPG格式的图片';
export const MSG_AVATAR_SAVED = '上传成功';
export const MSG_PROFILE_SAVED = '修改成功';
export const MSG_BIRTHDAY_FUTURE = '出生日期不能晚于今天';
export const MSG_OLD_PASSWORD_WRONG = '原密码错误';
export const MSG_TRIAL_READ_ONLY = '试玩账号不支持此操作';

/** Avatars live in DATA_DIR/uploads/avatars and are served from this path, by their random names only. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** 128 random bits, hex, and the extension of the type the content proved. */
export const AVATAR_NAME = /^[0-9a-f]{32}\.(png|jpg|gif)$/;

type AvatarExt = 'png' | 'jpg' | 'gif';
export const AVATAR_CONTENT_TYPES: Record<AvatarExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The picture's type by its first bytes (the file name and the MIME type the client sent prove
 * nothing): PNG, JPEG or GIF87a / GIF89a; null for anything else (SVG, HTML, WEBP, scripts…).
 */
export function imageTypeOf(data: Buffer): AvatarExt | null {
  if (data.length >= 16 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const head = data.subarray(0, 6).toString('latin1');
  if (data.length >= 13 && (head === 'GIF87a' || head === 'GIF89a')) return 'gif';
  return null;
}

export function avatarDir(dataDir: string): string {
  return join(dataDir, 'uploads', 'avatars');
}

async function assertNotTrial(db: Db, userId: number): Promise<void> {
  const [u] = await db.select({ trial: users.isTrial }).from(users).where(eq(users.id, userId));
  if (!u) throw new BusinessError('用户不存在', 404);
  if (u.trial) throw new BusinessError(MSG_TRIAL_READ_ONLY, 403);
}

/**
 * Stores the member's new avatar under a name the server makes (nothing of the client's file name
 * is used), points the member's avatar at it and removes the previous upload. Returns the URL path.
 */
export async function saveAvatar(
  db: Db,
  dataDir: string,
  userId: number,
  file: UploadedFile | undefined,
): Promise<string> {
  if (!file) throw new BusinessError(MSG_CHOOSE_IMAGE);
  const ext = imageTypeOf(file.data);
  if (!ext) throw new BusinessError(MSG_AVATAR_TYPE);
  await assertNotTrial(db, userId);

  const dir = avatarDir(dataDir);
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  // Counted against the member's upload rate and daily quota (uploads/service).
  const url = await saveUpload(db, dataDir, userId, `avatars/${name}`, file.data);

  let before: { avatar: string } | undefined;
  try {
    [before] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
    await db.update(users).set({ avatar: url }).where(eq(users.id, userId));
  } catch (err) {
    await unlink(join(dir, name)).catch(() => undefined);
    throw err;
  }

  // The previous upload is no longer anyone's avatar (seed pictures and others' URLs are left alone).
  const previous = before?.avatar.startsWith(AVATAR_URL_PREFIX)
    ? before.avatar.slice(AVATAR_URL_PREFIX.length)
    : '';
  if (AVATAR_NAME.test(previous) && previous !== name) {
    await unlink(join(dir, previous)).catch(() => undefined);
  }
  return url;
}

export interface ProfileInput {
  /** null: leave as it is (the contract turns '' and a missing field into null). */
  mobile: string | null;
  email: string | null;
  birthday: string | null;
}

/**
 * updateuserinfo: mobile, email and birthday, each already checked by the contract (spec §5's
 * patterns, a real calendar day from 1980-01-01). The server adds: a birthday is not in the future.
 */
export async function updateProfile(db: Db, userId: number, input: ProfileInput): Promise<void> {
  if (input.birthday !== null && input.birthday > beijingDate()) {
    throw new BusinessError(MSG_BIRTHDAY_FUTURE);
  }
  await assertNotTrial(db, userId);
  const changes: Partial<Record<'mobile' | 'email' | 'birthday', string>> = {};
  if (input.mobile !== null) changes.mobile = input.mobile;
  if (input.email !== null) changes.email = input.email;
  if (input.birthday !== null) changes.birthday = input.birthday;
  if (Object.keys(changes).length === 0) return;
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/**
 * editPassword: the old login password must be right. The new hash is written only over the hash
 * that was checked (two changes at once: one wins, the other is told the old password is wrong), and
 * in the same transaction every other session of the member ends; the session that asked stays.
 * Returns the ids of the other sessions that ended (their games and sockets are then ended too).
 */
export async function changeLoginPassword(
  db: Db,
  member: { id: number; sessionId: number },
  input: { password: string; paypassword: string },
): Promise<number[]> {
  await assertNotTrial(db, member.id);
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id));
  if (!u || !(await verifyPassword(u.hash, input.password))) {
    throw new BusinessError(MSG_OLD_PASSWORD_WRONG);
  }
  const next = await hashPassword(input.paypassword);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash: next })
      .where(and(eq(users.id, member.id), eq(users.passwordHash, u.hash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new BusinessError(MSG_OLD_PASSWORD_WRONG);
    return revokeOtherSessions(tx, member.id, member.sessionId);
  });
}
