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
export function table(headers: string[], rows: string[][], right: number[] = []): string {
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
];
