import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  DEPOSIT_WINDOW_MINUTES,
  depositRangeMessage,
  type DepositRequest,
  MAX_PENDING_DEPOSITS,
  MSG_TOO_MANY_PENDING_DEPOSITS,
} from '@app/contract/cashier';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { now } from '../../core/clock';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deposits, payMethods, receivingCards } from '../../db/schema/money';
import { siteSettings } from '../../db/schema/site';
import { uploads } from '../../db/schema/uploads';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import type { UploadedFile } from '../../http/multipart';
import { BusinessError } from '../../core/errors';
import { newFileName, newOrderNo } from '../../core/ids';
import { assertNotTrial } from '../../identity/trial';
import { IMAGE_CONTENT_TYPES, imageTypeOf } from '../../core/uploads';
import { lockMember } from '../../identity/member-lock';
import { addRequirement, WITHDRAW_FEE_MULTIPLIER } from '../wallet/turnover';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { saveUpload } from '../uploads/service';

export const MSG_TRIAL_NO_MONEY = '试玩账号不能进行此操作';
export const MSG_METHOD_CLOSED = '该充值方式暂未开放';
export const MSG_DEPOSIT_MISSING = '订单不存在';
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

/** CNY cents → USDT cents at a rate like '7.2000', rounded down. */
export function usdtCentsOf(amountCents: bigint, rate: string): bigint {
  const [whole = '0', frac = ''] = rate.split('.');
  const units = BigInt(whole) * 10_000n + BigInt((frac + '0000').slice(0, 4));
  return units > 0n ? (amountCents * 10_000n) / units : 0n;
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
 * A member's own deposit with where to pay it, as it was when the order was placed; another
 * member's number is "not found". `message` is the type (usdtpay, wxpay, alipay, bankpay).
 */
export async function depositInfoOf(db: Db, userId: number, depositNo: string) {
  const [d] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.depositNo, depositNo), eq(deposits.userId, userId)));
  if (!d) throw new BusinessError(MSG_DEPOSIT_MISSING, 404);
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

export const MSG_IMAGE_TYPE = '请上传PNG、JPG、GIF或WEBP图片';

/**
 * Stores a member's uploaded image under DATA_DIR/uploads with a random name (type checked by
 * content), counted against the member's upload rate and daily quota; returns its URL.
 */
export async function storeImage(
  db: Db,
  dataDir: string,
  userId: number,
  file: UploadedFile | undefined,
  missing: string,
): Promise<string> {
  if (!file) throw new BusinessError(missing);
  // The content proves the type, and it must be the one the client declared.
  const ext = imageTypeOf(file.data);
  if (!ext || IMAGE_CONTENT_TYPES[ext] !== file.mimetype) throw new BusinessError(MSG_IMAGE_TYPE);
  return saveUpload(db, dataDir, userId, newFileName(ext), file.data);
}

/* Operator side ------------------------------------------------------------------------------------ */

export type ReviewOutcome =
  | {
      ok: true;
      id: number;
      depositNo: string;
      amount: string;
      state: number;
      reviewedBy: string;
      note: string;
    }
  | { ok: false; message: string };

/** Who reviews deposits that the demo approver (DEMO_AUTO_APPROVE_SECONDS) approves. */
export const AUTO_APPROVER: Actor = { operatorId: null, name: '自动审核', ip: '' };

const reviewedFields = { id: deposits.id, userId: deposits.userId, amount: deposits.amountCents };

/**
 * Approves a deposit: one transaction moves the amount from the deposits account to the central
 * wallet and grows paysum and the turnover requirement. Guarded (pending and within the window), so
 * two approvals at once credit once; the other is told who reviewed it and when. `actor` is recorded
 * as reviewed_by, `note` as review_note.
 */
export async function approveDeposit(
  db: Db,
  depositNo: string,
  actor: Actor,
  note = '',
): Promise<ReviewOutcome> {
  const at = now();
  const result = await db.transaction(async (tx) => {
    const [d] = await tx
      .update(deposits)
      .set({
        state: REVIEW_STATES.approved,
        reviewedAt: new Date(at),
        reviewedBy: actor.name,
        reviewNote: note,
      })
      .where(
        and(
          eq(deposits.depositNo, depositNo),
          eq(deposits.state, REVIEW_STATES.pending),
          gt(deposits.createdAt, new Date(at - WINDOW_MS)),
        ),
      )
      .returning(reviewedFields);
    if (!d) return null;
    const wallet = await centralWalletId(tx, d.userId);
    await post(tx, {
      reason: 'deposit',
      reference: depositNo,
      legs: [
        { account: SYSTEM.deposits, cents: -d.amount },
        { wallet, cents: d.amount },
      ],
    });
    await tx
      .update(users)
      .set({ paysumCents: sql`${users.paysumCents} + ${d.amount}` })
      .where(eq(users.id, d.userId));
    await addRequirement(tx, d.userId, {
      source: 'deposit',
      cents: d.amount * BigInt(WITHDRAW_FEE_MULTIPLIER),
      reference: depositNo,
    });
    return d;
  });
  if (result === null) return { ok: false, message: await whyNot(db, depositNo, at) };
  const { id, amount } = result;
  const done = { id, depositNo, amount: formatCents(amount), reviewedBy: actor.name, note };
  return { ok: true, ...done, state: REVIEW_STATES.approved };
}

/** Rejects a pending deposit (nothing was credited); `reason` is recorded as review_note. */
export async function rejectDeposit(
  db: Db,
  depositNo: string,
  actor: Actor,
  reason = '',
): Promise<ReviewOutcome> {
  const [d] = await db
    .update(deposits)
    .set({
      state: REVIEW_STATES.rejected,
      reviewedAt: new Date(now()),
      reviewedBy: actor.name,
      reviewNote: reason,
    })
    .where(and(eq(deposits.depositNo, depositNo), eq(deposits.state, REVIEW_STATES.pending)))
    .returning(reviewedFields);
  if (!d) return { ok: false, message: await whyNot(db, depositNo, Number.NaN) };
  const done = { id: d.id, depositNo, amount: formatCents(d.amount), reviewedBy: actor.name, note: reason };
  return { ok: true, ...done, state: REVIEW_STATES.rejected };
}

/** The refusal of a review that came too late: who reviewed the item and when, e.g.
 * 该存款已由 caiwu01 于 2026-11-25 10:31 通过. */
export function alreadyReviewed(
  what: string,
  row: { state: number; reviewedBy: string; reviewedAt: Date | null },
): string {
  const verb = row.state === REVIEW_STATES.approved ? '通过' : '拒绝';
  const who = row.reviewedBy || '其他操作员';
  const when = row.reviewedAt ? ` 于 ${formatDateTime(row.reviewedAt.getTime()).slice(0, 16)}` : '';
  return `该${what}已由 ${who}${when} ${verb}`;
}

async function whyNot(db: Db, depositNo: string, at: number): Promise<string> {
  const [d] = await db.select().from(deposits).where(eq(deposits.depositNo, depositNo));
  if (!d) return MSG_DEPOSIT_MISSING;
  if (d.state !== REVIEW_STATES.pending) return alreadyReviewed('存款', d);
  if (d.createdAt.getTime() <= at - WINDOW_MS) return `订单已超过${DEPOSIT_WINDOW_MINUTES}分钟，不能再通过`;
  return '订单状态已改变';
}

export async function listDeposits(db: Db, state: number | null, limit: number) {
  const rows = await db
    .select({
      depositNo: deposits.depositNo,
      username: users.username,
      payType: deposits.payType,
      protocol: deposits.protocol,
      amount: deposits.amountCents,
      state: deposits.state,
      createdAt: deposits.createdAt,
      voucher: deposits.voucher,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(state === null ? undefined : eq(deposits.state, state))
    .orderBy(desc(deposits.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    deposit_no: r.depositNo,
    username: r.username,
    paytype: r.protocol ? `${r.payType}-${r.protocol}` : r.payType,
    amount: formatCents(r.amount),
    state: r.state,
    created_at: formatDateTime(r.createdAt.getTime()),
    voucher: r.voucher,
  }));
}

/** DEMO_AUTO_APPROVE_SECONDS: approves pending deposits older than `seconds` (guarded, multi-process safe). */
export async function autoApprove(db: Db, seconds: number): Promise<number> {
  const t = now();
  const due = await db
    .select({ no: deposits.depositNo })
    .from(deposits)
    .where(
      and(
        eq(deposits.state, REVIEW_STATES.pending),
        lt(deposits.createdAt, new Date(t - seconds * 1000)),
        gt(deposits.createdAt, new Date(t - WINDOW_MS)),
      ),
    )
    .limit(100);
  let n = 0;
  for (const d of due) if ((await approveDeposit(db, d.no, AUTO_APPROVER)).ok) n += 1;
  return n;
}
