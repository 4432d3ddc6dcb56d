import { and, eq, inArray } from 'drizzle-orm';
import { SEED_ASSET_PREFIX } from '../core/paths';
import type { Db } from '../db/client';
import { banks, payMethods, receivingCards } from '../db/schema/money';
import { SEED_PAY_QR } from './pay-qr';

const qr = (name: string) => `${SEED_ASSET_PREFIX}${name}`;

/** Deposit methods with their ranges (cents) and where to pay; operators may change them later. */
export const SEED_PAY_METHODS = [
  { type: 'bank', minCents: 10_000n, maxCents: 5_000_000n, account: '', qrImage: '' },
  {
    type: 'wechat',
    minCents: 10_000n,
    maxCents: 500_000n,
    account: '乐享娱乐（微信收款）',
    qrImage: qr(SEED_PAY_QR.wechat.name),
  },
  {
    type: 'alipay',
    minCents: 10_000n,
    maxCents: 500_000n,
    account: '乐享娱乐（支付宝收款）',
    qrImage: qr(SEED_PAY_QR.alipay.name),
  },
  {
    type: 'usdt-trc20',
    minCents: 10_000n,
    maxCents: 10_000_000n,
    account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    qrImage: '',
  },
  {
    type: 'usdt-erc20',
    minCents: 50_000n,
    maxCents: 10_000_000n,
    account: '0x8d3c1bd2b7a9e0c6f4a2d1e3b5c7a9f0e2d4c6b8',
    qrImage: '',
  },
];

export const SEED_RECEIVING_CARDS = [
  {
    bankName: '中国工商银行',
    bankNo: '6222020200112233445',
    owner: '演示收款公司',
    address: '北京市朝阳支行',
  },
  {
    bankName: '中国建设银行',
    bankNo: '6217000010012345678',
    owner: '演示收款公司',
    address: '上海市浦东支行',
  },
];

export const SEED_BANKS = [
  '中国工商银行',
  '中国建设银行',
  '中国农业银行',
  '中国银行',
  '交通银行',
  '招商银行',
  '中国邮政储蓄银行',
  '中信银行',
  '浦发银行',
  '兴业银行',
];

/** What earlier seeds wrote for WeChat and Alipay (an account code, no QR image). */
const OLD_SEED_ACCOUNTS = ['wxpay-demo', 'alipay-demo'];

/**
 * Idempotent: natural keys with ON CONFLICT DO NOTHING (an operator's changes are kept). WeChat and
 * Alipay still as an earlier seed left them (its account code, no QR) get the seeded account and QR.
 */
export async function seedMoney(db: Db): Promise<void> {
  await db.insert(payMethods).values(SEED_PAY_METHODS).onConflictDoNothing();
  for (const m of SEED_PAY_METHODS.filter((x) => x.type === 'wechat' || x.type === 'alipay')) {
    await db
      .update(payMethods)
      .set({ account: m.account, qrImage: m.qrImage })
      .where(
        and(
          eq(payMethods.type, m.type),
          eq(payMethods.qrImage, ''),
          inArray(payMethods.account, OLD_SEED_ACCOUNTS),
        ),
      );
  }
  await db.insert(receivingCards).values(SEED_RECEIVING_CARDS).onConflictDoNothing();
  await db
    .insert(banks)
    .values(SEED_BANKS.map((name, i) => ({ name, sort: i + 1 })))
    .onConflictDoNothing();
}
