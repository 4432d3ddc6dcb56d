import type { ReplyOf } from '@app/contract/define';
import {
  accountRecords,
  fundsRecords,
  fundsSummary,
  setAutoTransfer,
  transfer,
  transferAll,
  venueBalances,
} from '@app/contract/wallet';
import { banks, cards } from '@app/contract/cashier';
import { withdrawFee, withdrawTurnover } from '@app/contract/withdrawals';
import { reply } from '@app/mobile/test/msw-contract';

/* Wallet answers of the default server: five venues, no cards, no records. */

export const VENUES: ReplyOf<typeof venueBalances> = [
  { name: 'AG真人', platname: 'AG', balance: '10.00' },
  { name: 'BBIN', platname: 'BBIN', balance: '20.00' },
  { name: '开元棋牌', platname: 'KY', balance: '0.00' },
  { name: 'PG电子', platname: 'PG', balance: '5.50' },
  { name: '沙巴体育', platname: 'SABA', balance: '0.00' },
];

export const BANKS: ReplyOf<typeof banks> = [
  { id: 1, bank_name: '中国银行', ico: '' },
  { id: 2, bank_name: '工商银行', ico: '' },
];

export const walletHandlers = [
  reply(venueBalances, VENUES),
  reply(transfer, null, '转账成功'),
  reply(transferAll, null, '操作成功！'),
  reply(setAutoTransfer, null, '设置成功'),
  reply(cards, []),
  reply(banks, BANKS),
  reply(accountRecords, { data: [], total: 0 }),
  reply(fundsRecords, { data: [], total: 0 }),
  reply(fundsSummary, { deposits: '0.00', withdrawals: '0.00', net: '0.00' }),
  reply(withdrawTurnover, { bet_amount: '0.00', recharge_amount: '0.00' }),
  reply(withdrawFee, { withdraw_fee: 1 }),
];
