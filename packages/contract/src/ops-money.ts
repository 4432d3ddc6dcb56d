/* Operator calls of money: deposit methods, deposit and withdrawal reviews, valid bets, the ledger
 * check and credits. Amounts in replies are yuan with two decimals ("100.00"). */
import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS, reject, toCents } from './codecs';
import { defineCall } from './define';
import { PayRangeType } from './enums';
import {
  OPS_NAME_MAX,
  OpsAmountText,
  OpsId,
  OpsNothing,
  OpsUsername,
  ReviewListQuery,
  WithOpsAmount,
  YUAN_PATTERN,
  MSG_OPS_AMOUNT,
} from './ops-fields';

export const MSG_PAY_RANGE = '范围无效：0 < 最小 ≤ 最大';
export const MSG_PAY_RANGE_MAX = `最大金额不能超过${MAX_AMOUNT_CENTS / 100}元`;

/** A method's range from its two bounds (yuan): cents, or the message of what is wrong (one rule for
 * the command line and the console; no bound above what a member's amount may be). */
export function readPayRange(min: string | undefined, max: string | undefined) {
  const minCents = toCents(min ?? '') ?? 0;
  const maxCents = toCents(max ?? '') ?? 0;
  if (minCents <= 0 || maxCents < minCents) return MSG_PAY_RANGE;
  if (maxCents > MAX_AMOUNT_CENTS) return MSG_PAY_RANGE_MAX;
  return { minCents, maxCents };
}

/**
 * A pay-method change as the command line and the console take it: the range when a bound is sent
 * (readPayRange), then `problem` (a further check of the caller, its message or null), then
 * MSG_PAY_NOTHING when nothing would change; each refusal rejects the parse.
 */
export function readPayMethodChange<T extends string>(
  o: { type: T; min?: string; max?: string; enabled?: boolean; account?: string; qr_image?: string },
  ctx: z.core.ParsePayload,
  problem: () => string | null = () => null,
) {
  let range: { minCents: number; maxCents: number } | undefined;
  if (o.min !== undefined || o.max !== undefined) {
    const read = readPayRange(o.min, o.max);
    if (typeof read === 'string') return reject(ctx, read);
    range = read;
  }
  const refused = problem();
  if (refused) return reject(ctx, refused);
  if (!range && o.enabled === undefined && o.account === undefined && o.qr_image === undefined) {
    return reject(ctx, MSG_PAY_NOTHING);
  }
  return { type: o.type, range, enabled: o.enabled, account: o.account, qrImage: o.qr_image };
}

export const opsPayMethods = defineCall({
  name: 'opsPayMethods',
  method: 'GET',
  path: '/ops/pay-methods',
  auth: 'operator',
  request: OpsNothing,
  response: z.object({
    methods: z.array(
      z.object({
        type: z.string(),
        enabled: z.number(),
        min: z.string(),
        max: z.string(),
        account: z.string(),
        /** QR image URL ('' = none). */
        qr_image: z.string(),
      }),
    ),
  }),
});

/** Operator QR images go as base64 in the JSON body (the server's body limit is 64 KB). */
export const OPS_QR_IMAGE_MAX_BYTES = 40 * 1024;
export const MSG_PAY_NOTHING = '请指定要修改的内容（范围、开关、收款账户或二维码）';
export const MSG_PAY_ACCOUNT = '收款账户过长（最多128个字符）';
export const MSG_PAY_QR_IMAGE = '二维码图片无效：PNG、JPG、GIF或WEBP，最大40KB';

/** One bound of a range, in yuan. */
export const Yuan = z.string().check(z.regex(YUAN_PATTERN, MSG_OPS_AMOUNT));
const PayMethodInput = z.object({
  type: PayRangeType,
  min: z.optional(Yuan),
  max: z.optional(Yuan),
  enabled: z.optional(z.boolean()),
  /** Where to pay: USDT address, or the WeChat / Alipay account name members see. */
  account: z.optional(z.string().check(z.trim(), z.maxLength(128, MSG_PAY_ACCOUNT))),
  /** The QR image members scan, base64 (the server proves the type by content); '' removes it. */
  qr_image: z.optional(
    z.string().check(z.maxLength(Math.ceil(OPS_QR_IMAGE_MAX_BYTES / 3) * 4, MSG_PAY_QR_IMAGE)),
  ),
});

/**
 * Changes a deposit method: its range (yuan, both or neither; 0 < min ≤ max, MSG_PAY_RANGE), on or
 * off, where to pay (account) and its QR image. Orders already placed keep what they showed.
 */
export const opsSetPayMethod = defineCall({
  name: 'opsSetPayMethod',
  method: 'POST',
  path: '/ops/pay-methods',
  auth: 'operator',
  request: z.pipe(
    PayMethodInput,
    z.transform((o: z.output<typeof PayMethodInput>, ctx) => readPayMethodChange(o, ctx)),
  ),
  response: z.object({
    type: z.string(),
    enabled: z.number(),
    min: z.string(),
    max: z.string(),
    account: z.string(),
    qr_image: z.string(),
  }),
});

export const opsDeposits = defineCall({
  name: 'opsDeposits',
  method: 'GET',
  path: '/ops/deposits',
  auth: 'operator',
  request: ReviewListQuery,
  /** Newest first; paytype is the method, with its protocol for USDT (usdt-TRC20). */
  response: z.object({
    deposits: z.array(
      z.object({
        deposit_no: z.string(),
        username: z.string(),
        paytype: z.string(),
        amount: z.string(),
        state: z.number(),
        created_at: z.string(),
        /** The bank transfer's voucher image URL ('' = none). */
        voucher: z.string(),
      }),
    ),
  }),
});

const DepositNo = z.object({ deposit_no: z.string().check(z.minLength(1), z.maxLength(64)) });
const DepositReviewed = z.object({ deposit_no: z.string(), amount: z.string() });

/** Approves a pending deposit: credits the member once; 409 with the reason when it cannot. */
export const opsApproveDeposit = defineCall({
  name: 'opsApproveDeposit',
  method: 'POST',
  path: '/ops/deposits/approve',
  auth: 'operator',
  request: DepositNo,
  response: DepositReviewed,
});

export const opsRejectDeposit = defineCall({
  name: 'opsRejectDeposit',
  method: 'POST',
  path: '/ops/deposits/reject',
  auth: 'operator',
  request: DepositNo,
  response: DepositReviewed,
});

export const opsWithdrawals = defineCall({
  name: 'opsWithdrawals',
  method: 'GET',
  path: '/ops/withdrawals',
  auth: 'operator',
  request: ReviewListQuery,
  /** Newest first; usdt is the USDT the member receives ('' for other kinds). */
  response: z.object({
    withdrawals: z.array(
      z.object({
        id: z.number(),
        order_no: z.string(),
        username: z.string(),
        kind: z.string(),
        amount: z.string(),
        account: z.string(),
        name: z.string(),
        usdt: z.string(),
        state: z.number(),
        created_at: z.string(),
      }),
    ),
  }),
});

const WithdrawalReviewed = z.object({ id: z.number(), amount: z.string() });

/** Approves a pending withdrawal (the money leaves); 409 with the reason when it cannot. */
export const opsApproveWithdrawal = defineCall({
  name: 'opsApproveWithdrawal',
  method: 'POST',
  path: '/ops/withdrawals/approve',
  auth: 'operator',
  request: OpsId,
  response: WithdrawalReviewed,
});

/** Rejects a pending withdrawal: the whole amount returns to the member. */
export const opsRejectWithdrawal = defineCall({
  name: 'opsRejectWithdrawal',
  method: 'POST',
  path: '/ops/withdrawals/reject',
  auth: 'operator',
  request: OpsId,
  response: WithdrawalReviewed,
});

/** A settled valid bet on a venue platform, as its report would bring (counts toward turnover). */
export const opsRecordBet = defineCall({
  name: 'opsRecordBet',
  method: 'POST',
  path: '/ops/bets/record',
  auth: 'operator',
  request: WithOpsAmount(
    z.object({
      username: OpsUsername,
      platform: z.string().check(z.minLength(1), z.maxLength(OPS_NAME_MAX)),
      amount: OpsAmountText,
    }),
  ),
  response: z.object({ username: z.string(), platform: z.string(), amount: z.string() }),
});

/**
 * Proves the ledger. Balanced: code 200, message 账目平衡. Broken: HTTP 409 and code 409, message
 * 账目不平衡, with the same report as data.
 */
export const opsLedgerCheck = defineCall({
  name: 'opsLedgerCheck',
  method: 'GET',
  path: '/ops/ledger/check',
  auth: 'operator',
  request: OpsNothing,
  response: z.object({
    ok: z.boolean(),
    /** Sum of every entry, in cents (0 when balanced). */
    total: z.string(),
    broken: z.array(z.object({ walletId: z.number(), balance: z.string(), entries: z.string() })),
    unbalanced: z.array(z.string()),
    /** Balance of each system account, in cents. */
    accounts: z.record(z.string(), z.string()),
  }),
});

/** Credits a member's central wallet (an adjustment through the ledger). */
export const opsCreditWallet = defineCall({
  name: 'opsCreditWallet',
  method: 'POST',
  path: '/ops/wallet/credit',
  auth: 'operator',
  request: WithOpsAmount(
    z.object({
      username: OpsUsername,
      amount: OpsAmountText,
      memo: z.optional(z.string().check(z.maxLength(200))),
    }),
  ),
  response: z.object({ username: z.string(), amount: z.string(), balance: z.string() }),
});
