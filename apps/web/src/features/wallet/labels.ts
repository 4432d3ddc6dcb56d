import type { DepositMethodKind } from '@app/contract/deposit-method';

/* Deposit pay ways as a member reads them: the server and the API family send codes (bank, wxpay,
 * usdt-TRC20, usdtpay); no code reaches the screen. Used by /recharge, /payInfo and /transRecord. */

/** The methods of /recharge and /payInfo. */
export const DEPOSIT_METHOD_LABELS: Record<DepositMethodKind | 'manual', string> = {
  bank: '银行卡转账',
  usdt: 'USDT',
  wechat: '微信支付',
  alipay: '支付宝',
  manual: '人工存款',
};

const CODES: Record<string, DepositMethodKind | 'manual'> = {
  bank: 'bank',
  card: 'bank',
  bankpay: 'bank',
  usdt: 'usdt',
  usdtpay: 'usdt',
  wxpay: 'wechat',
  wechat: 'wechat',
  alipay: 'alipay',
  manual: 'manual',
};

/**
 * A deposit's pay way: 'bank' → 银行卡转账, 'wxpay' → 微信支付, 'usdt-TRC20' (or 'usdt' with the
 * protocol TRC20) → USDT-TRC20; a code it does not know shows as 其他, never as the code.
 */
export function payWayLabel(code: string, protocol = ''): string {
  const [head = '', tail = ''] = code.trim().split('-');
  const kind = CODES[head.toLowerCase()];
  if (!kind) return '其他';
  const p = (tail || protocol).trim().toUpperCase();
  return kind === 'usdt' && p ? `USDT-${p}` : DEPOSIT_METHOD_LABELS[kind];
}
