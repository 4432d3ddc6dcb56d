/* Operator calls of the site and its members: the member list, blocking, maintenance, addresses, site
 * messages. */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { SafeUrl } from './codecs';
import { OperatorName } from './console-auth';
import { OperatorRoleSchema } from './console-define';
import { REPAIR_TIPS_MAX } from './console-site';
import { OPS_LIST_DEFAULT, OPS_LIST_MAX, OpsUsername, WholeNumber } from './ops-fields';

export const opsUsers = defineCall({
  name: 'opsUsers',
  method: 'GET',
  path: '/ops/users',
  auth: 'operator',
  request: z.object({
    limit: z._default(WholeNumber(1, OPS_LIST_MAX), OPS_LIST_DEFAULT),
    offset: z._default(WholeNumber(0), 0),
  }),
  /** Members by id with their central balance (yuan) and creation time (Beijing). */
  response: z.object({
    total: z.number(),
    users: z.array(
      z.object({
        id: z.number(),
        username: z.string(),
        realname: z.string(),
        vip: z.string(),
        balance: z.string(),
        is_trial: z.number(),
        isagent: z.number(),
        blocked: z.boolean(),
        created_at: z.string(),
      }),
    ),
  }),
});

/** Blocks (or unblocks) a member by name, any case; 404 用户不存在. */
export const opsBlockUser = defineCall({
  name: 'opsBlockUser',
  method: 'POST',
  path: '/ops/users/block',
  auth: 'operator',
  request: z.object({ username: OpsUsername, blocked: z.boolean() }),
  response: z.object({ id: z.number(), username: z.string(), blocked: z.boolean() }),
});

/**
 * A one-time login or payment password for a member by name (as the console's 重置密码): shown once,
 * the member must change it before anything else (a login one ends the member's sessions and holds
 * the next sign-in to 修改登录密码; a payment one refuses withdrawals until 修改支付密码).
 */
export const opsResetMemberPassword = defineCall({
  name: 'opsResetMemberPassword',
  method: 'POST',
  path: '/ops/users/reset-password',
  auth: 'operator',
  request: z.object({
    username: OpsUsername,
    kind: z.enum(['login', 'pay'], '密码类型为 login 或 pay'),
  }),
  response: z.object({
    id: z.number(),
    username: z.string(),
    kind: z.enum(['login', 'pay']),
    password: z.string(),
    sessions_ended: z.number(),
  }),
});

/** Maintenance on (site_state 0: the app shows the tips instead of itself) or off (1). */
export const opsMaintenance = defineCall({
  name: 'opsMaintenance',
  method: 'POST',
  path: '/ops/site/maintenance',
  auth: 'operator',
  request: z.object({
    on: z.boolean('on 必须是 true 或 false'),
    tips: z.optional(z.string().check(z.maxLength(REPAIR_TIPS_MAX, '维护提示过长'))),
  }),
  response: z.object({ site_state: z.number(), repair_tips: z.string() }),
});

/** Word that sends a site message to every member instead of one. */
export const MESSAGE_TO_ALL = 'all';

/** A site message (HTML content) to one member by name, or to every member (`to` = all, any case). */
export const opsSendMessage = defineCall({
  name: 'opsSendMessage',
  method: 'POST',
  path: '/ops/messages/send',
  auth: 'operator',
  request: z.object({
    to: z.string().check(z.trim(), z.minLength(1, '请指定会员或 all'), z.maxLength(32, '会员名过长')),
    title: z.string().check(z.trim(), z.minLength(1, '请输入标题'), z.maxLength(200, '标题过长')),
    content: z.string().check(z.minLength(1, '请输入内容'), z.maxLength(20_000, '内容过长')),
  }),
  response: z.object({ id: z.number(), to: z.string(), title: z.string(), created_at: z.string() }),
});

/**
 * The addresses members are sent to, by their wire names: customer service (getservicerurl), agent
 * login (getAgentLoginUrl), the iOS download page and QR picture (appInfo) and the two sponsor pages
 * (/zhanzhuye?type=1|2). Each is a path of this server or an http(s) URL.
 */
export const SITE_URL_FIELDS = [
  'service_url',
  'agent_login_url',
  'ios_download_url',
  'ios_download_qrcode',
  'sponsor_url_1',
  'sponsor_url_2',
] as const;
export type SiteUrlField = (typeof SITE_URL_FIELDS)[number];

const SiteUrlValue = z.optional(SafeUrl.check(z.minLength(1, '地址无效')));

/** Sets the given addresses (none: only reads them); answers every address as it now stands. */
export const opsSiteUrls = defineCall({
  name: 'opsSiteUrls',
  method: 'POST',
  path: '/ops/site/urls',
  auth: 'operator',
  request: z.object({
    service_url: SiteUrlValue,
    agent_login_url: SiteUrlValue,
    ios_download_url: SiteUrlValue,
    ios_download_qrcode: SiteUrlValue,
    sponsor_url_1: SiteUrlValue,
    sponsor_url_2: SiteUrlValue,
  }),
  response: z.object({
    service_url: z.string(),
    agent_login_url: z.string(),
    ios_download_url: z.string(),
    ios_download_qrcode: z.string(),
    sponsor_url_1: z.string(),
    sponsor_url_2: z.string(),
  }),
});

/** Creates a console operator; answers its one-time password (shown once: changed at first sign-in). */
export const opsCreateOperator = defineCall({
  name: 'opsCreateOperator',
  method: 'POST',
  path: '/ops/operators/create',
  auth: 'operator',
  request: z.object({ name: OperatorName, role: OperatorRoleSchema }),
  response: z.object({ id: z.number(), name: z.string(), role: z.string(), password: z.string() }),
});

/**
 * Gives an operator a new one-time password and clears its TOTP (a lost phone): the next sign-in
 * sets a password and enrols again. Its sessions end at once.
 */
export const opsResetOperator = defineCall({
  name: 'opsResetOperator',
  method: 'POST',
  path: '/ops/operators/reset',
  auth: 'operator',
  request: z.object({ name: OperatorName }),
  response: z.object({ id: z.number(), name: z.string(), role: z.string(), password: z.string() }),
});
