import { describe, expect, it } from 'vitest';
import { DEPOSIT_METHOD_LABELS, payWayLabel } from './labels';

describe('payWayLabel: no pay-way code reaches the screen', () => {
  it.each([
    ['bank', '', '银行卡转账'],
    ['bankpay', '', '银行卡转账'],
    ['wxpay', '', '微信支付'],
    ['wechat', '', '微信支付'],
    ['alipay', '', '支付宝'],
    ['usdt-TRC20', '', 'USDT-TRC20'],
    ['usdt-erc20', '', 'USDT-ERC20'],
    ['usdt', 'TRC20', 'USDT-TRC20'],
    ['usdtpay', '', 'USDT'],
    ['manual', '', '人工存款'],
    ['jnd28', '', '其他'],
    ['', '', '其他'],
  ])('%s %s → %s', (code, protocol, label) => expect(payWayLabel(code, protocol)).toBe(label));

  it('names every method in Chinese or as USDT', () => {
    for (const label of Object.values(DEPOSIT_METHOD_LABELS))
      expect(label).toMatch(/^(USDT|[\u4e00-\u9fa5]+)$/);
  });
});
