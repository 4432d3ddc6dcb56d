import { AmountInput, formatCents, MSG_AMOUNT_DECIMALS, MSG_AMOUNT_INVALID } from '@app/contract/codecs';
import {
  CENTRAL_WALLET,
  RECORD_TYPES,
  REVIEW_STATE_LABELS,
  REVIEW_STATES,
  TRANSFER_STATE_LABELS,
  TRANSFER_STATES,
  type RecordType,
  type UsdtProtocol,
  type WithdrawKind,
} from '@app/contract/enums';
import { MOBILE_PATTERN } from '@app/contract/member';
import type { StateTone } from '@/shared/ui/StateTag';
import { MSG_TRANSFER_AMOUNT, MSG_TRANSFER_SAME, MSG_TRANSFER_VENUES } from '@app/contract/wallet';
import {
  BindCardRequest,
  deleteCard,
  depositRangeMessage,
  MSG_DEPOSIT_BANK,
  MSG_DEPOSIT_BRANCH,
  MSG_DEPOSIT_CARD,
  MSG_CARD_NO_DIGITS,
  MSG_DEPOSIT_NAME,
} from '@app/contract/cashier';
import { MSG_VOUCHER_TYPE } from '@app/contract/deposit-method';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, MSG_IMAGE_TOO_LARGE } from '@app/contract/uploads';
import {
  MSG_ALIPAY_ACCOUNT,
  MSG_ALIPAY_NAME,
  MSG_BIND_MOBILE,
  MSG_WECHAT_QRCODE,
  MSG_WITHDRAW_BANK,
  MSG_WITHDRAW_METHOD,
  MSG_WITHDRAW_MIN,
  MSG_WITHDRAW_PASSWORD,
  MSG_WITHDRAW_USDT,
  turnoverShortMessage,
  WITHDRAW_MIN_CENTS,
} from '@app/contract/withdrawals';

/* The wallet's rules as pure functions (spec §5, §9). Each returns the spec's first failing message,
 * or null; the texts are the contract's constants, so client and server say the same. */

/** Venue balances poll (spec §9): 3.5 s on the withdrawal and wallet screens, 1.5 s on /transfer. */
export const VENUE_POLL_MS = { wallet: 3500, transfer: 1500 } as const;
/** Venue rows shown before 展开 (spec §9). */
export const VENUE_ROWS = { withdraw: 3, transfer: 4 } as const;
/** Quick amounts of the withdrawal form (yuan), then 最大. */
export const WITHDRAW_QUICK_AMOUNTS = [100, 200, 300, 500, 10000] as const;
/** Delays of spec §9: to /transRecord after a withdrawal, and the resubmit after phone binding. */
export const AFTER_WITHDRAW_MS = 1500;
export const PHONE_RESUBMIT_MS = 1000;

export const MSG_OPERATION_OK = '操作成功！';
export const MSG_UNBIND_CONFIRM = '确定要解除绑定该卡片吗？';
export const MSG_UNBIND_TITLE = '温馨提示';
export const MSG_UNBOUND = '解绑成功';
export const MSG_BOUND = '绑定成功';
export const MSG_PHONE_BOUND = '手机号绑定成功';
export const MSG_AUTO_TRANSFER_ON = '已开启自动转账，无需手动转账';
/** The server's words (wallet ledger) for more than the balance. */
export const MSG_INSUFFICIENT = '余额不足';

/** A typed amount (yuan) → cents, or null when it is not a positive amount with at most 2 places. */
export function amountCents(text: string): number | null {
  const parsed = AmountInput.safeParse(text.trim());
  return parsed.success ? parsed.data : null;
}

/** The contract's word on a typed amount: 金额最多只能有两位小数, 金额无效，无法提交, or null when it is fine. */
export function amountIssue(text: string): string | null {
  const parsed = AmountInput.safeParse(text.trim());
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG_AMOUNT_INVALID);
}

/** 100.555: more than two decimals, said as such before any range (the format comes first). */
const tooManyDecimals = (text: string) => /^\d+\.\d{3,}$/.test(text.trim());

/** Cents → yuan text for an input ('100', '12.5' → '12.50'). */
export function centsToInput(cents: number): string {
  return formatCents(Math.max(0, cents)).replace(/\.00$/, '');
}

/* Transfer -------------------------------------------------------------------------------------- */

export interface TransferForm {
  amount: string;
  /** CENTRAL_WALLET or a venue's platform code. */
  source: string;
  target: string;
}

export function validateTransfer(form: TransferForm): string | null {
  if (form.amount.trim() === '') return MSG_TRANSFER_AMOUNT;
  const amountMessage = amountIssue(form.amount);
  if (amountMessage) return amountMessage;
  if (form.source === form.target) return MSG_TRANSFER_SAME;
  if ((form.source === CENTRAL_WALLET) === (form.target === CENTRAL_WALLET)) return MSG_TRANSFER_VENUES;
  return null;
}

/* Withdrawal ------------------------------------------------------------------------------------- */

export interface WithdrawForm {
  kind: WithdrawKind;
  amount: string;
  /** The chosen card (bank) or address (usdt). */
  cardId: number | null;
  password: string;
  alipayAccount: string;
  alipayName: string;
  wechatQrcode: Blob | null;
  /** The central balance in cents when known: more than it is 余额不足 before anything else is asked. */
  balance?: number | null;
  /** The turnover still owed in cents when known: it blocks the withdrawal, so it is said before any
   * card, password or phone is asked for. */
  turnoverLeft?: number | null;
}

/**
 * Spec §5, in order: at least 100, a positive number (at most two decimals), then (ours) not above the
 * balance, the account, the password, then alipay/wechat.
 */
export function validateWithdraw(form: WithdrawForm): string | null {
  const text = form.amount.trim();
  const n = text === '' ? 0 : Number(text);
  if (Number.isFinite(n) && n * 100 < WITHDRAW_MIN_CENTS) return MSG_WITHDRAW_MIN;
  const amountMessage = amountIssue(text);
  if (amountMessage) return amountMessage;
  const balance = form.balance ?? null;
  if (balance !== null && (amountCents(text) ?? 0) > balance) return MSG_INSUFFICIENT;
  if ((form.turnoverLeft ?? 0) > 0) return turnoverShortMessage(formatCents(form.turnoverLeft ?? 0));
  if (form.kind === 'bank' && form.cardId === null) return MSG_WITHDRAW_BANK;
  if (form.kind === 'usdt' && form.cardId === null) return MSG_WITHDRAW_USDT;
  if (form.password === '') return MSG_WITHDRAW_PASSWORD;
  if (form.kind === 'alipay') {
    if (form.alipayAccount.trim() === '') return MSG_ALIPAY_ACCOUNT;
    if (form.alipayName.trim() === '') return MSG_ALIPAY_NAME;
  }
  if (form.kind === 'wechat' && form.wechatQrcode === null) return MSG_WECHAT_QRCODE;
  if (!['bank', 'usdt', 'alipay', 'wechat'].includes(form.kind)) return MSG_WITHDRAW_METHOD;
  return null;
}

/** USDT for an amount: amount / rate, floored to 2 places (USDT cents); 0 without a rate. */
export function usdtEquivalent(amountCents: number, rate: number): number {
  if (!(rate > 0) || !(amountCents > 0)) return 0;
  return Math.floor(amountCents / rate + 1e-9);
}

/** What arrives: the equivalent minus the fee of the protocol (ERC20's fee, else the other network's). */
export function usdtReceive(
  amountCents: number,
  rate: number,
  protocol: UsdtProtocol | null,
  fees: { erc20: number; trc20: number },
): number {
  const fee = protocol === 'ERC20' ? fees.erc20 : fees.trc20;
  return Math.max(0, usdtEquivalent(amountCents, rate) - fee);
}

/** The fee (USDT cents) of a protocol. */
export function usdtFee(protocol: UsdtProtocol | null, fees: { erc20: number; trc20: number }): number {
  return protocol === 'ERC20' ? fees.erc20 : fees.trc20;
}

/** 打码量 needed before a withdrawal: recharge × withdraw_fee (1 when missing). Cents. */
export function requiredTurnover(rechargeCents: number, withdrawFee = 1): number {
  const fee = Number.isFinite(withdrawFee) && withdrawFee >= 0 ? withdrawFee : 1;
  return Math.round(rechargeCents * fee);
}

/** 打码量 with nothing owed: said in words, not as 0.00 / 0.00（100%）. */
export const MSG_TURNOVER_NONE = '已完成';

/** Progress of the turnover in percent, rounded, capped at 100 (100 when nothing is required). */
export function turnoverProgress(betCents: number, requiredCents: number): number {
  if (requiredCents <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((betCents / requiredCents) * 100)));
}

/* Cards ----------------------------------------------------------------------------------------- */

export interface BankCardForm {
  holder: string;
  bank: string;
  branch: string;
  cardNo: string;
  payPass: string;
}

function firstIssue(input: unknown): string | null {
  const parsed = BindCardRequest.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG_AMOUNT_INVALID);
}

/** Spec §5 (bank card), the server's own schema: missing fields in form order, then lengths. */
export function validateBankCard(form: BankCardForm): string | null {
  return firstIssue({
    bank: form.bank,
    bank_owner: form.holder,
    bank_no: form.cardNo,
    bank_address: form.branch,
    pay_pass: form.payPass,
  });
}

export interface UsdtAddressForm {
  protocol: UsdtProtocol | '';
  address: string;
  payPass: string;
}

/** Spec §5 (USDT): address, protocol, password, then the address format and password length. */
export function validateUsdtAddress(form: UsdtAddressForm): string | null {
  return firstIssue({
    bank: 'USDT',
    bank_owner: form.protocol,
    bank_no: form.address,
    pay_pass: form.payPass,
  });
}

/** Unbinding asks the payment password as binding does: missing, then its length (the server's schema). */
export function validateUnbind(cardId: number, payPass: string): string | null {
  const parsed = deleteCard.request.safeParse({ id: cardId, pay_pass: payPass });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG_AMOUNT_INVALID);
}

/** 1234567890123 → '**** **** **** 0123' (last 4 shown). */
export function maskCardNo(cardNo: string): string {
  const tail = cardNo.replace(/\s+/g, '').slice(-4);
  return `**** **** **** ${tail}`;
}

/* Deposit and phone ------------------------------------------------------------------------------ */

export interface DepositForm {
  amount: string;
  range: { min: number; max: number };
  /** Bank transfer only. */
  bank?: { name: string; bankType: string; cardNo: string; branch: string };
}

/**
 * Spec §5: an empty amount is out of range too, so it gets the range message; 100.555 is told its
 * decimals first. A payer card number is digits (spaces as typed allowed), as the server checks.
 */
export function validateDeposit(form: DepositForm): string | null {
  if (tooManyDecimals(form.amount)) return MSG_AMOUNT_DECIMALS;
  const cents = amountCents(form.amount);
  if (cents === null || cents < form.range.min || cents > form.range.max) {
    return depositRangeMessage(form.range.min, form.range.max);
  }
  if (form.bank) {
    if (form.bank.name.trim() === '') return MSG_DEPOSIT_NAME;
    if (form.bank.bankType.trim() === '') return MSG_DEPOSIT_BANK;
    if (form.bank.cardNo.trim() === '') return MSG_DEPOSIT_CARD;
    if (!/^[\d\s]*$/.test(form.bank.cardNo.trim())) return MSG_CARD_NO_DIGITS;
    if (form.bank.branch.trim() === '') return MSG_DEPOSIT_BRANCH;
  }
  return null;
}

/** A voucher picture the member picked: its problem (type, then the size limit), or null. */
export function validateVoucher(file: { type: string; size: number }): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return MSG_VOUCHER_TYPE;
  if (file.size <= 0 || file.size > IMAGE_UPLOAD_MAX_BYTES) return MSG_IMAGE_TOO_LARGE;
  return null;
}

export function validatePhone(mobile: string): string | null {
  return MOBILE_PATTERN.test(mobile.trim()) ? null : MSG_BIND_MOBILE;
}

/* Account records ---------------------------------------------------------------------------------- */

export const RECORD_TYPE_LABELS: Record<RecordType, string> = { 1: '存款', 2: '取款', 3: '转入', 4: '转出' };

/** The state label of a record: review states for deposits and withdrawals, transfer states else. */
export function recordStateLabel(type: RecordType, state: number): string {
  const reviewed = type === RECORD_TYPES.deposit || type === RECORD_TYPES.withdraw;
  const labels = reviewed ? REVIEW_STATE_LABELS : TRANSFER_STATE_LABELS;
  return labels[state] ?? '未知';
}

const REVIEW_STATE_TONES: Record<number, StateTone> = {
  [REVIEW_STATES.pending]: 'pending',
  [REVIEW_STATES.approved]: 'success',
  [REVIEW_STATES.rejected]: 'failed',
};
const TRANSFER_STATE_TONES: Record<number, StateTone> = {
  [TRANSFER_STATES.pending]: 'pending',
  [TRANSFER_STATES.success]: 'success',
  [TRANSFER_STATES.failed]: 'failed',
};

/** The tag tone of a record's state: 审核中/待结算 pending, 已通过/成功 success, 已拒绝/失败 failed, else neutral. */
export function recordStateTone(type: RecordType, state: number): StateTone {
  const reviewed = type === RECORD_TYPES.deposit || type === RECORD_TYPES.withdraw;
  const tones = reviewed ? REVIEW_STATE_TONES : TRANSFER_STATE_TONES;
  return tones[state] ?? 'neutral';
}

/** Milliseconds left → 'mm:ss' (the payment window of /payInfo). */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** A signed amount of 资金明细: '+250.00' in, '-100.00' out. */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}
