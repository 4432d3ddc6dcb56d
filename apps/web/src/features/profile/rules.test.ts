import { describe, expect, it } from 'vitest';
import {
  dateOf,
  dayOf,
  passwordKindOf,
  validateAvatar,
  validatePasswordChange,
  validateProfile,
  type PasswordForm,
  type PasswordKind,
  type ProfileForm,
} from './rules';

describe('validateProfile (spec §5, /userInfo: the real name, then mobile, email, birthday in that order)', () => {
  const ok: ProfileForm = {
    realname: '',
    mobile: '13812345678',
    email: 'me@example.com',
    birthday: '1990-05-06',
  };
  it.each<[string, Partial<ProfileForm>, string | null]>([
    ['all good', {}, null],
    ['all empty (nothing changes)', { mobile: '', email: '', birthday: '' }, null],
    ['mobile with spaces around', { mobile: ' 13812345678 ' }, null],
    ['mobile of 10 digits', { mobile: '1381234567' }, '请输入正确手机号'],
    ['mobile of 12 digits', { mobile: '138123456789' }, '请输入正确手机号'],
    ['mobile starting 12', { mobile: '12812345678' }, '请输入正确手机号'],
    ['mobile with a letter', { mobile: '1381234567a' }, '请输入正确手机号'],
    ['email without @', { email: 'me.example.com' }, '请输入正确邮箱号'],
    ['email without a dot in the domain', { email: 'me@example' }, '请输入正确邮箱号'],
    ['email with a space', { email: 'm e@example.com' }, '请输入正确邮箱号'],
    ['email over 64', { email: `${'a'.repeat(60)}@example.com` }, '请输入正确邮箱号'],
    ['birthday with slashes', { birthday: '1990/05/06' }, '请输入正确的日期格式：YYYY-MM-DD'],
    ['birthday without zeros', { birthday: '1990-5-6' }, '请输入正确的日期格式：YYYY-MM-DD'],
    ['birthday that does not exist', { birthday: '1990-02-30' }, '请输入正确的日期格式：YYYY-MM-DD'],
    ['birthday before 1980-01-01', { birthday: '1979-12-31' }, '出生日期不能早于1980-01-01'],
    ['birthday on 1980-01-01', { birthday: '1980-01-01' }, null],
    ['mobile and email wrong: mobile first', { mobile: '1', email: 'x' }, '请输入正确手机号'],
    ['email and birthday wrong: email first', { email: 'x', birthday: 'y' }, '请输入正确邮箱号'],
    ['a real name', { realname: '阿不都·热合曼' }, null],
    ['a real name with a digit, before the mobile', { realname: '王1', mobile: '1' }, '请输入正确的真实姓名'],
    ['a real name of one character', { realname: '王' }, '请输入正确的真实姓名'],
  ])('%s', (_label, change, message) => {
    expect(validateProfile({ ...ok, ...change })).toBe(message);
  });
});

describe('validatePasswordChange (spec §5, in order)', () => {
  const ok: PasswordForm = { old: 'secret123', next: 'brandnew1', confirm: 'brandnew1' };
  const cases: [string, Partial<PasswordForm>, string | null][] = [
    ['all good', {}, null],
    ['all empty', { old: '', next: '', confirm: '' }, '请输入旧密码'],
    ['old missing', { old: '' }, '请输入旧密码'],
    ['new missing', { next: '' }, '请输入新密码'],
    ['new and confirm missing', { next: '', confirm: '' }, '请输入新密码'],
    ['confirm missing', { confirm: '' }, '请输入确认密码'],
    ['confirm missing, old too short', { old: '123', confirm: '' }, '请输入确认密码'],
    ['old of 5', { old: '12345' }, '请输入正确的旧密码长度'],
    [
      'old and new too short: old first',
      { old: '12345', next: '1234', confirm: '1234' },
      '请输入正确的旧密码长度',
    ],
    ['new of 5', { next: '12345', confirm: '12345' }, '请输入正确的新密码长度'],
    [
      'new of 5, confirm different: length first',
      { next: '12345', confirm: '54321' },
      '请输入正确的新密码长度',
    ],
    ['confirm differs', { confirm: 'brandnew2' }, '两次密码不一致！'],
    ['new equals old', { next: 'secret123', confirm: 'secret123' }, '新旧密码不能一致！'],
    [
      'new equals old, confirm differs: mismatch first',
      { next: 'secret123', confirm: 'x' },
      '两次密码不一致！',
    ],
    ['old and new of 6', { old: '123456', next: '654321', confirm: '654321' }, null],
  ];
  it.each(cases)('login: %s', (_label, change, message) => {
    expect(validatePasswordChange({ ...ok, ...change }, 'login')).toBe(message);
  });
  it.each(cases)('withdrawal: %s', (_label, change, message) => {
    expect(validatePasswordChange({ ...ok, ...change }, 'pay')).toBe(message);
  });

  it.each<[PasswordKind, Partial<PasswordForm>, string | null]>([
    ['login', { next: 'a'.repeat(16), confirm: 'a'.repeat(16) }, null],
    ['login', { next: 'a'.repeat(17), confirm: 'a'.repeat(17) }, '请输入正确的新密码长度'],
    ['login', { old: 'a'.repeat(17) }, '请输入正确的旧密码长度'],
    ['pay', { next: 'a'.repeat(18), confirm: 'a'.repeat(18) }, null],
    ['pay', { next: 'a'.repeat(19), confirm: 'a'.repeat(19) }, '请输入正确的新密码长度'],
    ['pay', { old: 'a'.repeat(18) }, null],
  ])('longest allowed: %s %o', (kind, change, message) => {
    expect(validatePasswordChange({ ...ok, ...change }, kind)).toBe(message);
  });
});

describe('passwordKindOf (spec §2: type 1 login, otherwise withdrawal)', () => {
  it.each<[string | null, PasswordKind]>([
    ['1', 'login'],
    ['2', 'pay'],
    ['0', 'pay'],
    ['', 'pay'],
    [null, 'pay'],
    ['01', 'pay'],
  ])('%s → %s', (type, kind) => expect(passwordKindOf(type)).toBe(kind));
});

describe('validateAvatar (gif/png/jpeg, at most 2 MB)', () => {
  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/jpeg', size: 1000 }, null],
    [{ type: 'image/webp', size: 100 }, '头像仅支持GIF、PNG、JPG格式的图片'],
    [{ type: 'image/gif', size: 2 * 1024 * 1024 }, null],
    [{ type: 'image/svg+xml', size: 100 }, '头像仅支持GIF、PNG、JPG格式的图片'],
    [{ type: 'text/html', size: 100 }, '头像仅支持GIF、PNG、JPG格式的图片'],
    [{ type: '', size: 100 }, '头像仅支持GIF、PNG、JPG格式的图片'],
    [{ type: 'image/png', size: 2 * 1024 * 1024 + 1 }, '图片不能超过2MB'],
    [{ type: 'image/png', size: 0 }, '图片不能超过2MB'],
  ])('%o → %s', (file, message) => expect(validateAvatar(file)).toBe(message));
});

describe('dayOf / dateOf', () => {
  it('round-trips a calendar day in local time', () => {
    expect(dayOf(new Date(1990, 4, 6, 23, 59))).toBe('1990-05-06');
    const d = dateOf('1980-01-01');
    expect(d && dayOf(d)).toBe('1980-01-01');
    expect(dateOf('1990-02-30')).toBeNull();
    expect(dateOf('')).toBeNull();
  });
});
