/* The operators' web console: its roles, what every console call declares (who may make it), and the
 * pieces its calls share. The console listens on its own address (CONSOLE_HOST/CONSOLE_PORT); its calls
 * live under CONSOLE_API_PREFIX there, never on the members' address. */
import * as z from 'zod/mini';
import { defineCall, type CallDef, type Schema } from './define';
import { WholeNumber } from './ops-fields';

/** Root of every console call on the console's listener. */
export const CONSOLE_API_PREFIX = '/api';

/** Operator roles: 超级管理员 may do everything (operators and roles too); the others what their calls name. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'content', 'risk'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  admin: '超级管理员',
  finance: '财务',
  support: '客服',
  content: '运营',
  risk: '风控',
};
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES, '角色无效');

/** The console session ends after this long without a call a person made (polls do not count). */
export const CONSOLE_IDLE_MINUTES = 30;
/** …and this long after its sign-in, however busy. */
export const CONSOLE_SESSION_MAX_HOURS = 12;
/** The console marks the calls it makes on its own (queue refreshes) with this header set to 1. */
export const BACKGROUND_HEADER = 'x-console-background';
/** The name of the session cookie (HttpOnly, SameSite=Strict, Secure over https). */
export const CONSOLE_SESSION_COOKIE = 'console_sid';
/** Every write carries the session's CSRF token in this header (from consoleSession's reply). */
export const CSRF_HEADER = 'x-csrf-token';

/** Refusals every console call may answer with. */
export const MSG_CONSOLE_SIGNED_OUT = '请先登录';
export const MSG_CONSOLE_FORBIDDEN = '无权限执行此操作';
export const MSG_CONSOLE_CSRF = '页面已过期，请刷新后重试';

export interface ConsoleCallDef<Req extends Schema = Schema, Res extends Schema = Schema> extends CallDef<
  Req,
  Res
> {
  /** Who may make it besides 超级管理员 (who may make every call). Empty: 超级管理员 only. */
  readonly roles: readonly OperatorRole[];
  /** A write: needs the CSRF header and is recorded in the audit log. */
  readonly write: boolean;
  readonly session: ConsoleSessionNeed;
}

/** 'active': signed in (password and TOTP); 'pending': password accepted, TOTP not yet; 'none': anyone. */
export type ConsoleSessionNeed = 'active' | 'pending' | 'none';

/** A console call: `auth` 'console', path under CONSOLE_API_PREFIX; POST calls are writes unless told. */
export function defineConsoleCall<Req extends Schema, Res extends Schema>(def: {
  name: string;
  method: 'GET' | 'POST';
  /** Below CONSOLE_API_PREFIX, e.g. '/deposits'. */
  path: string;
  request: Req;
  response: Res;
  roles: readonly OperatorRole[];
  write?: boolean;
  /** Which session it needs: a signed-in one (default), one half-way through sign-in, or none. */
  session?: ConsoleSessionNeed;
}): ConsoleCallDef<Req, Res> {
  const { roles, write, path, session, ...rest } = def;
  return {
    ...defineCall({ ...rest, path: `${CONSOLE_API_PREFIX}${path}`, auth: 'console' }),
    roles,
    write: write ?? def.method === 'POST',
    session: session ?? 'active',
  };
}

/** Whether `role` may make `call`. */
export function roleMayCall(role: OperatorRole, call: Pick<ConsoleCallDef, 'roles'>): boolean {
  return role === 'admin' || call.roles.includes(role);
}

/** A page of a console list: 1-based page and its size (at most 200 rows). */
export const CONSOLE_PAGE_MAX = 200;
export const PageQuery = {
  page: z._default(WholeNumber(1, 1_000_000), 1),
  pageSize: z._default(WholeNumber(1, CONSOLE_PAGE_MAX), 20),
};

/** A review's reason: required when rejecting, at most 200 characters. */
export const REVIEW_REASON_MAX = 200;
export const MSG_REVIEW_REASON = '请填写拒绝原因';
export const ReviewReason = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, MSG_REVIEW_REASON),
    z.maxLength(REVIEW_REASON_MAX, `原因最多${REVIEW_REASON_MAX}个字`),
  );

/** Who reviewed an item and when: what the second of two operators pressing at once is shown. */
export const ReviewedBy = z.object({
  reviewed_by: z.string(),
  reviewed_at: z.nullable(z.string()),
  review_note: z.string(),
});
