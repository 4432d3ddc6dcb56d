import { assertNotBlacklisted } from '../risk/blacklist';
import { bindMobile } from '../withdrawals/mobile';
import { MSG_REAL_NAME_SET } from '@app/contract/member';
import { setRealNameOnce } from './real-name';
import { MSG_AVATAR_TYPE } from '@app/contract/uploads';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beijingDate } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import type { UploadedFile } from '../../http/multipart';
import { BusinessError } from '../../core/errors';
import { newFileName } from '../../core/ids';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import { imageTypeOf, removeUploadFile, uploadsRoot, type ImageExt } from '../../core/uploads';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { revokeOtherSessions } from '../../identity/sessions';
import { assertNotTrial } from '../../identity/trial';
import { assertImageReadable, saveUpload } from '../uploads/service';

/* The member's own pages: avatar, profile, login password (spec §2 /userInfo, /password; §7). */

export { MSG_AVATAR_TYPE };
export const MSG_CHOOSE_IMAGE = '请选择要上传的图片';
export const MSG_AVATAR_SAVED = '上传成功';
export const MSG_PROFILE_SAVED = '修改成功';
export const MSG_BIRTHDAY_FUTURE = '出生日期不能晚于今天';
export const MSG_OLD_PASSWORD_WRONG = '原密码错误';
export const MSG_TRIAL_READ_ONLY = '试玩账号不支持此操作';

/** Avatars live in DATA_DIR/uploads/avatars and are served from this path, by their random names only. */
export const AVATAR_URL_PREFIX = `${UPLOAD_URL_PREFIX}avatars/`;
/** Avatars are PNG, JPEG or GIF (spec); vouchers may be WEBP too. */
const AVATAR_TYPES: readonly ImageExt[] = ['png', 'jpg', 'gif'];

export function avatarDir(dataDir: string): string {
  return join(uploadsRoot(dataDir), 'avatars');
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
  if (!ext || !AVATAR_TYPES.includes(ext)) throw new BusinessError(MSG_AVATAR_TYPE);
  assertImageReadable(file.data);
  await assertNotTrial(db, userId, MSG_TRIAL_READ_ONLY);

  const name = newFileName(ext);
  // Counted against the member's upload rate and daily quota (uploads/service).
  const url = await saveUpload(db, dataDir, userId, `avatars/${name}`, file.data);

  let before: { avatar: string } | undefined;
  try {
    [before] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
    await db.update(users).set({ avatar: url }).where(eq(users.id, userId));
  } catch (err) {
    await removeUploadFile(dataDir, `avatars/${name}`);
    throw err;
  }

  // The previous upload is no longer anyone's avatar (seed pictures and others' URLs are left alone).
  const previous = before?.avatar.startsWith(AVATAR_URL_PREFIX)
    ? before.avatar.slice(AVATAR_URL_PREFIX.length)
    : '';
  if (previous && previous !== name) await removeUploadFile(dataDir, `avatars/${previous}`);
  return url;
}

export interface ProfileInput {
  /** null: leave as it is (the contract turns '' and a missing field into null). */
  realname?: string | null;
  mobile: string | null;
  email: string | null;
  birthday: string | null;
}

/**
 * updateuserinfo: mobile, email and birthday, each already checked by the contract (spec §5's
 * patterns, a real calendar day from 1980-01-01). The server adds: a birthday is not in the future;
 * a real name is taken only while none is on record (MSG_REAL_NAME_SET after that).
 */
export async function updateProfile(db: Db, userId: number, input: ProfileInput): Promise<void> {
  if (input.birthday !== null && input.birthday > beijingDate()) {
    throw new BusinessError(MSG_BIRTHDAY_FUTURE);
  }
  await assertNotTrial(db, userId, MSG_TRIAL_READ_ONLY);
  if (input.realname) {
    const onRecord = await setRealNameOnce(db, userId, input.realname);
    if (onRecord !== input.realname.trim()) throw new BusinessError(MSG_REAL_NAME_SET);
  }
  const changes: Partial<Record<'mobile' | 'email' | 'birthday', string>> = {};
  if (input.mobile !== null) changes.mobile = input.mobile;
  if (input.email !== null) changes.email = input.email;
  if (input.birthday !== null) changes.birthday = input.birthday;
  if (Object.keys(changes).length === 0) return;
  const { mobile, ...rest } = changes;
  // A blacklisted mobile refuses the whole save, before the email or birthday is written.
  if (mobile !== undefined) await assertNotBlacklisted(db, [['mobile', mobile]]);
  if (Object.keys(rest).length > 0) await db.update(users).set(rest).where(eq(users.id, userId));
  if (mobile !== undefined) await bindMobile(db, userId, mobile);
}

/**
 * editPassword: the old login password must be right. The new hash is written only over the hash
 * that was checked (two changes at once: one wins, the other is told the old password is wrong), and
 * in the same transaction every other session of the member ends; the session that asked stays.
 * A one-time password an operator set is changed the same way (old = the one-time one; the contract
 * refuses a new one equal to it) and the change lifts the session's hold (must_change_password).
 * Returns the ids of the other sessions that ended (their games and sockets are then ended too).
 */
export async function changeLoginPassword(
  db: Db,
  member: { id: number; sessionId: number },
  input: { password: string; paypassword: string },
): Promise<number[]> {
  await assertNotTrial(db, member.id, MSG_TRIAL_READ_ONLY);
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id));
  if (!u || !(await verifyPassword(u.hash, input.password))) {
    throw new BusinessError(MSG_OLD_PASSWORD_WRONG);
  }
  const next = await hashPassword(input.paypassword);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash: next, mustChangePassword: false })
      .where(and(eq(users.id, member.id), eq(users.passwordHash, u.hash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new BusinessError(MSG_OLD_PASSWORD_WRONG);
    return revokeOtherSessions(tx, member.id, member.sessionId);
  });
}
