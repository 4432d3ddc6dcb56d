/* Console calls: the blacklist (黑名单) of bank cards, USDT addresses, Alipay/WeChat accounts,
 * addresses, devices and mobiles. A listed value is refused at registration and binding with one
 * neutral message that never says why. */
import * as z from 'zod/mini';
import { defineConsoleCall, PageQuery, type ConsoleCallDef, type OperatorRole } from './console-define';
import { OPS_ID_MAX, WholeNumber } from './ops-fields';

/** Who keeps the blacklist (超级管理员 too). */
export const BLACKLIST_ROLES: readonly OperatorRole[] = ['risk', 'finance'];

export const BLACKLIST_KINDS = ['card', 'usdt', 'wallet', 'ip', 'device', 'mobile'] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];
export const BLACKLIST_KIND_LABELS: Record<BlacklistKind, string> = {
  card: '银行卡号',
  usdt: 'USDT地址',
  wallet: '支付宝/微信账号',
  ip: 'IP地址',
  device: '设备ID',
  mobile: '手机号',
};

/** What a member is told when a blacklisted value stops registration or binding: nothing more. */
export const MSG_BLACKLISTED = '暂时无法完成此操作，请联系客服';

export const BLACKLIST_VALUE_MAX = 128;
export const BLACKLIST_REASON_MAX = 200;
export const MSG_BLACKLIST_KIND = '请选择类型';
export const MSG_BLACKLIST_VALUE = '请输入要拉黑的内容';
export const MSG_BLACKLIST_VALUE_LONG = `内容最多${BLACKLIST_VALUE_MAX}个字符`;
export const MSG_BLACKLIST_VALUE_FORMAT = '内容格式不正确';
export const MSG_BLACKLIST_TAKEN = '该内容已在黑名单中';
export const MSG_BLACKLIST_MISSING = '黑名单记录不存在';
export const MSG_BLACKLIST_REASON_LONG = `原因最多${BLACKLIST_REASON_MAX}个字`;

const Kind = z.enum(BLACKLIST_KINDS, MSG_BLACKLIST_KIND);

export const BlacklistRow = z.object({
  id: z.number(),
  kind: z.enum(BLACKLIST_KINDS),
  /** As stored (normalised: a card's or mobile's digits, …). */
  value: z.string(),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type BlacklistRow = z.output<typeof BlacklistRow>;

/** The entries, newest first: of one kind, and/or whose value starts with `q` (normalised). */
export const consoleBlacklist = defineConsoleCall({
  name: 'consoleBlacklist',
  method: 'GET',
  path: '/blacklist',
  roles: BLACKLIST_ROLES,
  request: z.object({
    kind: z.pipe(
      z.optional(z.union([z.literal(''), Kind])),
      z.transform((v) => (v ? v : null)),
    ),
    q: z._default(z.string().check(z.trim(), z.maxLength(BLACKLIST_VALUE_MAX, MSG_BLACKLIST_VALUE_LONG)), ''),
    ...PageQuery,
  }),
  response: z.object({ total: z.number(), items: z.array(BlacklistRow) }),
});

export const consoleAddBlacklist = defineConsoleCall({
  name: 'consoleAddBlacklist',
  method: 'POST',
  path: '/blacklist/add',
  roles: BLACKLIST_ROLES,
  request: z.object({
    kind: Kind,
    value: z
      .string({ error: MSG_BLACKLIST_VALUE })
      .check(
        z.trim(),
        z.minLength(1, MSG_BLACKLIST_VALUE),
        z.maxLength(BLACKLIST_VALUE_MAX, MSG_BLACKLIST_VALUE_LONG),
      ),
    reason: z._default(
      z.string().check(z.trim(), z.maxLength(BLACKLIST_REASON_MAX, MSG_BLACKLIST_REASON_LONG)),
      '',
    ),
  }),
  response: BlacklistRow,
});

export const consoleRemoveBlacklist = defineConsoleCall({
  name: 'consoleRemoveBlacklist',
  method: 'POST',
  path: '/blacklist/remove',
  roles: BLACKLIST_ROLES,
  request: z.object({ id: WholeNumber(1, OPS_ID_MAX) }),
  response: z.object({ id: z.number() }),
});

export const BLACKLIST_AUDIT_ACTIONS: Record<string, string> = {
  'blacklist.add': '加入黑名单',
  'blacklist.remove': '移出黑名单',
};
export const BLACKLIST_AUDIT_TARGETS: Record<string, string> = { blacklist: '黑名单' };

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_BLACKLIST_CALLS: readonly ConsoleCallDef[] = [
  consoleBlacklist,
  consoleAddBlacklist,
  consoleRemoveBlacklist,
];
