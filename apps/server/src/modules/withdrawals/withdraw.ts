import { readUsdtProtocol } from '@app/contract/cashier';
import { formatCents } from '@app/contract/codecs';
import { CARD_TYPES, REVIEW_STATES, type UsdtProtocol } from '@app/contract/enums';
import {
  MSG_WECHAT_QRCODE,
  MSG_WITHDRAW_BANK,
  MSG_WITHDRAW_USDT,
  turnoverShortMessage,
  WECHAT_QRCODE_FILE_FIELD,
} from '@app/contract/withdrawals';
import { and, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { cards, withdrawals } from '../../db/schema/money';
import { siteSettings } from '../../db/schema/site';
import type { UploadedFile } from '../../http/multipart';
import { BusinessError } from '../../core/errors';
import { newOrderNo } from '../../core/ids';
import { assertNotTrial } from '../../identity/trial';
import { MSG_TRIAL_NO_MONEY, usdtCentsOf } from '../cashier/shared';
import { storeImage } from '../uploads/service';
import { centralWalletId, MSG_INSUFFICIENT, post, SYSTEM } from '../wallet/ledger';
import { centralBalance } from '../wallet/service';
import { assertMobileBound } from './mobile';
import { assertPayPasswordKept, checkPayPassword } from '../../identity/pay-password';
import { markWithdrawalRisk } from '../risk/withdrawal-risk';
import { assertPayoutAllowed } from '../risk/blacklist';
import { turnover } from '../wallet/turnover';

export type WithdrawInput =
  | { type: 'bank' | 'usdt'; amount: number; bank: number; password: string }
  | { type: 'alipay'; amount: number; password: string; alipay_account: string; alipay_name: string }
  | { type: 'wechat'; amount: number; password: string };

/** Where the money goes: the card (bank, usdt), the alipay account, or (wechat) the QR image, stored last. */
interface Payout {
  account: string;
  accountName: string;
  cardId: number | null;
  /** USDT only: the protocol of the address, which sets the fee. */
  protocol: UsdtProtocol | null;
}

/** The payout of a withdrawal: the member's own card of that type, the alipay account, or a QR file. */
async function payoutOf(
  db: Db,
  userId: number,
  input: WithdrawInput,
  files: Map<string, UploadedFile>,
): Promise<Payout> {
  if (input.type === 'bank' || input.type === 'usdt') {
    const wanted = input.type === 'usdt' ? CARD_TYPES.usdt : CARD_TYPES.bank;
    const [card] = await db
      .select()
      .from(cards)
      .where(and(eq(cards.id, input.bank), eq(cards.userId, userId), eq(cards.type, wanted)));
    if (!card) throw new BusinessError(input.type === 'usdt' ? MSG_WITHDRAW_USDT : MSG_WITHDRAW_BANK);
    const protocol = input.type === 'usdt' ? (readUsdtProtocol(card.owner) ?? 'TRC20') : null;
    return { account: card.bankNo, accountName: card.owner, cardId: card.id, protocol };
  }
  if (input.type === 'alipay') {
    return { account: input.alipay_account, accountName: input.alipay_name, cardId: null, protocol: null };
  }
  if (!files.get(WECHAT_QRCODE_FILE_FIELD)) throw new BusinessError(MSG_WECHAT_QRCODE);
  return { account: '', accountName: '', cardId: null, protocol: null };
}

/** A USDT withdrawal's fee (by protocol) and what the member receives, in USDT cents; 0 and 0 otherwise. */
async function usdtPayout(db: Db, protocol: UsdtProtocol | null, amount: bigint) {
  if (!protocol) return { feeCents: 0n, receiveCents: 0n };
  const [s] = await db.select().from(siteSettings);
  const feeCents =
    protocol === 'ERC20' ? (s?.withdrawcashfeeCents ?? 0n) : (s?.withdrawfeeusdttrcCents ?? 0n);
  const receiveCents = usdtCentsOf(amount, s?.withdrawusdtrate ?? '7') - feeCents;
  if (receiveCents <= 0n) throw new BusinessError('金额过低，不足以支付手续费');
  return { feeCents, receiveCents };
}

/**
 * A withdrawal, every rule of server-rules.md: the card of that type and the member's own, the
 * payment password (not a one-time one an operator set), ≤ the central balance (said before the
 * mobile and the turnover; the guarded debit holds it), a bound mobile, turnover met, ≥ 100 (the
 * contract). The amount moves to "withdrawals in review" in the same transaction.
 */
export async function submitWithdrawal(
  db: Db,
  dataDir: string,
  userId: number,
  input: WithdrawInput,
  files: Map<string, UploadedFile>,
): Promise<string> {
  await assertNotTrial(db, userId, MSG_TRIAL_NO_MONEY);
  // A one-time payment password an operator set: nothing else is looked at until it is changed.
  await assertPayPasswordKept(db, userId);
  const payout = await payoutOf(db, userId, input, files);
  await checkPayPassword(db, userId, input.password);
  await assertPayoutAllowed(db, input.type, payout.account);
  const amount = BigInt(input.amount);
  // More than the balance is said as such, before the turnover and the mobile: neither would help.
  // (The guarded debit below still decides; this is the message.)
  if (amount > (await centralBalance(db, userId))) throw new BusinessError(MSG_INSUFFICIENT);
  // Turnover owed blocks it whatever else is done: said before the member is sent to bind a phone.
  await assertTurnoverMet(db, userId);
  await assertMobileBound(db, userId);

  const { feeCents, receiveCents } = await usdtPayout(db, payout.protocol, amount);
  if (input.type === 'wechat') {
    const qrcode = files.get(WECHAT_QRCODE_FILE_FIELD);
    payout.account = await storeImage(db, dataDir, userId, qrcode, MSG_WECHAT_QRCODE);
  }
  const orderNo = newOrderNo('W');
  const wallet = await centralWalletId(db, userId);
  await db.transaction(async (tx) => {
    await post(tx, {
      reason: 'withdrawal',
      reference: orderNo,
      legs: [
        { wallet, cents: -amount },
        { account: SYSTEM.withdrawalsInReview, cents: amount },
      ],
    });
    // Again under the wallet's lock: a deposit approved while this request ran (it locks the same
    // wallet before it adds its turnover) is either seen here or comes after this withdrawal.
    await assertTurnoverMet(tx, userId);
    await tx.insert(withdrawals).values({
      orderNo,
      userId,
      kind: input.type,
      amountCents: amount,
      cardId: payout.cardId,
      account: payout.account,
      accountName: payout.accountName,
      feeCents,
      receiveCents,
      state: REVIEW_STATES.pending,
      createdAt: new Date(now()),
    });
  });
  // Scored after the money moved: the queue's 待风控 mark. 财务's approval re-assesses it anyway
  // (risk/withdrawal-risk.ts), so a failure here costs only the mark, never the member's withdrawal.
  await markWithdrawalRisk(db, orderNo).catch(() => undefined);
  return orderNo;
}

/** 打码量不足 unless every turnover requirement of the member is met (wallet/turnover.ts). */
async function assertTurnoverMet(db: Db | Tx, userId: number): Promise<void> {
  const t = await turnover(db, userId);
  if (t.bet < t.required) throw new BusinessError(turnoverShortMessage(formatCents(t.required - t.bet)));
}
