import { LOTTERY_ROUNDS_DEFAULT, opsDrawLottery, opsLotteryRounds } from '@app/contract/ops-lottery';
import { oneArg } from './args';
import { cellsOf, opsCommand, table, UsageError, type OpsCommand } from './format';

/** Operator commands of the lottery: recent rounds with their proof, and drawing what is due. */
export const LOTTERY_COMMANDS: OpsCommand[] = [
  opsCommand(opsLotteryRounds, {
    name: 'lottery:rounds',
    args: '<code> [limit]',
    summary: 'Recent rounds of a lottery (e.g. jnd28): hash, seed once drawn, balls, orders, settled',
    request(args) {
      const code = oneArg('lottery code', args);
      const limit = args[1] ?? String(LOTTERY_ROUNDS_DEFAULT);
      if (!/^\d{1,3}$/.test(limit)) throw new UsageError('limit is a number');
      return { code, limit };
    },
    print(data) {
      const cols = [
        'expect',
        'draws_at',
        'balls',
        'orders',
        'stake',
        'payout',
        'settled',
        'hash',
        'seed',
      ] as const;
      return `${data.title} (${data.code})\n${table([...cols], cellsOf(data.rounds, cols), [3, 4, 5])}`;
    },
  }),
  opsCommand(opsDrawLottery, {
    name: 'lottery:draw',
    args: '',
    summary:
      'Draw every round whose time has come and settle its orders now (the ticker does it every second)',
    request: () => undefined,
    print(data) {
      const lines = data.drawn.map((d) => `  ${d.code} ${d.expect}: ${d.opencode}`);
      return [
        `Drew ${data.drawn.length} round(s); settled ${data.settledLines} order line(s).`,
        ...lines,
      ].join('\n');
    },
  }),
];
