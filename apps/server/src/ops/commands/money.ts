import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { RequestOf } from '@app/contract/define';
import type { PayRangeType } from '@app/contract/enums';
import { OPS_AMOUNT_PATTERN } from '@app/contract/ops-fields';
import {
  OPS_QR_IMAGE_MAX_BYTES,
  opsApproveDeposit,
  opsApproveWithdrawal,
  opsCreditWallet,
  opsDeposits,
  opsLedgerCheck,
  opsPayMethods,
  opsRecordBet,
  opsRejectDeposit,
  opsRejectWithdrawal,
  opsSetPayMethod,
  opsWithdrawals,
} from '@app/contract/ops-money';
import { oneArg, STATE_ARG, stateArg } from './args';
import { cellsOf, opsCommand, table, UsageError, type OpsCommand } from './format';

const idArg = (args: string[]) => {
  const id = oneArg('withdrawal id', args);
  if (!/^\d{1,10}$/.test(id)) throw new UsageError('the id is a number (see withdrawal:list)');
  return Number(id);
};

const MSG_AMOUNT_ARG = 'amount: a positive number with at most 2 decimals';

/** A QR image file as base64 (the server proves its type by content). */
function readQrFile(file: string | undefined): string {
  if (!file) throw new UsageError('--qr needs an image file (PNG, JPG, GIF or WEBP)');
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
  if (data.length > OPS_QR_IMAGE_MAX_BYTES) {
    throw new UsageError(`the QR image is over ${OPS_QR_IMAGE_MAX_BYTES / 1024} KB`);
  }
  return data.toString('base64');
}

/** pay:set's flags for node:util's parseArgs: a value after a space or an `=` (`--account=乐享`). */
const PAY_FLAGS = {
  account: { type: 'string' },
  qr: { type: 'string' },
  'no-qr': { type: 'boolean' },
} as const;

function accountOf(value: string | undefined): string {
  if (value === undefined) throw new UsageError('--account needs the account (quote it if it has spaces)');
  return value;
}

/** pay:set's arguments: the method, then any of <min> <max>, on|off, --account <text>, --qr <file>, --no-qr. */
export function payChange(args: string[]): RequestOf<typeof opsSetPayMethod> {
  const [type, ...rest] = args;
  if (!type) throw new UsageError('name the method');
  // The method's name is the server's to check (参数错误：type for one it does not know).
  const change: RequestOf<typeof opsSetPayMethod> = { type: type as PayRangeType };
  const amounts: string[] = [];
  // Not strict, so that what it cannot use is told in our words, naming the argument as typed; a flag's
  // value may start with a dash. The tokens come in order: of --qr and --no-qr, the last one wins.
  const { tokens } = parseArgs({
    args: rest,
    options: PAY_FLAGS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    const arg = rest[token.index] ?? '';
    if (token.kind === 'option' && token.name === 'account') change.account = accountOf(token.value);
    else if (token.kind === 'option' && token.name === 'qr') change.qr_image = readQrFile(token.value);
    else if (token.kind === 'option' && token.name === 'no-qr' && token.value === undefined)
      change.qr_image = '';
    else if (token.kind === 'positional' && (arg === 'on' || arg === 'off')) change.enabled = arg === 'on';
    else if (token.kind === 'positional' && OPS_AMOUNT_PATTERN.test(arg)) amounts.push(arg);
    // Anything else: an unknown flag, --no-qr=<value>, `--`, a word that is none of the above.
    else throw new UsageError(`not understood: ${arg}`);
  }
  if (amounts.length !== 0 && amounts.length !== 2) {
    throw new UsageError('amounts: the minimum and the maximum, numbers with at most 2 decimals');
  }
  if (amounts.length === 2) [change.min, change.max] = amounts;
  if (Object.keys(change).length === 1) {
    throw new UsageError('say what to change: <min> <max>, on|off, --account, --qr or --no-qr');
  }
  return change;
}

/** Operator commands of money: deposit methods, reviews of deposits and withdrawals, the ledger. */
export const MONEY_COMMANDS: OpsCommand[] = [
  opsCommand(opsPayMethods, {
    name: 'pay:list',
    args: '',
    summary: 'Deposit methods with their ranges (yuan) and where to pay',
    request: () => undefined,
    print(data) {
      const cols = ['type', 'enabled', 'min', 'max', 'account', 'qr_image'] as const;
      return table([...cols], cellsOf(data.methods, cols), [2, 3]);
    },
  }),
  opsCommand(opsSetPayMethod, {
    name: 'pay:set',
    args: '<bank|wechat|alipay|usdt-trc20|usdt-erc20> [<min> <max>] [on|off] [--account <text>] [--qr <image file> | --no-qr]',
    summary:
      'Change a deposit method: range in yuan, on or off, where to pay (account or USDT address) and its QR image (PNG/JPG/GIF/WEBP, at most 40 KB). Orders already placed keep what they showed',
    request: payChange,
    print: (data) =>
      `${data.type}: ${data.min}–${data.max}, ${data.enabled ? 'on' : 'off'}, account ${data.account || '-'}, QR ${data.qr_image || 'none'}.`,
  }),
  opsCommand(opsWithdrawals, {
    name: 'withdrawal:list',
    args: STATE_ARG,
    summary: 'Withdrawals, newest first',
    request: (args) => ({ state: stateArg(args) }),
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
      ] as const;
      const rows = data.withdrawals;
      return `${table([...cols], cellsOf(rows, cols), [4, 5])}\n${rows.length} withdrawals`;
    },
  }),
  opsCommand(opsApproveWithdrawal, {
    name: 'withdrawal:approve',
    args: '<id>',
    summary: 'Approve a pending withdrawal (the money leaves)',
    request: (args) => ({ id: idArg(args) }),
    print: (data) => `Withdrawal ${data.id} approved: ${data.amount} paid out.`,
  }),
  opsCommand(opsRejectWithdrawal, {
    name: 'withdrawal:reject',
    args: '<id>',
    summary: 'Reject a pending withdrawal (the whole amount returns to the member)',
    request: (args) => ({ id: idArg(args) }),
    print: (data) => `Withdrawal ${data.id} rejected: ${data.amount} returned.`,
  }),
  opsCommand(opsRecordBet, {
    name: 'bet:record',
    args: '<username> <platform> <amount>',
    summary: 'Record a settled valid bet, as a venue report would (counts toward turnover)',
    request(args) {
      const [username, platform, amount] = args;
      if (!username || !platform || !amount)
        throw new UsageError('name the user, the platform and the amount');
      if (!OPS_AMOUNT_PATTERN.test(amount)) throw new UsageError(MSG_AMOUNT_ARG);
      return { username, platform, amount };
    },
    print: (data) => `Recorded a valid bet of ${data.amount} on ${data.platform} for ${data.username}.`,
  }),
  opsCommand(opsDeposits, {
    name: 'deposit:list',
    args: STATE_ARG,
    summary: 'Deposits, newest first',
    request: (args) => ({ state: stateArg(args) }),
    print(data) {
      const cols = ['deposit_no', 'username', 'paytype', 'amount', 'state', 'created_at', 'voucher'] as const;
      const rows = data.deposits;
      return `${table([...cols], cellsOf(rows, cols), [3])}\n${rows.length} deposits`;
    },
  }),
  opsCommand(opsApproveDeposit, {
    name: 'deposit:approve',
    args: '<deposit_no>',
    summary: 'Approve a pending deposit (credits the member once; not after 60 minutes)',
    request: (args) => ({ deposit_no: oneArg('deposit_no', args) }),
    print: (data) => `Deposit ${data.deposit_no} approved: ${data.amount} credited.`,
  }),
  opsCommand(opsRejectDeposit, {
    name: 'deposit:reject',
    args: '<deposit_no>',
    summary: 'Reject a pending deposit',
    request: (args) => ({ deposit_no: oneArg('deposit_no', args) }),
    print: (data) => `Deposit ${data.deposit_no} rejected.`,
  }),
  opsCommand(opsLedgerCheck, {
    name: 'ledger:check',
    args: '',
    summary: 'Prove the ledger: every wallet equals its entries, entries sum to zero (exit 1 when not)',
    request: () => undefined,
    print(data) {
      return `Ledger balanced.\n${table(['system account', 'cents'], Object.entries(data.accounts), [1])}`;
    },
  }),
  opsCommand(opsCreditWallet, {
    name: 'wallet:credit',
    args: '<username> <amount>',
    summary: "Credit a member's central wallet (an adjustment through the ledger), e.g. 100.50",
    request(args) {
      const [username, amount] = args;
      if (!username || !amount) throw new UsageError('name the user and the amount');
      if (!OPS_AMOUNT_PATTERN.test(amount)) throw new UsageError(MSG_AMOUNT_ARG);
      return { username, amount };
    },
    print: (data) => `Credited ${data.amount} to ${data.username}; balance ${data.balance}.`,
  }),
];
