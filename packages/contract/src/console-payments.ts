/* The operators' console, 支付设置（财务）: pay ways, receiving bank cards, USDT addresses, WeChat/Alipay
 * accounts, rates and fees. A change applies to orders placed after it: a deposit keeps the account,
 * QR image and USDT amount it showed, a withdrawal the fee and USDT it was promised. */
import * as z from 'zod/mini';
import {
  MSG_CARD_NO,
  MSG_CARD_NO_DIGITS,
  MSG_CARD_NO_LENGTH,
  MSG_USDT_ADDRESS_FORMAT,
  USDT_ADDRESS_PATTERNS,
} from './cashier';
import { reject } from './codecs';
import { ReviewTicket } from './console-approvals';
import { defineConsoleCall, type ConsoleCallDef, type OperatorRole } from './console-define';
import { PayRangeType } from './enums';
import { MSG_PAY_ACCOUNT, readPayMethodChange, Yuan } from './ops-money';
import { WholeNumber } from './ops-fields';

const ROLES: readonly OperatorRole[] = ['finance'];

/* Pay methods -------------------------------------------------------------------------------------- */

export const PAY_METHOD_TYPES = PayRangeType.options;
export type PayMethodType = (typeof PAY_METHOD_TYPES)[number];
export const PAY_METHOD_LABELS: Record<PayMethodType, string> = {
  bank: '银行转账',
  wechat: '微信支付',
  alipay: '支付宝',
  'usdt-trc20': 'USDT（TRC20）',
  'usdt-erc20': 'USDT（ERC20）',
};

export const MSG_PAY_BANK_ACCOUNT = '银行转账的收款账户在“收款银行卡”中设置';
export const MSG_PAY_ENABLE_ACCOUNT = '请先填写收款账户，再开启该支付方式';
export const MSG_PAY_ENABLE_CARD = '请先启用至少一张收款银行卡，再开启银行转账';
export const MSG_PAY_QR_URL = '二维码图片无效，请重新上传';
export const MSG_PAY_TYPE = '支付方式无效';
/** Longest QR image address (an upload's or a seeded picture's). */
export const PAY_QR_URL_MAX = 200;

export const PayMethod = z.object({
  type: z.enum(PAY_METHOD_TYPES),
  enabled: z.boolean(),
  min: z.string(),
  max: z.string(),
  /** USDT address, or the WeChat / Alipay account name members see ('' for bank). */
  account: z.string(),
  /** QR image address ('' none). */
  qr_image: z.string(),
});
export type PayMethod = z.output<typeof PayMethod>;

export const consolePayMethods = defineConsoleCall({
  name: 'consolePayMethods',
  method: 'GET',
  path: '/payments/methods',
  roles: ROLES,
  request: z.object({}),
  response: z.object({ items: z.array(PayMethod) }),
});

const PayMethodInput = z.object({
  type: z.enum(PAY_METHOD_TYPES, MSG_PAY_TYPE),
  enabled: z.optional(z.boolean()),
  min: z.optional(Yuan),
  max: z.optional(Yuan),
  account: z.optional(z.string().check(z.trim(), z.maxLength(128, MSG_PAY_ACCOUNT))),
  /** An address consoleUploadImage answered, '' to remove it (the server checks it is an operator's). */
  qr_image: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(PAY_QR_URL_MAX, MSG_PAY_QR_URL), z.regex(/^(\/\S*)?$/, MSG_PAY_QR_URL)),
  ),
});

/** The USDT protocol of a method type, null for the others. */
export const usdtProtocolOf = (type: PayMethodType) =>
  type === 'usdt-trc20' ? 'TRC20' : type === 'usdt-erc20' ? 'ERC20' : null;

/** What is wrong with a method's account (USDT: the member side's address format), or null. */
export function payAccountProblem(type: PayMethodType, account: string, qrImage: string): string | null {
  if (type === 'bank') return account !== '' || qrImage !== '' ? MSG_PAY_BANK_ACCOUNT : null;
  const protocol = usdtProtocolOf(type);
  if (protocol && account !== '' && !USDT_ADDRESS_PATTERNS[protocol].test(account)) {
    return MSG_USDT_ADDRESS_FORMAT;
  }
  return null;
}

/**
 * Changes a pay method: on/off, range (yuan, both bounds; 0 < min ≤ max ≤ the largest amount), where
 * to pay and its QR image; what is not sent is kept. Turning a method on needs an account (bank: an
 * enabled receiving card).
 */
export const consoleSetPayMethod = defineConsoleCall({
  name: 'consoleSetPayMethod',
  method: 'POST',
  path: '/payments/methods',
  roles: ROLES,
  request: z.pipe(
    PayMethodInput,
    z.transform((o: z.output<typeof PayMethodInput>, ctx) =>
      readPayMethodChange(o, ctx, () => payAccountProblem(o.type, o.account ?? '', o.qr_image ?? '')),
    ),
  ),
  /** A change of the account or its QR image goes to 待复核 (its ticket); on/off and range apply now. */
  response: z.union([PayMethod, ReviewTicket]),
});

/* Receiving bank cards ------------------------------------------------------------------------------ */

export const MSG_RECEIVING_BANK = '请输入银行名称';
export const MSG_RECEIVING_OWNER = '请输入开户人';
export const MSG_RECEIVING_NO_TAKEN = '该卡号已存在';
export const MSG_RECEIVING_MISSING = '收款银行卡不存在';
export const MSG_RECEIVING_LAST = '银行转账已开启，至少保留一张启用的收款银行卡';
export const RECEIVING_ADDRESS_MAX = 128;

export const ReceivingCard = z.object({
  id: z.number(),
  bank_name: z.string(),
  bank_no: z.string(),
  owner: z.string(),
  address: z.string(),
  enabled: z.boolean(),
});
export type ReceivingCard = z.output<typeof ReceivingCard>;

export const consoleReceivingCards = defineConsoleCall({
  name: 'consoleReceivingCards',
  method: 'GET',
  path: '/payments/cards',
  roles: ROLES,
  request: z.object({}),
  response: z.object({ items: z.array(ReceivingCard) }),
});

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, `最多${max}个字`));

/** A card number as members type it: spaces dropped, 8–32 digits (the member side's rule). */
const CardNo = z.pipe(
  z.string({ error: MSG_CARD_NO_LENGTH }).check(z.maxLength(64, MSG_CARD_NO_LENGTH)),
  z.transform((v, ctx) => {
    const digits = v.replace(/\s+/g, '');
    if (digits === '') return reject(ctx, MSG_CARD_NO);
    if (digits.length < 8 || digits.length > 32) return reject(ctx, MSG_CARD_NO_LENGTH);
    if (!/^\d+$/.test(digits)) return reject(ctx, MSG_CARD_NO_DIGITS);
    return digits;
  }),
);

const CardFields = {
  bank_name: requiredText(MSG_RECEIVING_BANK, 32),
  bank_no: CardNo,
  owner: requiredText(MSG_RECEIVING_OWNER, 64),
  address: z._default(
    z
      .string()
      .check(z.trim(), z.maxLength(RECEIVING_ADDRESS_MAX, `开户行地址最多${RECEIVING_ADDRESS_MAX}个字`)),
    '',
  ),
};
const CardId = { id: WholeNumber(1, 2_147_483_647) };

/** Adds a receiving card (enabled); its number is unique. */
export const consoleCreateReceivingCard = defineConsoleCall({
  name: 'consoleCreateReceivingCard',
  method: 'POST',
  path: '/payments/cards/create',
  roles: ROLES,
  request: z.object(CardFields),
  /** Always 待复核: a second 财务 approves a new receiving account. */
  response: ReviewTicket,
});

export const consoleUpdateReceivingCard = defineConsoleCall({
  name: 'consoleUpdateReceivingCard',
  method: 'POST',
  path: '/payments/cards/update',
  roles: ROLES,
  request: z.object({ ...CardId, ...CardFields }),
  /** Always 待复核. */
  response: ReviewTicket,
});

/** Shows or hides a card on the bank-transfer form (the last enabled one stays while bank is on). */
export const consoleSetReceivingCardEnabled = defineConsoleCall({
  name: 'consoleSetReceivingCardEnabled',
  method: 'POST',
  path: '/payments/cards/enabled',
  roles: ROLES,
  request: z.object({ ...CardId, enabled: z.boolean() }),
  response: ReceivingCard,
});

/* Rates and fees ------------------------------------------------------------------------------------ */

/** CNY per USDT: 4 decimals at most, within these bounds. */
export const RATE_MIN = 1;
export const RATE_MAX = 50;
/** A USDT withdrawal fee, in USDT (2 decimals), at most this. */
export const FEE_MAX = 100;
export const MSG_RATE = `汇率须在${RATE_MIN}到${RATE_MAX}之间，最多4位小数`;
export const MSG_FEE = `手续费须在0到${FEE_MAX} USDT之间，最多2位小数`;
/** A withdrawal rate below the deposit rate would pay out more USDT than came in. */
export const MSG_RATE_ORDER = '提款汇率不能低于充值汇率（否则充值后立即提款即可套利）';

export const PaymentRates = z.object({
  /** CNY per USDT for deposits ("7.2000"). */
  usdtrate: z.string(),
  /** CNY per USDT for withdrawals. */
  withdrawusdtrate: z.string(),
  /** USDT withdrawal fees per protocol, in USDT ("5.00"). */
  fee_erc20: z.string(),
  fee_trc20: z.string(),
  updated_at: z.string(),
});
export type PaymentRates = z.output<typeof PaymentRates>;

export const consolePaymentRates = defineConsoleCall({
  name: 'consolePaymentRates',
  method: 'GET',
  path: '/payments/rates',
  roles: ROLES,
  request: z.object({}),
  response: PaymentRates,
});

/** "7.2" → 72000 (ten-thousandths), or null outside the bounds. */
export function rateUnits(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  const units = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return units >= RATE_MIN * 10_000 && units <= RATE_MAX * 10_000 ? units : null;
}

/** "5" → 500 (USDT cents), or null outside the bounds. */
export function feeCents(text: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= FEE_MAX * 100 ? cents : null;
}

const unitsText = (units: number) =>
  `${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`;
const RateText = z.string({ error: MSG_RATE }).check(z.maxLength(16, MSG_RATE));
const FeeText = z.string({ error: MSG_FEE }).check(z.maxLength(16, MSG_FEE));
const RatesInput = z.object({
  usdtrate: RateText,
  withdrawusdtrate: RateText,
  fee_erc20: FeeText,
  fee_trc20: FeeText,
});

/**
 * Sets both rates and both fees at once (the withdrawal rate never below the deposit rate). Orders
 * already placed keep theirs.
 */
export const consoleSetPaymentRates = defineConsoleCall({
  name: 'consoleSetPaymentRates',
  method: 'POST',
  path: '/payments/rates',
  roles: ROLES,
  request: z.pipe(
    RatesInput,
    z.transform((o: z.output<typeof RatesInput>, ctx) => {
      const deposit = rateUnits(o.usdtrate);
      const withdraw = rateUnits(o.withdrawusdtrate);
      if (deposit === null || withdraw === null) return reject(ctx, MSG_RATE);
      const erc20 = feeCents(o.fee_erc20);
      const trc20 = feeCents(o.fee_trc20);
      if (erc20 === null || trc20 === null) return reject(ctx, MSG_FEE);
      if (withdraw < deposit) return reject(ctx, MSG_RATE_ORDER);
      return {
        usdtrate: unitsText(deposit),
        withdrawusdtrate: unitsText(withdraw),
        feeErc20Cents: erc20,
        feeTrc20Cents: trc20,
      };
    }),
  ),
  response: PaymentRates,
});

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_PAYMENTS_CALLS: readonly ConsoleCallDef[] = [
  consolePayMethods,
  consoleSetPayMethod,
  consoleReceivingCards,
  consoleCreateReceivingCard,
  consoleUpdateReceivingCard,
  consoleSetReceivingCardEnabled,
  consolePaymentRates,
  consoleSetPaymentRates,
];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const PAYMENTS_AUDIT_ACTIONS: Record<string, string> = {
  'payMethod.update': '修改支付方式',
  'payMethod.enable': '开启支付方式',
  'payMethod.disable': '关闭支付方式',
  'receivingCard.create': '新增收款银行卡',
  'receivingCard.update': '修改收款银行卡',
  'receivingCard.enable': '启用收款银行卡',
  'receivingCard.disable': '停用收款银行卡',
  'paymentRates.update': '修改汇率与手续费',
};

/** The audit log's Chinese label of each target type this area writes. */
export const PAYMENTS_AUDIT_TARGETS: Record<string, string> = {
  payMethod: '支付方式',
  receivingCard: '收款银行卡',
  paymentRates: '汇率与手续费',
};
