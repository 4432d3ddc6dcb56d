import { PROMO_COMMANDS } from './commands/promo';
import { CONTENT_COMMANDS } from './commands/content';
import { safeCell } from './sanitize';

/**
 * The operator commands: one entry each. A command turns its arguments into one request to the
 * running server's operator API and prints the answer. Later issues add their commands here.
 */

export interface OpsRequest {
  method: 'GET' | 'POST';
  /** Under /ops. */
  path: string;
  body?: unknown;
  query?: Record<string, string>;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface OpsCommand {
  name: string;
  /** Arguments, as shown in help. */
  args: string;
  summary: string;
  request(args: string[]): OpsRequest;
  /** Text to print for a successful reply (`data`, `message` of the envelope). */
  print(data: unknown, message: string): string;
}

/* Output helpers ---------------------------------------------------------------------------------- */

/** Display width in a terminal: CJK and full-width characters take two columns. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    w +=
      (cp >= 0x1100 && cp <= 0x115f) ||
      (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) ||
      (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6)
        ? 2
        : 1;
  }
  return w;
}

/** A plain text table; `right` lists the columns aligned right (amounts). */
export function table(headers: string[], cells: string[][], right: number[] = []): string {
  // One value per cell and line: a newline or escape code from a member cannot break the layout.
  const rows = cells.map((r) => r.map(safeCell));
  const widths = headers.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - displayWidth(c));
        return right.includes(i) ? pad + c : c + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const obj = (data: unknown) => (data && typeof data === 'object' ? (data as Record<string, unknown>) : {});

/* Money commands ---------------------------------------------------------------------------------- */

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const list = (data: unknown, key: string) => {
  const v = obj(data)[key];
  return Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
};
const one = (what: string, args: string[]) => {
  const v = args[0]?.trim();
  if (!v) throw new UsageError(`name the ${what}`);
  return v;
};

const reviewRows = (rows: Record<string, unknown>[], cols: string[]) =>
  rows.map((r) => cols.map((c) => String(r[c] ?? '')));

const idArg = (args: string[]) => {
  const id = one('withdrawal id', args);
  if (!/^\d{1,10}$/.test(id)) throw new UsageError('the id is a number (see withdrawal:list)');
  return Number(id);
};

const MONEY_COMMANDS: OpsCommand[] = [
  {
    name: 'pay:list',
    args: '',
    summary: 'Deposit methods with their ranges (yuan) and where to pay',
    request: () => ({ method: 'GET', path: '/pay-methods' }),
    print(data) {
      const cols = ['type', 'enabled', 'min', 'max', 'account'];
      return table(cols, reviewRows(list(data, 'methods'), cols), [2, 3]);
    },
  },
  {
    name: 'pay:set',
    args: '<bank|wechat|alipay|usdt-trc20|usdt-erc20> <min> <max> [on|off]',
    summary: "Set a deposit method's range in yuan, and optionally switch it on or off",
    request(args) {
      const [type, min, max, mode] = args;
      if (!type || !min || !max) throw new UsageError('name the method, the minimum and the maximum');
      if (!AMOUNT.test(min) || !AMOUNT.test(max))
        throw new UsageError('amounts: numbers with at most 2 decimals');
      if (mode !== undefined && mode !== 'on' && mode !== 'off') throw new UsageError('say on or off');
      return {
        method: 'POST',
        path: '/pay-methods',
        body: { type, min, max, ...(mode ? { enabled: mode === 'on' } : {}) },
      };
    },
    print: (data) =>
      `${String(obj(data).type)}: ${String(obj(data).min)}–${String(obj(data).max)}, ${obj(data).enabled ? 'on' : 'off'}.`,
  },
  {
    name: 'withdrawal:list',
    args: '[state: 1 pending (default), 2 approved, 3 rejected, 0 all]',
    summary: 'Withdrawals, newest first',
    request(args) {
      const state = args[0] ?? '1';
      if (!/^[0-3]$/.test(state)) throw new UsageError('state is 0, 1, 2 or 3');
      return { method: 'GET', path: '/withdrawals', query: { state } };
    },
    print(data) {
      const cols = [
        'id',
        'order_no',
        'username',
        'kind',
        'amount',
        'usdt',
        'account',
        'name',
        'state',
        'created_at',
      ];
      const rows = list(data, 'withdrawals');
      return `${table(cols, reviewRows(rows, cols), [4, 5])}\n${rows.length} withdrawals`;
    },
  },
  {
    name: 'withdrawal:approve',
    args: '<id>',
    summary: 'Approve a pending withdrawal (the money leaves)',
    request: (args) => ({ method: 'POST', path: '/withdrawals/approve', body: { id: idArg(args) } }),
    print: (data) => `Withdrawal ${String(obj(data).id)} approved: ${String(obj(data).amount)} paid out.`,
  },
  {
    name: 'withdrawal:reject',
    args: '<id>',
    summary: 'Reject a pending withdrawal (the whole amount returns to the member)',
    request: (args) => ({ method: 'POST', path: '/withdrawals/reject', body: { id: idArg(args) } }),
    print: (data) => `Withdrawal ${String(obj(data).id)} rejected: ${String(obj(data).amount)} returned.`,
  },
  {
    name: 'bet:record',
    args: '<username> <platform> <amount>',
    summary: 'Record a settled valid bet, as a venue report would (counts toward turnover)',
    request(args) {
      const [username, platform, amount] = args;
      if (!username || !platform || !amount)
        throw new UsageError('name the user, the platform and the amount');
      if (!AMOUNT.test(amount)) throw new UsageError('amount: a positive number with at most 2 decimals');
      return { method: 'POST', path: '/bets/record', body: { username, platform, amount } };
    },
    print: (data) =>
      `Recorded a valid bet of ${String(obj(data).amount)} on ${String(obj(data).platform)} for ${String(obj(data).username)}.`,
  },
  {
    name: 'deposit:list',
    args: '[state: 1 pending (default), 2 approved, 3 rejected, 0 all]',
    summary: 'Deposits, newest first',
    request(args) {
      const state = args[0] ?? '1';
      if (!/^[0-3]$/.test(state)) throw new UsageError('state is 0, 1, 2 or 3');
      return { method: 'GET', path: '/deposits', query: { state } };
    },
    print(data) {
      const cols = ['deposit_no', 'username', 'paytype', 'amount', 'state', 'created_at'];
      const rows = list(data, 'deposits');
      return `${table(cols, reviewRows(rows, cols), [3])}\n${rows.length} deposits`;
    },
  },
  {
    name: 'deposit:approve',
    args: '<deposit_no>',
    summary: 'Approve a pending deposit (credits the member once; not after 60 minutes)',
    request: (args) => ({
      method: 'POST',
      path: '/deposits/approve',
      body: { deposit_no: one('deposit_no', args) },
    }),
    print: (data) =>
      `Deposit ${String(obj(data).deposit_no)} approved: ${String(obj(data).amount)} credited.`,
  },
  {
    name: 'deposit:reject',
    args: '<deposit_no>',
    summary: 'Reject a pending deposit',
    request: (args) => ({
      method: 'POST',
      path: '/deposits/reject',
      body: { deposit_no: one('deposit_no', args) },
    }),
    print: (data) => `Deposit ${String(obj(data).deposit_no)} rejected.`,
  },
  {
    name: 'ledger:check',
    args: '',
    summary: 'Prove the ledger: every wallet equals its entries, entries sum to zero (exit 1 when not)',
    request: () => ({ method: 'GET', path: '/ledger/check' }),
    print(data) {
      const accounts = obj(obj(data).accounts);
      const rows = Object.entries(accounts).map(([k, v]) => [k, String(v)]);
      return `Ledger balanced.\n${table(['system account', 'cents'], rows, [1])}`;
    },
  },
  {
    name: 'wallet:credit',
    args: '<username> <amount>',
    summary: "Credit a member's central wallet (an adjustment through the ledger), e.g. 100.50",
    request(args) {
      const [username, amount] = args;
      if (!username || !amount) throw new UsageError('name the user and the amount');
      if (!AMOUNT.test(amount)) throw new UsageError('amount: a positive number with at most 2 decimals');
      return { method: 'POST', path: '/wallet/credit', body: { username, amount } };
    },
    print: (data) =>
      `Credited ${String(obj(data).amount)} to ${String(obj(data).username)}; balance ${String(obj(data).balance)}.`,
  },
];

/* Lottery commands -------------------------------------------------------------------------------- */

const LOTTERY_COMMANDS: OpsCommand[] = [
  {
    name: 'lottery:rounds',
    args: '<code> [limit]',
    summary: 'Recent rounds of a lottery (e.g. jnd28): hash, seed once drawn, balls, orders, settled',
    request(args) {
      const code = one('lottery code', args);
      const limit = args[1] ?? '20';
      if (!/^\d{1,3}$/.test(limit)) throw new UsageError('limit is a number');
      return { method: 'GET', path: '/lottery/rounds', query: { code, limit } };
    },
    print(data) {
      const cols = ['expect', 'draws_at', 'balls', 'orders', 'stake', 'payout', 'settled', 'hash', 'seed'];
      const rows = list(data, 'rounds');
      return `${String(obj(data).title)} (${String(obj(data).code)})\n${table(cols, reviewRows(rows, cols), [3, 4, 5])}`;
    },
  },
  {
    name: 'lottery:draw',
    args: '',
    summary:
      'Draw every round whose time has come and settle its orders now (the ticker does it every second)',
    request: () => ({ method: 'POST', path: '/lottery/draw' }),
    print(data) {
      const drawn = list(data, 'drawn');
      const lines = drawn.map((d) => `  ${String(d.code)} ${String(d.expect)}: ${String(d.opencode)}`);
      return [
        `Drew ${drawn.length} round(s); settled ${String(obj(data).settledLines)} order line(s).`,
        ...lines,
      ].join('\n');
    },
  },
];

/* The commands ------------------------------------------------------------------------------------ */

export const COMMANDS: OpsCommand[] = [
  {
    name: 'site:maintenance',
    args: 'on|off [tips…]',
    summary: 'Maintenance mode: the app shows the tips (repair_tips) instead of itself',
    request(args) {
      const [mode, ...rest] = args;
      if (mode !== 'on' && mode !== 'off') throw new UsageError('say on or off');
      const tips = rest.join(' ').trim();
      return {
        method: 'POST',
        path: '/site/maintenance',
        body: { on: mode === 'on', ...(tips ? { tips } : {}) },
      };
    },
    print(data) {
      const d = obj(data);
      return d.site_state === 0
        ? `Maintenance ON. Members see: ${String(d.repair_tips) || '(no tips set)'}`
        : 'Maintenance OFF. The app is open.';
    },
  },
  {
    name: 'user:list',
    args: '[limit] [offset]',
    summary: 'Members with their central balance (default: the first 100)',
    request(args) {
      const [limit = '100', offset = '0'] = args;
      if (!/^\d+$/.test(limit) || !/^\d+$/.test(offset)) throw new UsageError('limit and offset are numbers');
      return { method: 'GET', path: '/users', query: { limit, offset } };
    },
    print(data) {
      const d = obj(data);
      const users = Array.isArray(d.users) ? (d.users as Record<string, unknown>[]) : [];
      const rows = users.map((u) => [
        String(u.id),
        String(u.username),
        String(u.realname ?? ''),
        String(u.vip),
        String(u.balance),
        [u.is_trial ? 'trial' : '', u.isagent ? 'agent' : '', u.blocked ? 'BLOCKED' : '']
          .filter(Boolean)
          .join(','),
        String(u.created_at),
      ]);
      return `${table(['id', 'username', 'realname', 'vip', 'balance', 'flags', 'created (Beijing)'], rows, [4])}\n${users.length} of ${String(d.total)} members`;
    },
  },
  {
    name: 'user:block',
    args: '<username>',
    summary: 'Freeze an account: its calls answer 403 账号已被冻结',
    request(args) {
      if (!args[0]) throw new UsageError('name the user');
      return { method: 'POST', path: '/users/block', body: { username: args[0], blocked: true } };
    },
    print: (data) => `${String(obj(data).username)} is blocked.`,
  },
  {
    name: 'user:unblock',
    args: '<username>',
    summary: 'Unfreeze an account',
    request(args) {
      if (!args[0]) throw new UsageError('name the user');
      return { method: 'POST', path: '/users/block', body: { username: args[0], blocked: false } };
    },
    print: (data) => `${String(obj(data).username)} is active again.`,
  },
  ...MONEY_COMMANDS,
  ...LOTTERY_COMMANDS,
  ...PROMO_COMMANDS,
  ...CONTENT_COMMANDS,
];
