import { AVATAR_MIME_TYPES, MSG_AVATAR_TYPE } from '@app/contract/uploads';
import {
  BIRTHDAY_MIN,
  EMAIL_PATTERN,
  isRealName,
  LOGIN_PASSWORD_LENGTH,
  MOBILE_PATTERN,
  MSG_BIRTHDAY,
  MSG_BIRTHDAY_MIN,
  MSG_CONFIRM_PASSWORD,
  MSG_EMAIL,
  MSG_MOBILE,
  MSG_NEW_PASSWORD,
  MSG_NEW_PASSWORD_LENGTH,
  MSG_OLD_PASSWORD,
  MSG_OLD_PASSWORD_LENGTH,
  MSG_PASSWORD_MISMATCH,
  MSG_PASSWORD_UNCHANGED,
  MSG_REAL_NAME,
  PAY_PASSWORD_LENGTH,
} from '@app/contract/member';
import { isCalendarDay } from '@app/contract/calendar-day';
import { IMAGE_UPLOAD_MAX_BYTES, MSG_IMAGE_TOO_LARGE } from '@app/contract/uploads';

/* Texts and rules of the member's own pages: /mine, /userInfo, /password, /userCent (/betRecord's: betRecord.ts). */

/** Asked before logging out (spec §2, /mine and /userCent). */
export const MSG_LOGOUT_CONFIRM = '您确定要退出登录吗?';
/** Spec §8: a password change went through. */
export const MSG_PASSWORD_DONE = '密码修改成功！';
/** Spec §8: the avatar could not be uploaded. */
export const MSG_UPLOAD_FAILED = '上传失败';
/** The avatar picker takes spec §2's gif and png, and a camera's JPEG (the server's own list). */
export const AVATAR_ACCEPT = AVATAR_MIME_TYPES.join(',');
export const AVATAR_TYPES: readonly string[] = AVATAR_MIME_TYPES;
export { MSG_AVATAR_TYPE };

/** Earliest birthday of the picker (spec §9). */
export { BIRTHDAY_MIN };

/** The avatar file the member picked: its problem, or null when it may be sent. */
export function validateAvatar(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return MSG_AVATAR_TYPE;
  // The server's cap on every upload.
  if (file.size <= 0 || file.size > IMAGE_UPLOAD_MAX_BYTES) return MSG_IMAGE_TOO_LARGE;
  return null;
}

export interface ProfileForm {
  /** Sent only while none is on record ('' leaves it): it is set once. */
  realname: string;
  mobile: string;
  email: string;
  /** YYYY-MM-DD, or '' when not set. */
  birthday: string;
}

/**
 * /userInfo (spec §5), in order (the real name, set once, is above them): mobile '请输入正确手机号', email '请输入正确邮箱号', birthday
 * YYYY-MM-DD '请输入正确的日期格式：YYYY-MM-DD' (and not before 1980-01-01). A field left empty is
 * not changed, as the server reads it.
 */
export function validateProfile(form: ProfileForm): string | null {
  const realname = form.realname.trim();
  if (realname !== '' && !isRealName(realname)) return MSG_REAL_NAME;
  const mobile = form.mobile.trim();
  const email = form.email.trim();
  const birthday = form.birthday.trim();
  if (mobile !== '' && !MOBILE_PATTERN.test(mobile)) return MSG_MOBILE;
  if (email !== '' && (email.length > 64 || !EMAIL_PATTERN.test(email))) return MSG_EMAIL;
  if (birthday !== '' && !isCalendarDay(birthday)) return MSG_BIRTHDAY;
  if (birthday !== '' && birthday < BIRTHDAY_MIN) return MSG_BIRTHDAY_MIN;
  return null;
}

/** /password?type=1 is the login password; any other type the withdrawal (payment) password (spec §2). */
export type PasswordKind = 'login' | 'pay';

export function passwordKindOf(type: string | null): PasswordKind {
  return type === '1' ? 'login' : 'pay';
}

/** Allowed lengths: login 6–16 (spec §9), payment 6–18 (as the card forms and the server). */
export function passwordLength(kind: PasswordKind): { min: number; max: number } {
  return kind === 'login' ? LOGIN_PASSWORD_LENGTH : PAY_PASSWORD_LENGTH;
}

export interface PasswordForm {
  old: string;
  next: string;
  confirm: string;
}

/**
 * Password change (spec §5), in order: '请输入旧密码', '请输入新密码', '请输入确认密码'; old length
 * '请输入正确的旧密码长度'; new length '请输入正确的新密码长度'; confirm equals new '两次密码不一致！';
 * new differs from old '新旧密码不能一致！'.
 */
export function validatePasswordChange(form: PasswordForm, kind: PasswordKind): string | null {
  const { min, max } = passwordLength(kind);
  const fits = (p: string) => p.length >= min && p.length <= max;
  if (form.old === '') return MSG_OLD_PASSWORD;
  if (form.next === '') return MSG_NEW_PASSWORD;
  if (form.confirm === '') return MSG_CONFIRM_PASSWORD;
  if (!fits(form.old)) return MSG_OLD_PASSWORD_LENGTH;
  if (!fits(form.next)) return MSG_NEW_PASSWORD_LENGTH;
  if (form.confirm !== form.next) return MSG_PASSWORD_MISMATCH;
  if (form.next === form.old) return MSG_PASSWORD_UNCHANGED;
  return null;
}

/** A Date as the calendar day YYYY-MM-DD of the phone's own time zone (the date picker's value). */
export function dayOf(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** YYYY-MM-DD as a local Date (noon, so no time zone moves it to another day); null when not a day. */
export function dateOf(day: string): Date | null {
  if (!isCalendarDay(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}
