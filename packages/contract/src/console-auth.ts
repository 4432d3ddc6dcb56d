/* Console sign-in (password, then a first-time password change, TOTP enrolment, TOTP code), the
 * session, sign-out and an operator's own password. */
import * as z from 'zod/mini';
import { OPERATOR_ROLES, defineConsoleCall } from './console-define';

export const OPERATOR_NAME_PATTERN = /^[A-Za-z0-9_]{3,32}$/;
export const MSG_OPERATOR_NAME = '操作员名为3-32位字母、数字或下划线';
export const OPERATOR_PASSWORD_MIN = 10;
export const OPERATOR_PASSWORD_MAX = 64;
export const MSG_OPERATOR_PASSWORD = `密码为${OPERATOR_PASSWORD_MIN}-${OPERATOR_PASSWORD_MAX}位`;
export const MSG_CONSOLE_LOGIN_FAILED = '用户名或密码错误';
export const MSG_TOTP_CODE = '请输入6位动态验证码';
export const MSG_TOTP_WRONG = '动态验证码错误';
export const MSG_CONSOLE_TOO_MANY = '尝试次数过多，请15分钟后再试';
export const MSG_PASSWORDS_DIFFER = '两次输入的密码不一致';
export const MSG_OLD_PASSWORD_WRONG = '原密码错误';
/** A pending enrolment's secret is shown once, to the session that asked for it. */
export const MSG_ENROLL_SHOWN = '密钥已显示过，请重新登录后再绑定';

export const OperatorName = z.string().check(z.trim(), z.regex(OPERATOR_NAME_PATTERN, MSG_OPERATOR_NAME));
export const OperatorPassword = z
  .string()
  .check(
    z.minLength(OPERATOR_PASSWORD_MIN, MSG_OPERATOR_PASSWORD),
    z.maxLength(OPERATOR_PASSWORD_MAX, MSG_OPERATOR_PASSWORD),
  );
const TotpCode = z.string().check(z.trim(), z.regex(/^\d{6}$/, MSG_TOTP_CODE));

/** What sign-in still needs: a new password (first sign-in), a TOTP enrolment, or a TOTP code. */
export const SIGN_IN_STEPS = ['password', 'enroll', 'totp'] as const;
/** The next step, and the CSRF token the steps' writes send back. */
const NextStep = z.object({ next: z.enum(SIGN_IN_STEPS), csrf: z.string() });

/** The signed-in operator and the CSRF token every write must send back (CSRF_HEADER). */
export const ConsoleSession = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  csrf: z.string(),
  /** Minutes without a call before the session ends. */
  idle_minutes: z.number(),
});
export type ConsoleSession = z.output<typeof ConsoleSession>;

export const consoleLogin = defineConsoleCall({
  name: 'consoleLogin',
  method: 'POST',
  path: '/login',
  session: 'none',
  roles: OPERATOR_ROLES,
  write: false,
  request: z.object({
    name: z.string().check(z.trim(), z.minLength(1, '请输入用户名')),
    password: z.string().check(z.minLength(1, '请输入密码')),
  }),
  response: NextStep,
});

/** First sign-in with a one-time password: choose one's own. */
export const consoleSetPassword = defineConsoleCall({
  name: 'consoleSetPassword',
  method: 'POST',
  path: '/login/password',
  session: 'pending',
  roles: OPERATOR_ROLES,
  write: false,
  request: z.object({ password: OperatorPassword }),
  response: NextStep,
});

/** The secret to enrol in an authenticator app, as text and as an otpauth:// URL for a QR code. */
export const consoleEnrollTotp = defineConsoleCall({
  name: 'consoleEnrollTotp',
  method: 'GET',
  path: '/login/enroll',
  session: 'pending',
  roles: OPERATOR_ROLES,
  request: z.object({}),
  response: z.object({ secret: z.string(), otpauth_url: z.string() }),
});

export const consoleVerifyTotp = defineConsoleCall({
  name: 'consoleVerifyTotp',
  method: 'POST',
  path: '/login/totp',
  session: 'pending',
  roles: OPERATOR_ROLES,
  write: false,
  request: z.object({ code: TotpCode }),
  response: ConsoleSession,
});

export const consoleSession = defineConsoleCall({
  name: 'consoleSession',
  method: 'GET',
  path: '/session',
  roles: OPERATOR_ROLES,
  request: z.object({}),
  response: ConsoleSession,
});

export const consoleLogout = defineConsoleCall({
  name: 'consoleLogout',
  method: 'POST',
  path: '/logout',
  session: 'none',
  roles: OPERATOR_ROLES,
  write: false,
  request: z.object({}),
  response: z.null(),
});

export const consoleChangePassword = defineConsoleCall({
  name: 'consoleChangePassword',
  method: 'POST',
  path: '/password',
  roles: OPERATOR_ROLES,
  // Its own transactions: a wrong old password must still count against the limit.
  write: false,
  request: z.object({
    old_password: z.string().check(z.minLength(1, '请输入原密码')),
    password: OperatorPassword,
  }),
  response: z.null(),
});
