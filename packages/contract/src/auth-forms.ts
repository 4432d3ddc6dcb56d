/* Sign-in and registration (spec §5, §6): a module of their own so that the app's first load, which
 * needs only the member's calls of auth.ts, does not carry these forms' schemas (only the auth screens do). */
import * as z from 'zod/mini';
import {
  MSG_BAD_LOGIN,
  MSG_CONFIRM,
  MSG_LOGIN_MISSING,
  MSG_PASSWORD,
  MSG_USERNAME,
  MustChangeFlag,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_PATTERN,
} from './auth';
import { INVITE_CODE_PATTERN, MSG_INVITE_CODE } from './invite-code';
import { IdLike } from './codecs';
import { defineCall } from './define';

/**
 * The random id the app keeps on the device (never a fingerprint): sent with sign-in and registration
 * so that the console can link accounts used on one device. Optional and additive: another back end
 * ignores it, and a value that is not one of ours is dropped rather than refused.
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const DeviceIdField = z.optional(z.catch(z.string().check(z.regex(DEVICE_ID_PATTERN)), ''));

/**
 * The token every sign-in answers with; `must_change_password` when it was a one-time password (the
 * app reads the same flag from the member's reply it loads next: UserInfo.mustChangePassword).
 */
const SessionToken = z.pipe(
  z.object({ api_token: z.string().check(z.minLength(1)), must_change_password: MustChangeFlag }),
  z.transform((o) => ({ token: o.api_token })),
);

export const login = defineCall({
  name: 'login_pc',
  method: 'POST',
  path: '/api/login_pc',
  auth: 'none',
  request: z.object({
    name: z
      .string({ error: MSG_LOGIN_MISSING })
      .check(z.trim(), z.minLength(1, MSG_LOGIN_MISSING), z.maxLength(PASSWORD_MAX, MSG_BAD_LOGIN)),
    password: z
      .string({ error: MSG_LOGIN_MISSING })
      .check(z.minLength(1, MSG_LOGIN_MISSING), z.maxLength(PASSWORD_MAX, MSG_BAD_LOGIN)),
    device_id: DeviceIdField,
  }),
  response: SessionToken,
});

export const register = defineCall({
  name: 'register',
  method: 'POST',
  path: '/api/register',
  auth: 'none',
  idempotent: true,
  request: z
    .object({
      name: z.string({ error: MSG_USERNAME }).check(z.trim(), z.regex(USERNAME_PATTERN, MSG_USERNAME)),
      realname: z.optional(z.string().check(z.trim(), z.maxLength(32, '真实姓名过长'))),
      password: z
        .string({ error: MSG_PASSWORD })
        .check(z.minLength(PASSWORD_MIN, MSG_PASSWORD), z.maxLength(PASSWORD_MAX, MSG_PASSWORD)),
      confirmPass: z.string({ error: MSG_CONFIRM }).check(z.maxLength(PASSWORD_MAX, MSG_CONFIRM)),
      /** The payment password; the client sends the login password (spec §6). */
      paypassword: z.optional(
        z
          .string()
          .check(z.minLength(PASSWORD_MIN, '支付密码长度6~18位'), z.maxLength(18, '支付密码长度6~18位')),
      ),
      /** The captcha is the client's (spec §5); the server takes any code. */
      code: z.optional(z.string().check(z.maxLength(16))),
      /** Referrer user id; optional, '' means none. */
      pid: z.pipe(
        z.optional(z.union([IdLike, z.literal(''), z.null()])),
        z.transform((v) => (v === '' || v === null || v === undefined ? null : v)),
      ),
      /** An agent's invite code (OUR ADDITION, issue 33); optional, '' means none. */
      invite_code: z.pipe(
        z.optional(
          z.union([
            z.string().check(z.trim(), z.toUpperCase(), z.regex(INVITE_CODE_PATTERN, MSG_INVITE_CODE)),
            z.literal(''),
            z.null(),
          ]),
        ),
        z.transform((v) => (v ? v : null)),
      ),
      device_id: DeviceIdField,
    })
    .check(z.refine((o) => o.password === o.confirmPass, { message: MSG_CONFIRM, path: ['confirmPass'] })),
  response: SessionToken,
});
