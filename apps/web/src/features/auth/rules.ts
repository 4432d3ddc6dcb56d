import {
  MSG_CONFIRM,
  MSG_PASSWORD,
  MSG_USERNAME,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_PATTERN,
} from '@app/contract/auth';
import {
  LOGIN_PASSWORD_LENGTH,
  MSG_CONFIRM_PASSWORD,
  MSG_NEW_PASSWORD,
  MSG_NEW_PASSWORD_LENGTH,
  MSG_OLD_PASSWORD,
  MSG_OLD_PASSWORD_LENGTH,
  MSG_PASSWORD_MISMATCH,
  MSG_PASSWORD_UNCHANGED,
} from '@app/contract/member';
import { INVITE_CODE_PATTERN, MSG_INVITE_CODE } from '@app/contract/invite-code';

/* Validation of spec §5 for sign-in and registration: the first failing message, or null. */

export const MSG_CODE_MISSING = '请输入验证码！';
export const MSG_CODE_WRONG = '验证码错误！';
/** Inputs of both forms take at most 16 characters (spec §5). */
export const INPUT_MAX = PASSWORD_MAX;

export interface RegistrationForm {
  name: string;
  password: string;
  confirm: string;
  code: string;
  /** An agent's invite code (issue 33), '' when none. */
  invite?: string;
}

/** Who a registration comes through: the referrer's id (pid) or an agent's invite code (invite). */
export interface Referral {
  pid: string;
  invite: string;
}

/** The referral of a registration link's query (`pid`, `invite`). */
export const referralOf = (params: URLSearchParams): Referral => ({
  pid: params.get('pid') ?? '',
  invite: (params.get('invite') ?? '').trim().toUpperCase(),
});

export const INVITE_CODE_LENGTH = 8;

/** Spec §5, in order; the captcha is checked here, case-insensitively, against the image shown. */
export function validateRegistration(form: RegistrationForm, captchaAnswer: string): string | null {
  if (!USERNAME_PATTERN.test(form.name.trim())) return MSG_USERNAME;
  if (form.password.length < PASSWORD_MIN || form.password.length > PASSWORD_MAX) return MSG_PASSWORD;
  if (!form.confirm || form.confirm !== form.password) return MSG_CONFIRM;
  const code = form.code.trim();
  if (!code) return MSG_CODE_MISSING;
  if (code.toLowerCase() !== captchaAnswer.toLowerCase()) return MSG_CODE_WRONG;
  const invite = form.invite?.trim() ?? '';
  if (invite && !INVITE_CODE_PATTERN.test(invite)) return MSG_INVITE_CODE;
  return null;
}

/** Whether the 注册 button is highlighted: username, password, confirm and code all filled. */
export function registrationComplete(form: RegistrationForm): boolean {
  return Boolean(form.name.trim() && form.password && form.confirm && form.code.trim());
}

/** Whether the 登录 button is active: both fields filled. */
export function loginComplete(name: string, password: string): boolean {
  return Boolean(name.trim() && password);
}

/** Index of the captcha to show next: random, never the one shown now (tap to change). */
export function nextCaptchaIndex(
  current: number | null,
  count: number,
  random: () => number = Math.random,
): number {
  const index = Math.min(count - 1, Math.floor(random() * count));
  return index === current ? (index + 1) % count : index;
}

/** The forced 修改登录密码 after a one-time password: the one-time (old) one, the new one, again. */
export interface OneTimePasswordForm {
  old: string;
  next: string;
  confirm: string;
}

/**
 * Spec §5's password-change messages in their order; the new password must differ from the
 * one-time one (the server refuses it too).
 */
export function validateOneTimeChange(form: OneTimePasswordForm): string | null {
  const { min, max } = LOGIN_PASSWORD_LENGTH;
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
