import { describe, expect, it } from 'vitest';
import { centsText, filterParts } from './filterSummary';

const none = {
  realname: null,
  tag: null,
  vip: null,
  agent: null,
  referrer: null,
  reg_from: null,
  reg_to: null,
  login_from: null,
  login_to: null,
  balance_min: null,
  balance_max: null,
  deposit_min: null,
  deposit_max: null,
};

describe('filterParts', () => {
  it('says every filter in Chinese, amounts from cents, the tag by name', () => {
    const parts = filterParts(
      {
        ...none,
        realname: '张',
        tag: 7,
        vip: 3,
        agent: 'member',
        referrer: 'demo001',
        reg_from: '2026-11-01',
        reg_to: '2026-11-20',
        login_from: '2026-11-15',
        balance_min: 10000,
        deposit_max: 500050,
      },
      (id) => (id === 7 ? 'VIP客户' : undefined),
    );
    expect(parts).toEqual([
      '真实姓名：张',
      '标签：VIP客户',
      'VIP 3',
      '非代理',
      '推荐人：demo001',
      '注册 2026-11-01 至 2026-11-20',
      '最后登录 2026-11-15 起',
      '余额 ≥ 100.00',
      '存款总额 ≤ 5000.50',
    ]);
  });

  it('names a tag it cannot read by its id, and shows both ends of an amount range', () => {
    expect(
      filterParts({
        ...none,
        tag: 12,
        agent: 'agent',
        balance_min: 0,
        balance_max: 99,
        login_to: '2026-11-20',
      }),
    ).toEqual(['标签#12', '代理', '最后登录 至 2026-11-20', '余额 0.00 至 0.99']);
    expect(filterParts({ vip: 0 })).toEqual(['VIP 0']);
    expect(centsText('12345')).toBe('123.45');
  });
});
