import { OPS_LIST_DEFAULT } from '@app/contract/ops-fields';
import {
  opsBlockUser,
  opsCreateOperator,
  opsMaintenance,
  opsResetMemberPassword,
  opsResetOperator,
  opsSiteUrls,
  opsUsers,
  SITE_URL_FIELDS,
  type SiteUrlField,
} from '@app/contract/ops-site';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES } from '@app/contract/console-define';
import { opsCommand, table, UsageError, type OpsCommand } from './format';

/** Short names of the addresses for `site:url` (wire name without `_url`, `-` for `_`). */
const URL_NAMES: Record<string, SiteUrlField> = {
  service: 'service_url',
  'agent-login': 'agent_login_url',
  'ios-download': 'ios_download_url',
  'ios-qrcode': 'ios_download_qrcode',
  sponsor1: 'sponsor_url_1',
  sponsor2: 'sponsor_url_2',
};

const printUrls = (data: Record<SiteUrlField, string>) =>
  table(
    ['address', 'url'],
    SITE_URL_FIELDS.map((f) => [Object.keys(URL_NAMES).find((k) => URL_NAMES[k] === f) ?? f, data[f]]),
  );

/** Operator commands of the site and its members: maintenance, addresses, the member list, blocking. */
export const SITE_COMMANDS: OpsCommand[] = [
  opsCommand(opsMaintenance, {
    name: 'site:maintenance',
    args: 'on|off [tips…]',
    summary: 'Maintenance mode: the app shows the tips (repair_tips) instead of itself',
    request(args) {
      const [mode, ...rest] = args;
      if (mode !== 'on' && mode !== 'off') throw new UsageError('say on or off');
      const tips = rest.join(' ').trim();
      return { on: mode === 'on', ...(tips ? { tips } : {}) };
    },
    print: (data) =>
      data.site_state === 0
        ? `Maintenance ON. Members see: ${data.repair_tips || '(no tips set)'}`
        : 'Maintenance OFF. The app is open.',
  }),
  opsCommand(opsSiteUrls, {
    name: 'site:urls',
    args: '',
    summary: 'The addresses members are sent to: customer service, agent login, iOS download, sponsors',
    request: () => ({}),
    print: printUrls,
  }),
  opsCommand(opsSiteUrls, {
    name: 'site:url',
    args: `<${Object.keys(URL_NAMES).join('|')}> <url>`,
    summary: 'Set one address (a path of this server or an http(s) URL); members get it on their next call',
    request(args) {
      const [name, url] = args;
      const field = name === undefined ? undefined : URL_NAMES[name];
      if (!field) throw new UsageError(`name one of: ${Object.keys(URL_NAMES).join(', ')}`);
      if (!url?.trim()) throw new UsageError('give the url');
      return { [field]: url.trim() };
    },
    print: printUrls,
  }),
  opsCommand(opsUsers, {
    name: 'user:list',
    args: '[limit] [offset]',
    summary: 'Members with their central balance (default: the first 100)',
    request(args) {
      const [limit = String(OPS_LIST_DEFAULT), offset = '0'] = args;
      if (!/^\d+$/.test(limit) || !/^\d+$/.test(offset)) throw new UsageError('limit and offset are numbers');
      return { limit, offset };
    },
    print(data) {
      const rows = data.users.map((u) => [
        String(u.id),
        u.username,
        u.realname,
        u.vip,
        u.balance,
        [u.is_trial ? 'trial' : '', u.isagent ? 'agent' : '', u.blocked ? 'BLOCKED' : '']
          .filter(Boolean)
          .join(','),
        u.created_at,
      ]);
      return `${table(['id', 'username', 'realname', 'vip', 'balance', 'flags', 'created (Beijing)'], rows, [4])}\n${data.users.length} of ${data.total} members`;
    },
  }),
  opsCommand(opsBlockUser, {
    name: 'user:block',
    args: '<username>',
    summary: 'Freeze an account: its calls answer 403 账号已被冻结',
    request(args) {
      if (!args[0]) throw new UsageError('name the user');
      return { username: args[0], blocked: true };
    },
    print: (data) => `${data.username} is blocked.`,
  }),
  opsCommand(opsBlockUser, {
    name: 'user:unblock',
    args: '<username>',
    summary: 'Unfreeze an account',
    request(args) {
      if (!args[0]) throw new UsageError('name the user');
      return { username: args[0], blocked: false };
    },
    print: (data) => `${data.username} is active again.`,
  }),
  opsCommand(opsResetMemberPassword, {
    name: 'user:reset-password',
    args: '<username> <login|pay>',
    summary:
      "A one-time login or payment password for a member, shown once; the member must change it (a login one ends the member's sessions)",
    request(args) {
      const [username, kind] = args;
      if (!username) throw new UsageError('name the user');
      if (kind !== 'login' && kind !== 'pay') throw new UsageError('say which password: login or pay');
      return { username, kind: kind as 'login' | 'pay' };
    },
    print: (data) =>
      [
        `${data.username}: new one-time ${data.kind === 'login' ? 'login' : 'payment'} password: ${data.password}`,
        data.kind === 'login'
          ? `Shown once. ${data.sessions_ended} session(s) ended; the next sign-in must change it (修改登录密码) before anything else.`
          : 'Shown once. Withdrawals wait until the member changes it (修改支付密码).',
      ].join('\n'),
  }),
  opsCommand(opsCreateOperator, {
    name: 'operator:create',
    args: `<name> <${OPERATOR_ROLES.join('|')}>`,
    summary: `Create a console operator (${OPERATOR_ROLES.map((r) => `${r} ${OPERATOR_ROLE_LABELS[r]}`).join(', ')}); prints a one-time password`,
    request(args) {
      const [name, role] = args;
      if (!name) throw new UsageError('name the operator');
      if (!role || !(OPERATOR_ROLES as readonly string[]).includes(role)) {
        throw new UsageError(`role is one of: ${OPERATOR_ROLES.join(', ')}`);
      }
      return { name, role: role as (typeof OPERATOR_ROLES)[number] };
    },
    print: (data) => operatorPassword(data),
  }),
  opsCommand(opsResetOperator, {
    name: 'operator:reset',
    args: '<name>',
    summary:
      'New one-time password for an operator and a new TOTP enrolment at next sign-in (ends its sessions)',
    request(args) {
      if (!args[0]) throw new UsageError('name the operator');
      return { name: args[0] };
    },
    print: (data) => operatorPassword(data),
  }),
];

function operatorPassword(data: { name: string; role: string; password: string }): string {
  const role = OPERATOR_ROLE_LABELS[data.role as (typeof OPERATOR_ROLES)[number]] ?? data.role;
  return [
    `Operator ${data.name} (${role}).`,
    `One-time password: ${data.password}`,
    'Shown once. Sign in to the console with it: it asks for a new password, then a TOTP enrolment (scan the QR code).',
  ].join('\n');
}
