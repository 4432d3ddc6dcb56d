import { UsageError, table, type OpsCommand } from '../commands';

const obj = (data: unknown) => (data && typeof data === 'object' ? (data as Record<string, unknown>) : {});
const rowsOf = (data: unknown, cols: string[]) => {
  const v = obj(data).applications;
  const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
  return rows.map((r) => cols.map((c) => String(r[c] ?? '')));
};
const stateArg = (args: string[]) => {
  const state = args[0] ?? '1';
  if (!/^[0-3]$/.test(state)) throw new UsageError('state is 0, 1, 2 or 3');
  return state;
};
const idArg = (args: string[]) => {
  const id = args[0]?.trim() ?? '';
  if (!/^\d{1,10}$/.test(id)) throw new UsageError('the id is a number (see activity:list)');
  return Number(id);
};
const userArg = (args: string[]) => {
  const name = args[0]?.trim();
  if (!name) throw new UsageError('name the user');
  return name;
};
const dayArg = (args: string[]) => {
  const day = args[0]?.trim() ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new UsageError('the day is YYYY-MM-DD (Beijing)');
  return day;
};

/** Operator commands of promotions: activity applications, agents, rebates and VIP. */
export const PROMO_COMMANDS: OpsCommand[] = [
  {
    name: 'activity:list',
    args: '[state: 1 pending (default), 2 approved, 3 rejected, 0 all]',
    summary: 'Activity applications, newest first',
    request: (args) => ({
      method: 'GET',
      path: '/activities/applications',
      query: { state: stateArg(args) },
    }),
    print(data) {
      const cols = ['id', 'username', 'activity', 'state', 'created_at'];
      const rows = rowsOf(data, cols);
      return `${table(cols, rows)}\n${rows.length} applications`;
    },
  },
  {
    name: 'activity:approve',
    args: '<id>',
    summary: 'Approve a pending activity application',
    request: (args) => ({ method: 'POST', path: '/activities/approve', body: { id: idArg(args) } }),
    print: (data) => `Application ${String(obj(data).id)} approved.`,
  },
  {
    name: 'activity:reject',
    args: '<id>',
    summary: 'Reject a pending activity application',
    request: (args) => ({ method: 'POST', path: '/activities/reject', body: { id: idArg(args) } }),
    print: (data) => `Application ${String(obj(data).id)} rejected.`,
  },
  {
    name: 'agent:list',
    args: '[state: 1 pending (default), 2 approved, 3 rejected, 0 all]',
    summary: 'Agent applications, newest first',
    request: (args) => ({ method: 'GET', path: '/agents/applications', query: { state: stateArg(args) } }),
    print(data) {
      const cols = ['id', 'username', 'realname', 'mobile', 'reason', 'state', 'created_at'];
      const rows = rowsOf(data, cols);
      return `${table(cols, rows)}\n${rows.length} applications`;
    },
  },
  {
    name: 'agent:approve',
    args: '<username>',
    summary: 'Make a member an agent (isagent 1) and approve their pending application',
    request: (args) => ({ method: 'POST', path: '/agents/approve', body: { username: userArg(args) } }),
    print: (data) => `${String(obj(data).username)} is an agent now.`,
  },
  {
    name: 'agent:reject',
    args: '<username>',
    summary: "Reject a member's pending agent application",
    request: (args) => ({ method: 'POST', path: '/agents/reject', body: { username: userArg(args) } }),
    print: (data) => `Agent application of ${String(obj(data).username)} rejected.`,
  },
  {
    name: 'rebate:compute',
    args: '<YYYY-MM-DD>',
    summary: "Turn a Beijing day's valid bets into pending rebates (once per member, category and day)",
    request: (args) => ({ method: 'POST', path: '/rebates/compute', body: { day: dayArg(args) } }),
    print: (data) => `Rebates of ${String(obj(data).day)}: ${String(obj(data).created)} new records.`,
  },
  {
    name: 'vip:run',
    args: '<YYYY-MM-DD>',
    summary: 'Run the VIP promotion and 90-day retention job for a Beijing day (one change per member a day)',
    request: (args) => ({ method: 'POST', path: '/vip/run', body: { day: dayArg(args) } }),
    print: (data) =>
      `VIP run of ${String(obj(data).day)}: ${String(obj(data).promoted)} promoted, ${String(obj(data).demoted)} dropped.`,
  },
];
