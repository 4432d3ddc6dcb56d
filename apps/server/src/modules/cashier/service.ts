/* Deposits as a member makes them: the pay ways and ranges, an order, its pay info. The operator's
 * side (the queue, approval, rejection) is review.ts. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  DEPOSIT_WINDOW_MINUTES,
  depositRangeMessage,
  type DepositRequest,
  MAX_PENDING_DEPOSITS,
  MSG_TOO_MANY_PENDING_DEPOSITS,
} from '@app/contract/cashier';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { deposits, payMethods, receivingCards } from '../../db/schema/money';
import { siteSettings } from '../../db/schema/site';
import { uploads } from '../../db/schema/uploads';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import { BusinessError } from '../../core/errors';
import { newOrderNo } from '../../core/ids';
import { assertNotTrial } from '../../identity/trial';
import { lockMember } from '../../identity/member-lock';
import { guardPlay } from '../protection/guard';
import { MSG_TRIAL_NO_MONEY, usdtCentsOf } from './shared';

export const MSG_METHOD_CLOSED = '该充值方式暂未开放';
export const MSG_DEPOSIT_MISSING = '订单不存在';
export const MSG_DEPOSIT_SETTLED = '该订单已处理，无需再付款';
export const WINDOW_MS = DEPOSIT_WINDOW_MINUTES * 60_000;

type DepositInput = z.output<typeof DepositRequest>;

/** The pay-range type of a deposit (USDT per protocol). */
export function rangeType(input: DepositInput): string {
  switch (input.paytype) {
    case 'bank':
      return 'bank';
    case 'wxpay':
      return 'wechat';
    case 'alipay':
      return 'alipay';
    case 'usdt':
      return `usdt-${input.catepay.toLowerCase()}`;
  }
}

export async function payWayFlags(db: Db) {
  const rows = await db.select({ type: payMethods.type, enabled: payMethods.enabled }).from(payMethods);
  const on = (t: (type: string) => boolean) => (rows.some((r) => r.enabled === 1 && t(r.type)) ? 1 : 0);
  return {
    card: on((t) => t === 'bank'),
    usdt: on((t) => t.startsWith('usdt-')),
    wechat: on((t) => t === 'wechat'),
    alipay: on((t) => t === 'alipay'),
    usdt_trc20: on((t) => t === 'usdt-trc20'),
    usdt_erc20: on((t) => t === 'usdt-erc20'),
  };
}

export async function payRangeOf(db: Db, type: string) {
  const [m] = await db.select().from(payMethods).where(eq(payMethods.type, type));
  return m ? { min_price: formatCents(m.minCents), max_price: formatCents(m.maxCents) } : null;
}

export async function receivingCardList(db: Db) {
  const rows = await db
    .select()
    .from(receivingCards)
    .where(eq(receivingCards.enabled, 1))
    .orderBy(asc(receivingCards.id));
  return rows.map((c) => ({
    id: c.id,
    bank_no: c.bankNo,
    bank_owner: c.owner,
    bank_address: c.address,
    bank_data: { bank_name: c.bankName },
  }));
}

/** Creates a deposit in review (pending); nothing is credited until an operator approves it. */
export async function createDeposit(db: Db, userId: number, input: DepositInput): Promise<string> {
  await assertNotTrial(db, userId, MSG_TRIAL_NO_MONEY);
  const type = rangeType(input);
  const [method] = await db.select().from(payMethods).where(eq(payMethods.type, type));
  if (!method || method.enabled !== 1) throw new BusinessError(MSG_METHOD_CLOSED);
  const amount = BigInt(input.amount);
  if (amount < method.minCents || amount > method.maxCents) {
    throw new BusinessError(depositRangeMessage(Number(method.minCents), Number(method.maxCents)));
  }
  const voucher = input.paytype === 'bank' ? await ownVoucher(db, userId, input.voucher ?? '') : '';
  let usdtCents = 0n;
  if (input.paytype === 'usdt') {
    const [s] = await db.select({ rate: siteSettings.usdtrate }).from(siteSettings);
    usdtCents = usdtCentsOf(amount, s?.rate ?? '7');
  }
  const depositNo = newOrderNo('D');
  const at = now();
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [pending] = await tx
      .select({ n: count() })
      .from(deposits)
      .where(
        and(
          eq(deposits.userId, userId),
          eq(deposits.state, REVIEW_STATES.pending),
          // Past its window a deposit can no longer be approved: it no longer holds a place.
          gt(deposits.createdAt, new Date(at - WINDOW_MS)),
        ),
      );
    if ((pending?.n ?? 0) >= MAX_PENDING_DEPOSITS) throw new BusinessError(MSG_TOO_MANY_PENDING_DEPOSITS);
    await tx.insert(deposits).values({
      depositNo,
      userId,
      payType: input.paytype,
      protocol: input.paytype === 'usdt' ? input.catepay : '',
      amountCents: amount,
      usdtCents,
      payerName: input.paytype === 'bank' ? input.bank_owner : '',
      payerBank: input.paytype === 'bank' ? input.bank : '',
      payerCardNo: input.paytype === 'bank' ? input.bank_no : '',
      payerBranch: input.paytype === 'bank' ? input.bank_address : '',
      voucher,
      // What /payInfo shows stays as it was when the order was placed.
      payAccount: input.paytype === 'bank' ? '' : method.account,
      payQr: input.paytype === 'bank' ? '' : method.qrImage,
      state: REVIEW_STATES.pending,
      createdAt: new Date(at),
    });
    // 责任博彩: the order counts toward the member's deposit limits with the others in review.
    await guardPlay(tx, userId, { kinds: ['deposit'], amount, pendingDeposits: true });
  });
  return depositNo;
}

export const MSG_VOUCHER_NOT_YOURS = '凭证图片不存在，请重新上传';

/** The voucher of a bank deposit: '' or the URL of an upload this member made. */
async function ownVoucher(db: Db, userId: number, url: string): Promise<string> {
  if (url === '') return '';
  const path = url.slice(UPLOAD_URL_PREFIX.length);
  const [u] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.path, path), eq(uploads.userId, userId)));
  if (!u) throw new BusinessError(MSG_VOUCHER_NOT_YOURS);
  return url;
}

/**
 * A member's own deposit in review with where to pay it, as it was when the order was placed; another
 * member's number is "not found", an approved or rejected one is refused. `message` is the type (usdtpay, wxpay, alipay, bankpay).
 */
export async function depositInfoOf(db: Db, userId: number, depositNo: string) {
  const [d] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.depositNo, depositNo), eq(deposits.userId, userId)));
  if (!d) throw new BusinessError(MSG_DEPOSIT_MISSING, 404);
  // Where to pay is shown only while the deposit waits (交易记录 opens it again): once approved or
  // rejected, an address on screen would only invite a second payment.
  if (d.state !== REVIEW_STATES.pending) throw new BusinessError(MSG_DEPOSIT_SETTLED, 409);
  let pay = { account: d.payAccount, qr: d.payQr };
  if (d.payType !== 'bank' && pay.account === '') {
    // Orders placed before the snapshot was kept: the method as it is now.
    const type =
      d.payType === 'usdt'
        ? `usdt-${d.protocol.toLowerCase()}`
        : d.payType === 'wxpay'
          ? 'wechat'
          : d.payType;
    const [m] = await db.select().from(payMethods).where(eq(payMethods.type, type));
    pay = { account: m?.account ?? '', qr: m?.qrImage ?? '' };
  }
  return {
    message: `${d.payType}pay`.replace('paypay', 'pay'),
    data: {
      deposit_no: d.depositNo,
      info: {
        amount: formatCents(d.amountCents),
        created_at: formatDateTime(d.createdAt.getTime()),
        paytype: d.payType,
        usdt_amount: d.payType === 'usdt' ? formatCents(d.usdtCents) : '0.00',
      },
      cardlist:
        d.payType !== 'bank' && pay.account !== ''
          ? { mch_id: pay.account, content: d.protocol, payimg: pay.qr }
          : null,
    },
  };
}
