import { OPS_LIST_DEFAULT } from '@app/contract/ops-fields';
import { opsBlockUser, opsMaintenance, opsUsers } from '@app/contract/ops-site';
import { opsCommand, table, UsageError, type OpsCommand } from './format';

/** Operator commands of the site and its members: maintenance, the member list, blocking. */
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
];
