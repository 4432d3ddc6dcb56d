import { DAY_PATTERN, OPS_AMOUNT_PATTERN } from '@app/contract/ops-fields';
import {
  opsActivityApplications,
  opsAgentApplications,
  opsApproveActivity,
  opsApproveAgent,
  opsComputeRebates,
  opsRejectActivity,
  opsRejectAgent,
  opsRunVip,
} from '@app/contract/ops-promo';
import { STATE_ARG, stateArg } from './args';
import { cellsOf, opsCommand, table, UsageError, type OpsCommand } from './format';

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
  if (!DAY_PATTERN.test(day)) throw new UsageError('the day is YYYY-MM-DD (Beijing)');
  return day;
};

/** Operator commands of promotions: activity applications, agents, rebates and VIP. */
export const PROMO_COMMANDS: OpsCommand[] = [
  opsCommand(opsActivityApplications, {
    name: 'activity:list',
    args: STATE_ARG,
    summary: 'Activity applications, newest first',
    request: (args) => ({ state: stateArg(args) }),
    print(data) {
      const cols = ['id', 'username', 'activity', 'state', 'bonus', 'created_at'] as const;
      const rows = cellsOf(data.applications, cols);
      return `${table([...cols], rows)}\n${rows.length} applications`;
    },
  }),
  opsCommand(opsApproveActivity, {
    name: 'activity:approve',
    args: '<id> [amount]',
    summary:
      "Approve a pending activity application and pay its bonus: the rule's figure, or [amount] (yuan) when given",
    request: (args) => {
      const amount = args[1]?.trim();
      if (amount !== undefined && !OPS_AMOUNT_PATTERN.test(amount))
        throw new UsageError('the amount is yuan, e.g. 38 or 38.50');
      return { id: idArg(args), ...(amount === undefined ? {} : { amount }) };
    },
    print: (data) =>
      `Application ${data.id} approved: bonus ${data.bonus} paid, turnover requirement +${data.turnover}.`,
  }),
  opsCommand(opsRejectActivity, {
    name: 'activity:reject',
    args: '<id>',
    summary: 'Reject a pending activity application',
    request: (args) => ({ id: idArg(args) }),
    print: (data) => `Application ${data.id} rejected.`,
  }),
  opsCommand(opsAgentApplications, {
    name: 'agent:list',
    args: STATE_ARG,
    summary: 'Agent applications, newest first',
    request: (args) => ({ state: stateArg(args) }),
    print(data) {
      const cols = ['id', 'username', 'realname', 'mobile', 'reason', 'state', 'created_at'] as const;
      const rows = cellsOf(data.applications, cols);
      return `${table([...cols], rows)}\n${rows.length} applications`;
    },
  }),
  opsCommand(opsApproveAgent, {
    name: 'agent:approve',
    args: '<username>',
    summary: 'Make a member an agent (isagent 1) and approve their pending application',
    request: (args) => ({ username: userArg(args) }),
    print: (data) => `${data.username} is an agent now.`,
  }),
  opsCommand(opsRejectAgent, {
    name: 'agent:reject',
    args: '<username>',
    summary: "Reject a member's pending agent application",
    request: (args) => ({ username: userArg(args) }),
    print: (data) => `Agent application of ${data.username} rejected.`,
  }),
  opsCommand(opsComputeRebates, {
    name: 'rebate:compute',
    args: '<YYYY-MM-DD>',
    summary: "Turn a Beijing day's valid bets into pending rebates (once per member, category and day)",
    request: (args) => ({ day: dayArg(args) }),
    print: (data) => `Rebates of ${data.day}: ${data.created} new records.`,
  }),
  opsCommand(opsRunVip, {
    name: 'vip:run',
    args: '<YYYY-MM-DD>',
    summary: 'Run the VIP promotion and 90-day retention job for a Beijing day (one change per member a day)',
    request: (args) => ({ day: dayArg(args) }),
    print: (data) => `VIP run of ${data.day}: ${data.promoted} promoted, ${data.demoted} dropped.`,
  }),
];
