import { CENTRAL_WALLET } from '@app/contract/enums';
import { describe, expect, it } from 'vitest';
import {
  validateDeposit,
  validateTransfer,
  validateUnbind,
  validateWithdraw,
  type WithdrawForm,
} from './rules';

/* Issue 30 items 6 and 12: the checks that had gaps, each with the message that names the problem. */

describe('validateDeposit: the payer card and the decimals', () => {
  const range = { min: 10_000, max: 5_000_000 };
  const bank = { name: '王小明', bankType: '中国银行', cardNo: '6222 0000 1111 2222', branch: '北京' };
  const rows: [string, Parameters<typeof validateDeposit>[0], string | null][] = [
    [
      'letters in the card number',
      { amount: '500', range, bank: { ...bank, cardNo: '12ab' } },
      '银行卡号只能包含数字',
    ],
    [
      'a letter at the end',
      { amount: '500', range, bank: { ...bank, cardNo: '6222 0000 111x' } },
      '银行卡号只能包含数字',
    ],
    ['digits with spaces as typed', { amount: '500', range, bank }, null],
    [
      '100.555 inside the range: decimals, not the range',
      { amount: '100.555', range },
      '金额最多只能有两位小数',
    ],
    [
      'three decimals before the bank fields',
      { amount: '500.001', range, bank: { ...bank, name: '' } },
      '金额最多只能有两位小数',
    ],
    ['two decimals are fine', { amount: '100.55', range }, null],
  ];
  it.each(rows)('%s', (_, form, expected) => expect(validateDeposit(form)).toBe(expected));
});

describe('validateWithdraw: more than the balance, and the decimals', () => {
  const base: WithdrawForm = {
    kind: 'bank',
    amount: '100',
    cardId: 3,
    password: '123456',
    alipayAccount: '',
    alipayName: '',
    wechatQrcode: null,
    balance: 100_000,
  };
  const rows: [string, Partial<WithdrawForm>, string | null][] = [
    ['above the balance', { amount: '99999' }, '余额不足'],
    [
      'above the balance, before the card and password',
      { amount: '1000.01', cardId: null, password: '' },
      '余额不足',
    ],
    ['the whole balance', { amount: '1000' }, null],
    ['balance unknown: the server decides', { amount: '99999', balance: null }, null],
    ['at least 100 comes first', { amount: '50', balance: 0 }, '单笔取款不能低于100元'],
    ['100.555: decimals', { amount: '100.555' }, '金额最多只能有两位小数'],
  ];
  it.each(rows)('%s', (_, change, expected) =>
    expect(validateWithdraw({ ...base, ...change })).toBe(expected),
  );
});

describe('validateTransfer: the same wallet on both sides', () => {
  it.each([
    ['中心钱包 → 中心钱包', CENTRAL_WALLET, CENTRAL_WALLET, '转出钱包和转入钱包不能相同'],
    ['AG → AG', 'AG', 'AG', '转出钱包和转入钱包不能相同'],
    ['AG → BBIN keeps the spec message', 'AG', 'BBIN', '场馆内钱包不支持互转'],
  ])('%s', (_, source, target, expected) =>
    expect(validateTransfer({ amount: '10', source, target })).toBe(expected),
  );
  it('100.555 is told its decimals', () =>
    expect(validateTransfer({ amount: '100.555', source: CENTRAL_WALLET, target: 'AG' })).toBe(
      '金额最多只能有两位小数',
    ));
});

describe('validateUnbind: the payment password, as binding asks it', () => {
  it.each([
    ['', '请输入支付密码'],
    ['12345', '请输入支付密码长度'],
    ['123456', null],
  ])('%j', (payPass, expected) => expect(validateUnbind(7, payPass)).toBe(expected));
});
