import { CENTRAL_WALLET } from '@app/contract/enums';
import { MSG_TRANSFER_AMOUNT, MSG_TRANSFER_SAME, MSG_TRANSFER_VENUES } from '@app/contract/wallet';
import {
  MSG_CARD_BANK,
  MSG_CARD_BRANCH,
  MSG_CARD_HOLDER,
  MSG_CARD_NO,
  MSG_CARD_NO_LENGTH,
  MSG_DEPOSIT_BANK,
  MSG_DEPOSIT_BRANCH,
  MSG_DEPOSIT_CARD,
  MSG_DEPOSIT_NAME,
  MSG_PAY_PASS,
  MSG_PAY_PASS_LENGTH,
  MSG_USDT_ADDRESS,
  MSG_USDT_ADDRESS_FORMAT,
  MSG_USDT_PROTOCOL,
} from '@app/contract/cashier';
import { MSG_VOUCHER_TYPE } from '@app/contract/deposit-method';
import { IMAGE_UPLOAD_MAX_BYTES, MSG_IMAGE_TOO_LARGE } from '@app/contract/uploads';
import {
  MSG_ALIPAY_ACCOUNT,
  MSG_ALIPAY_NAME,
  MSG_BIND_MOBILE,
  MSG_WECHAT_QRCODE,
  MSG_WITHDRAW_BANK,
  MSG_WITHDRAW_MIN,
  MSG_WITHDRAW_PASSWORD,
  MSG_WITHDRAW_USDT,
} from '@app/contract/withdrawals';
import { MSG_AMOUNT_DECIMALS, MSG_AMOUNT_INVALID } from '@app/contract/codecs';
import { describe, expect, it } from 'vitest';
import {
  countdownText,
  maskCardNo,
  recordStateLabel,
  requiredTurnover,
  turnoverProgress,
  usdtEquivalent,
  usdtReceive,
  validateBankCard,
  validateDeposit,
  validatePhone,
  validateTransfer,
  validateUsdtAddress,
  validateVoucher,
  validateWithdraw,
  type BankCardForm,
  type TransferForm,
  type WithdrawForm,
} from './rules';
import {
  sameWithdrawIntent,
  WITHDRAW_CACHE_TTL_MS,
  type WithdrawCache,
  type WithdrawIntent,
} from './withdrawCache';

const V = 'AG';

describe('validateTransfer (spec §5 transfer)', () => {
  const rows: [string, TransferForm, string | null][] = [
    ['amount missing', { amount: '', source: CENTRAL_WALLET, target: V }, MSG_TRANSFER_AMOUNT],
    ['amount blank', { amount: '  ', source: V, target: CENTRAL_WALLET }, MSG_TRANSFER_AMOUNT],
    ['amount not a number', { amount: 'abc', source: CENTRAL_WALLET, target: V }, MSG_AMOUNT_INVALID],
    ['amount zero', { amount: '0', source: CENTRAL_WALLET, target: V }, MSG_AMOUNT_INVALID],
    ['venue to venue', { amount: '10', source: V, target: 'BBIN' }, MSG_TRANSFER_VENUES],
    [
      'central to central',
      { amount: '10', source: CENTRAL_WALLET, target: CENTRAL_WALLET },
      MSG_TRANSFER_SAME,
    ],
    ['amount checked before the wallets', { amount: '', source: V, target: 'BBIN' }, MSG_TRANSFER_AMOUNT],
    ['central to venue', { amount: '10.5', source: CENTRAL_WALLET, target: V }, null],
    ['venue to central', { amount: '10', source: V, target: CENTRAL_WALLET }, null],
  ];
  it.each(rows)('%s', (_, form, expected) => expect(validateTransfer(form)).toBe(expected));
});

describe('validateWithdraw (spec §5 withdraw, in order)', () => {
  const base: WithdrawForm = {
    kind: 'bank',
    amount: '100',
    cardId: 3,
    password: '123456',
    alipayAccount: '',
    alipayName: '',
    wechatQrcode: null,
  };
  const rows: [string, Partial<WithdrawForm>, string | null][] = [
    ['amount under 100', { amount: '99.99' }, MSG_WITHDRAW_MIN],
    ['amount empty says at least 100', { amount: '' }, MSG_WITHDRAW_MIN],
    ['negative says at least 100', { amount: '-5' }, MSG_WITHDRAW_MIN],
    ['not a positive number', { amount: 'abc' }, MSG_AMOUNT_INVALID],
    ['three decimals', { amount: '100.001' }, MSG_AMOUNT_DECIMALS],
    ['amount before card', { amount: '50', cardId: null }, MSG_WITHDRAW_MIN],
    ['bank card missing', { cardId: null }, MSG_WITHDRAW_BANK],
    ['usdt address missing', { kind: 'usdt', cardId: null }, MSG_WITHDRAW_USDT],
    ['card before password', { cardId: null, password: '' }, MSG_WITHDRAW_BANK],
    ['password missing', { password: '' }, MSG_WITHDRAW_PASSWORD],
    ['alipay account missing', { kind: 'alipay', cardId: null, alipayName: '张三' }, MSG_ALIPAY_ACCOUNT],
    ['alipay name missing', { kind: 'alipay', cardId: null, alipayAccount: 'a@b.c' }, MSG_ALIPAY_NAME],
    ['alipay password first', { kind: 'alipay', cardId: null, password: '' }, MSG_WITHDRAW_PASSWORD],
    ['wechat code missing', { kind: 'wechat', cardId: null }, MSG_WECHAT_QRCODE],
    ['bank ok', {}, null],
    ['usdt ok', { kind: 'usdt', amount: '10000' }, null],
    ['alipay ok', { kind: 'alipay', cardId: null, alipayAccount: 'a@b.c', alipayName: '张三' }, null],
    ['wechat ok', { kind: 'wechat', cardId: null, wechatQrcode: new Blob(['x']) }, null],
  ];
  it.each(rows)('%s', (_, change, expected) =>
    expect(validateWithdraw({ ...base, ...change })).toBe(expected),
  );
});

describe('validateBankCard (spec §5 bank card, in order)', () => {
  const ok: BankCardForm = {
    holder: '张三',
    bank: '中国银行',
    branch: '北京分行',
    cardNo: '6222020000001234',
    payPass: '123456',
  };
  const rows: [string, Partial<BankCardForm>, string | null][] = [
    [
      'everything missing → name first',
      { holder: '', bank: '', branch: '', cardNo: '', payPass: '' },
      MSG_CARD_HOLDER,
    ],
    ['bank', { bank: '', branch: '', cardNo: '', payPass: '' }, MSG_CARD_BANK],
    ['branch', { branch: '', cardNo: '', payPass: '' }, MSG_CARD_BRANCH],
    ['card number', { cardNo: '', payPass: '' }, MSG_CARD_NO],
    ['pay password', { payPass: '' }, MSG_PAY_PASS],
    ['card number under 8', { cardNo: '1234567' }, MSG_CARD_NO_LENGTH],
    ['pay password under 6', { payPass: '12345' }, MSG_PAY_PASS_LENGTH],
    ['pay password over 18', { payPass: '1234567890123456789' }, MSG_PAY_PASS_LENGTH],
    ['card of 8, password of 18', { cardNo: '12345678', payPass: '123456789012345678' }, null],
    ['ok', {}, null],
  ];
  it.each(rows)('%s', (_, change, expected) => expect(validateBankCard({ ...ok, ...change })).toBe(expected));
});

describe('validateUsdtAddress (spec §5 USDT)', () => {
  const trc = 'T' + 'A'.repeat(33);
  const erc = '0x' + 'a'.repeat(40);
  const rows: [string, Parameters<typeof validateUsdtAddress>[0], string | null][] = [
    ['address missing', { protocol: 'TRC20', address: '', payPass: '' }, MSG_USDT_ADDRESS],
    ['protocol missing', { protocol: '', address: trc, payPass: '' }, MSG_USDT_PROTOCOL],
    ['password missing', { protocol: 'TRC20', address: trc, payPass: '' }, MSG_PAY_PASS],
    [
      'address of the other protocol',
      { protocol: 'ERC20', address: trc, payPass: '123456' },
      MSG_USDT_ADDRESS_FORMAT,
    ],
    ['password too short', { protocol: 'TRC20', address: trc, payPass: '123' }, MSG_PAY_PASS_LENGTH],
    ['TRC20 ok', { protocol: 'TRC20', address: trc, payPass: '123456' }, null],
    ['ERC20 ok', { protocol: 'ERC20', address: erc, payPass: '123456' }, null],
  ];
  it.each(rows)('%s', (_, form, expected) => expect(validateUsdtAddress(form)).toBe(expected));
});

describe('validateDeposit (spec §5 deposit)', () => {
  const range = { min: 10_000, max: 1_000_000 };
  const bank = { name: '张三', bankType: '中国银行', cardNo: '6222', branch: '北京' };
  const rows: [string, Parameters<typeof validateDeposit>[0], string | null][] = [
    ['amount missing: the range message (spec §5)', { amount: '', range }, '请输入100-10000之间的金额！'],
    ['under the range', { amount: '99', range }, '请输入100-10000之间的金额！'],
    ['over the range', { amount: '10000.01', range }, '请输入100-10000之间的金额！'],
    ['not a number', { amount: 'x', range }, '请输入100-10000之间的金额！'],
    ['server range', { amount: '10', range: { min: 5000, max: 50_050 } }, '请输入50-500.50之间的金额！'],
    ['bank name', { amount: '100', range, bank: { ...bank, name: '' } }, MSG_DEPOSIT_NAME],
    ['bank type', { amount: '100', range, bank: { ...bank, bankType: '' } }, MSG_DEPOSIT_BANK],
    ['bank card', { amount: '100', range, bank: { ...bank, cardNo: '' } }, MSG_DEPOSIT_CARD],
    ['bank branch', { amount: '100', range, bank: { ...bank, branch: '' } }, MSG_DEPOSIT_BRANCH],
    ['edges ok', { amount: '10000', range, bank }, null],
  ];
  it.each(rows)('%s', (_, form, expected) => expect(validateDeposit(form)).toBe(expected));
});

describe('validateVoucher (the voucher picker: types and size of uploads.ts)', () => {
  it.each([
    ['png', { type: 'image/png', size: 1 }, null],
    ['webp at the limit', { type: 'image/webp', size: IMAGE_UPLOAD_MAX_BYTES }, null],
    ['svg', { type: 'image/svg+xml', size: 10 }, MSG_VOUCHER_TYPE],
    ['pdf', { type: 'application/pdf', size: 10 }, MSG_VOUCHER_TYPE],
    ['over 2 MB', { type: 'image/jpeg', size: IMAGE_UPLOAD_MAX_BYTES + 1 }, MSG_IMAGE_TOO_LARGE],
    ['empty', { type: 'image/gif', size: 0 }, MSG_IMAGE_TOO_LARGE],
  ])('%s', (_, file, expected) => expect(validateVoucher(file)).toBe(expected));
});

describe('validatePhone (spec §5 phone)', () => {
  it.each([
    ['13800138000', null],
    ['19912345678', null],
    ['12800138000', MSG_BIND_MOBILE],
    ['1380013800', MSG_BIND_MOBILE],
    ['138001380001', MSG_BIND_MOBILE],
    ['', MSG_BIND_MOBILE],
  ])('%s', (mobile, expected) => expect(validatePhone(mobile)).toBe(expected));
});

describe('formulas (spec §9)', () => {
  it.each([
    [10_000, 7.1, 1408], // 100 / 7.1 = 14.0845… → 14.08
    [71_000, 7.1, 10_000],
    [10_000, 7, 1428],
    [10_000, 0, 0],
    [0, 7, 0],
  ])('usdtEquivalent(%i, %f) = %i (floored to 2 places)', (cents, rate, expected) =>
    expect(usdtEquivalent(cents, rate)).toBe(expected),
  );

  const fees = { erc20: 500, trc20: 100 };
  it.each([
    ['TRC20', 71_000, 9_900],
    ['ERC20', 71_000, 9_500],
    [null, 71_000, 9_900],
    ['ERC20', 1_000, 0],
  ] as const)('usdtReceive by %s', (protocol, cents, expected) =>
    expect(usdtReceive(cents, 7.1, protocol, fees)).toBe(expected),
  );

  it.each([
    [50_000, undefined, 50_000],
    [50_000, 2, 100_000],
    [50_000, 1.5, 75_000],
    [50_000, Number.NaN, 50_000],
  ])('requiredTurnover(%i, %s) = %i', (cents, fee, expected) =>
    expect(requiredTurnover(cents, fee)).toBe(expected),
  );

  it.each([
    [0, 100, 0],
    [50, 100, 50],
    [150, 100, 100],
    [10, 0, 100],
  ])('turnoverProgress(%i, %i) = %i (capped at 100)', (bet, required, expected) =>
    expect(turnoverProgress(bet, required)).toBe(expected),
  );

  it('masks all but the last 4 digits', () => {
    expect(maskCardNo('6222 0200 0000 1234')).toBe('**** **** **** 1234');
  });
});

describe('sameWithdrawIntent (the local withdraw cache)', () => {
  const intent: WithdrawIntent = { userId: 7, withdrawType: 'usdt', amount: '100', cardId: 1, account: '' };
  const cache: WithdrawCache = {
    ...intent,
    requestId: 'k1',
    time: 1_000_000,
    withdrawTypeName: 'USDT',
    submitTime: 1_000_000,
    userBalance: 50_000,
    page: '/withdrawal',
  };
  it.each([
    ['the same intent, a minute later', {}, 1_060_000, true],
    ['another amount', { amount: '200' }, 1_060_000, false],
    ['another card', { cardId: 2 }, 1_060_000, false],
    ['another type', { withdrawType: 'bank' as const }, 1_060_000, false],
    ['another member', { userId: 8 }, 1_060_000, false],
    ['ten minutes later', {}, 1_000_000 + WITHDRAW_CACHE_TTL_MS, false],
  ])('%s', (_, change, now, expected) =>
    expect(sameWithdrawIntent(cache, { ...intent, ...change }, now)).toBe(expected),
  );
  it('nothing cached is never the same', () => expect(sameWithdrawIntent(null, intent, 0)).toBe(false));
});

describe('records and the payment window', () => {
  it.each([
    [1, 1, '审核中'],
    [2, 2, '已通过'],
    [1, 3, '已拒绝'],
    [1, 0, '未知'],
    [3, 0, '失败'],
    [4, 1, '成功'],
    [3, 2, '待结算'],
    [4, 3, '未知'],
  ] as const)('record type %i state %i is %s', (type, state, label) =>
    expect(recordStateLabel(type, state)).toBe(label),
  );
  it.each([
    [60 * 60_000, '60:00'],
    [59 * 60_000 + 1, '59:01'],
    [61_000, '01:01'],
    [0, '00:00'],
    [-5, '00:00'],
  ])('countdownText(%i) = %s', (ms, text) => expect(countdownText(ms)).toBe(text));
});
