import { MSG_CONFIRM, MSG_PASSWORD, MSG_USERNAME } from '@app/contract/auth';
import { describe, expect, it } from 'vitest';
import {
  loginComplete,
  MSG_CODE_MISSING,
  MSG_CODE_WRONG,
  nextCaptchaIndex,
  registrationComplete,
  validateOneTimeChange,
  validateRegistration,
  type RegistrationForm,
} from './rules';

const ok: RegistrationForm = { name: 'player01', password: 'secret1', confirm: 'secret1', code: 'AB3K' };
const ANSWER = 'ab3k';

describe('validateRegistration: spec §5, the first failing message, in order', () => {
  it.each<[string, Partial<RegistrationForm>, string | null]>([
    // username missing or under 6 → 用户名长度6~16位，以字母或数字组合！
    ['username missing', { name: '' }, MSG_USERNAME],
    ['username under 6', { name: 'abc12' }, MSG_USERNAME],
    ['username over 16', { name: 'a'.repeat(17) }, MSG_USERNAME],
    ['username not letters or digits', { name: 'player_01' }, MSG_USERNAME],
    ['username of 6 letters and digits is fine', { name: 'abc123' }, null],
    ['username of 16 is fine', { name: 'a'.repeat(16) }, null],
    // password missing or under 6 → 请输入正确的密码长度，最少6位！
    ['password missing', { password: '', confirm: '' }, MSG_PASSWORD],
    ['password under 6', { password: '12345', confirm: '12345' }, MSG_PASSWORD],
    // confirm present and equal, else 两次密码不一致！
    ['confirm missing', { confirm: '' }, MSG_CONFIRM],
    ['confirm different', { confirm: 'secret2' }, MSG_CONFIRM],
    // code missing → 请输入验证码！
    ['code missing', { code: '' }, MSG_CODE_MISSING],
    ['code blank', { code: '  ' }, MSG_CODE_MISSING],
    // code compared case-insensitively with the image, else 验证码错误！
    ['code wrong', { code: 'ZZZZ' }, MSG_CODE_WRONG],
    ['code in another case is right', { code: 'Ab3K' }, null],
    ['everything right', {}, null],
  ])('%s', (_, change, expected) => {
    expect(validateRegistration({ ...ok, ...change }, ANSWER)).toBe(expected);
  });

  it('reports the earlier rule first when several fail', () => {
    expect(validateRegistration({ name: '', password: '', confirm: 'x', code: '' }, ANSWER)).toBe(
      MSG_USERNAME,
    );
    expect(validateRegistration({ ...ok, password: '1', confirm: '2', code: '' }, ANSWER)).toBe(MSG_PASSWORD);
    expect(validateRegistration({ ...ok, confirm: '2', code: '' }, ANSWER)).toBe(MSG_CONFIRM);
    expect(validateRegistration({ ...ok, code: '' }, ANSWER)).toBe(MSG_CODE_MISSING);
  });
});

describe('button states', () => {
  it('注册 is highlighted only when username, password, confirm and code are filled', () => {
    expect(registrationComplete(ok)).toBe(true);
    for (const field of ['name', 'password', 'confirm', 'code'] as const) {
      expect(registrationComplete({ ...ok, [field]: '' })).toBe(false);
    }
  });

  it('登录 is active only when both fields are filled', () => {
    expect(loginComplete('demo001', 'x')).toBe(true);
    expect(loginComplete('', 'x')).toBe(false);
    expect(loginComplete('  ', 'x')).toBe(false);
    expect(loginComplete('demo001', '')).toBe(false);
  });
});

describe('nextCaptchaIndex', () => {
  it('picks one of the images at random, never the one shown', () => {
    expect(nextCaptchaIndex(null, 21, () => 0)).toBe(0);
    expect(nextCaptchaIndex(null, 21, () => 0.999)).toBe(20);
    expect(nextCaptchaIndex(5, 21, () => 5 / 21)).toBe(6);
    expect(nextCaptchaIndex(20, 21, () => 0.999)).toBe(0);
  });
});

describe('validateOneTimeChange (the forced 修改登录密码)', () => {
  const ok = { old: 'Ab3kXy7mPq', next: 'mine12345', confirm: 'mine12345' };
  it.each([
    [{ ...ok, old: '' }, '请输入旧密码'],
    [{ ...ok, next: '' }, '请输入新密码'],
    [{ ...ok, confirm: '' }, '请输入确认密码'],
    [{ ...ok, old: '12345' }, '请输入正确的旧密码长度'],
    [{ ...ok, next: '12345', confirm: '12345' }, '请输入正确的新密码长度'],
    [{ ...ok, next: 'x'.repeat(17), confirm: 'x'.repeat(17) }, '请输入正确的新密码长度'],
    [{ ...ok, confirm: 'mine12346' }, '两次密码不一致！'],
    [{ ...ok, next: ok.old, confirm: ok.old }, '新旧密码不能一致！'],
  ])('%j → %s', (form, message) => {
    expect(validateOneTimeChange(form)).toBe(message);
  });
  it('passes a new password of one’s own', () => {
    expect(validateOneTimeChange(ok)).toBeNull();
  });
});
