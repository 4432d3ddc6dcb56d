import { describe, expect, it } from 'vitest';
import { depositBody, depositMethods, EMPTY_BANK, rangeType, withBank } from './useRechargeForm';

const BANK = { name: '张三', bankType: '中国银行', cardNo: '6222', branch: '北京' };

describe('the recharge form’s rules', () => {
  it('offers the enabled methods in their order, then manual deposit always', () => {
    expect(depositMethods({ bank: true, usdt: true, wechat: true, alipay: true })).toEqual([
      'bank',
      'usdt',
      'wechat',
      'alipay',
      'manual',
    ]);
    expect(depositMethods({ bank: false, usdt: true, wechat: false, alipay: true })).toEqual([
      'usdt',
      'alipay',
      'manual',
    ]);
    expect(depositMethods({ bank: false, usdt: false, wechat: false, alipay: false })).toEqual(['manual']);
  });

  it('asks the range of each method, USDT by protocol, manual as bank', () => {
    expect(rangeType('usdt', 'TRC20')).toBe('usdt-trc20');
    expect(rangeType('usdt', 'ERC20')).toBe('usdt-erc20');
    expect(rangeType('wechat', 'TRC20')).toBe('wechat');
    expect(rangeType('alipay', 'TRC20')).toBe('alipay');
    expect(rangeType('bank', 'ERC20')).toBe('bank');
    expect(rangeType('manual', 'ERC20')).toBe('bank');
  });

  it('sends bank deposits with the depositor’s bank, for review; a manual one is no bank form', () => {
    expect(withBank('bank')).toBe(true);
    expect(withBank('manual')).toBe(false);
    for (const method of ['bank'] as const) {
      expect(depositBody(method, 'TRC20', ' 100 ', BANK)).toEqual({
        paytype: 'bank',
        amount: '100',
        bank_owner: '张三',
        bank: '中国银行',
        bank_no: '6222',
        bank_address: '北京',
      });
    }
  });

  it('sends USDT with its protocol, wechat as wxpay and alipay without bank details', () => {
    expect(withBank('usdt') || withBank('wechat') || withBank('alipay')).toBe(false);
    expect(depositBody('usdt', 'ERC20', '100', EMPTY_BANK)).toEqual({
      paytype: 'usdt',
      amount: '100',
      catepay: 'ERC20',
    });
    expect(depositBody('wechat', 'TRC20', '100', BANK)).toEqual({ paytype: 'wxpay', amount: '100' });
    expect(depositBody('alipay', 'TRC20', '100', BANK)).toEqual({ paytype: 'alipay', amount: '100' });
  });
});
