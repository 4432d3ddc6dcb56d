import * as z from 'zod/mini';

/* Deposit methods and vouchers as the client and server read them (the rest of deposits: cashier.ts). */

/** A voucher sent with a bank deposit: the `path` /api/upload_voucher gave ('' = none). */
export const VOUCHER_PATH = /^(\/uploads\/[0-9a-f]{32}\.(png|jpg|gif|webp))?$/;
export const MSG_VOUCHER_INVALID = '凭证图片无效，请重新上传';
/** The `voucher` field of a bank deposit (optional). */
export const VoucherField = z.optional(
  z.string({ error: MSG_VOUCHER_INVALID }).check(z.trim(), z.regex(VOUCHER_PATH, MSG_VOUCHER_INVALID)),
);
/** What the voucher picker takes (the server proves the type by content; limits: uploads.ts). */
export const MSG_VOUCHER_TYPE = '请上传PNG、JPG、GIF或WEBP图片';

export type DepositMethodKind = 'bank' | 'usdt' | 'wechat' | 'alipay';

/**
 * What /payInfo shows: payinfo's `message` is the type (usdtpay, wxpay, alipay, bankpay); `paytype`
 * when the message names none.
 */
export function depositMethodOf(message: string, paytype: string): DepositMethodKind {
  for (const text of [message, paytype]) {
    const t = text.trim().toLowerCase();
    if (t.startsWith('usdt')) return 'usdt';
    if (t.startsWith('wx') || t.startsWith('wechat')) return 'wechat';
    if (t.startsWith('ali')) return 'alipay';
    if (t.startsWith('bank') || t === 'card') return 'bank';
  }
  return 'bank';
}
