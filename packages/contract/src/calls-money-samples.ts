/** Samples of the money calls (wallet, cashier, withdrawals) for the calls tests; see calls-samples.ts. */
import type { CallDef } from './define';
import { accountRecords, setAutoTransfer, transfer, transferAll, venueBalances } from './wallet';
import {
  banks,
  bindCard,
  cards,
  deleteCard,
  deposit,
  depositInfo,
  payRange,
  payWays,
  receivingCards,
  uploadVoucher,
} from './cashier';
import {
  bindMobile,
  changePayPassword,
  withdraw,
  withdrawByQrcode,
  withdrawFee,
  withdrawTurnover,
} from './withdrawals';
import { page, T, T_MS, TRC, type Sample } from './calls-test-support';

export const MONEY_SAMPLES: [CallDef, Sample][] = [
  [
    venueBalances,
    {
      request: {},
      reply: [{ name: 'AG真人', platname: 'ag', balance: '10.00' }],
      data: [{ name: 'AG真人', platform: 'ag', balance: 1000 }],
    },
  ],
  [transfer, { request: { amount: '50', sourcetype: 'userbalance', targettype: 'ag' }, reply: null }],
  [transferAll, { request: {}, reply: [] }],
  [setAutoTransfer, { request: { transferstatus: '1' }, reply: null }],
  [
    payWays,
    {
      request: {},
      reply: { card: 1, usdt: '1', wechat: 0, alipay: false },
      data: { bank: true, usdt: true, wechat: false, alipay: false },
    },
  ],
  [
    payRange,
    {
      request: { type: 'usdt-trc20' },
      reply: { min_price: '100.00', max_price: 50000 },
      data: { min: 10000, max: 5000000 },
    },
  ],
  [
    receivingCards,
    {
      request: {},
      reply: [
        {
          bank_no: 6222020200112233,
          bank_owner: '公司',
          bank_address: '北京',
          bank_data: { bank_name: '中国银行' },
        },
      ],
      data: [{ cardNo: '6222020200112233', holder: '公司', branch: '北京', bankName: '中国银行' }],
    },
  ],
  [
    deposit,
    {
      request: { paytype: 'usdt', amount: '500', catepay: 'usdt-trc20' },
      reply: { deposit_no: 'D2026112200001' },
      data: { depositNo: 'D2026112200001' },
    },
  ],
  [
    depositInfo,
    {
      request: { deposit_no: 'D2026112200001' },
      reply: {
        deposit_no: 'D2026112200001',
        info: { amount: '500.00', created_at: T, paytype: 'usdt' },
        cardlist: { mch_id: TRC, content: 'TRC20', payimg: '/qr.png' },
      },
      data: {
        amount: 50000,
        createdAt: T_MS,
        expiresAt: T_MS + 3_600_000,
        receiving: { account: TRC, protocol: 'TRC20', qrImage: '/qr.png' },
      },
    },
  ],
  [
    uploadVoucher,
    {
      request: {},
      reply: { path: 'v/1.png', real_path: '/uploads/v/1.png' },
      data: { url: '/uploads/v/1.png' },
    },
  ],
  [
    withdrawTurnover,
    {
      request: {},
      reply: {
        bet_amount: '50.00',
        recharge_amount: 100,
        items: [
          {
            source: '活动彩金',
            required: '100.00',
            done: '50.00',
            weights: '彩票按 50% 计入',
            created_at: '2026-11-27 10:00:00',
          },
        ],
      },
      data: {
        betAmount: 5000,
        rechargeAmount: 10000,
        items: [
          {
            source: '活动彩金',
            required: 10000,
            done: 5000,
            weights: '彩票按 50% 计入',
            createdAt: '2026-11-27 10:00:00',
          },
        ],
      },
    },
  ],
  [withdrawFee, { request: {}, reply: { withdraw_fee: '1.5' }, data: 1.5 }],
  [withdraw, { request: { type: 'usdt', amount: '100', bank: 2, password: '123456' }, reply: null }],
  [
    withdrawByQrcode,
    {
      request: {
        type: 'alipay',
        amount: '100',
        password: '123456',
        alipay_account: 'a@b.cn',
        alipay_name: '张三',
      },
      reply: null,
    },
  ],
  [bindMobile, { request: { mobile: '13812345678' }, reply: null }],
  [
    cards,
    {
      request: { type: '2' },
      reply: [{ id: 1, bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, ico: '', bankIco: '' }],
      data: [{ id: 1, holder: 'TRC20', cardNo: TRC, protocol: 'TRC20' }],
    },
  ],
  [
    bindCard,
    {
      request: {
        bank_owner: '张三',
        bank: '中国银行',
        bank_address: '北京',
        bank_no: '6222020200112233',
        pay_pass: '123456',
      },
      reply: null,
    },
  ],
  [deleteCard, { request: { id: '3', pay_pass: '123456' }, reply: null }],
  [
    banks,
    { request: {}, reply: [{ bank_name: '中国银行' }], data: [{ id: null, name: '中国银行', icon: '' }] },
  ],
  [
    accountRecords,
    {
      request: { date: '2', type: '3', page: 1, api_type: 'ag' },
      reply: page([{ out_trade_no: 'T1', amount: '100.00', pay_way: '转入', state: 1, created_at: T }]),
      data: { data: [{ orderNo: 'T1', amount: 10000, payWay: '转入', state: 1, createdAt: T_MS }], total: 1 },
    },
  ],
  [changePayPassword, { request: { password: '123456', paypassword: '654321' }, reply: null }],
];
