/* eslint-disable max-lines -- the cashier's calls of spec §7 stay in one contract file (424 lines). */
import * as z from 'zod/mini';
import { AnyData, defineCall, NoInput } from './define';
import { CARD_TYPES, PayRangeType, USDT_PROTOCOLS, type UsdtProtocol } from './enums';
import {
  AmountField,
  DateTime,
  Flag,
  formatCents,
  IdField,
  IdLike,
  IntChoice,
  ListOf,
  Money,
  MoneyOrZero,
  OptionalObject,
  reject,
  RequiredText,
  Text,
  TextLike,
} from './codecs';
import { VoucherField } from './deposit-method';
import { PAY_PASSWORD_LENGTH } from './member';

/* The cashier (server: modules/cashier): deposit methods and ranges, receiving cards, deposits and
 * their vouchers, and the member's own bank cards and USDT addresses (withdrawals pay out to them). */

/* Limits of spec §9 ------------------------------------------------------------------------------- */

/** Default deposit range (spec §5), used when /api/getPayRange sends nothing. */
export const DEFAULT_DEPOSIT_RANGE = { min: 10_000, max: 1_000_000 } as const;
/** A non-bank deposit must be paid within this many minutes of created_at. */
export const DEPOSIT_WINDOW_MINUTES = 60;
/** At most 5 bank cards and 5 USDT addresses per member. */
export const MAX_CARDS_PER_TYPE = 5;

/* Messages of spec §5 (the spec's typo 输人 is corrected to 输入: it reached the screen) ------------- */

export const MSG_DEPOSIT_AMOUNT = '请输入充值金额';
export const MSG_DEPOSIT_NAME = '请输入存款人姓名';
export const MSG_DEPOSIT_BANK = '请输入银行类型';
export const MSG_DEPOSIT_CARD = '请输入银行卡号';
export const MSG_DEPOSIT_BRANCH = '请输入银行开户行地址';

export const MSG_CARD_HOLDER = '请输入姓名';
export const MSG_CARD_BANK = '请输入银行';
export const MSG_CARD_BRANCH = '请输入开户行地址';
export const MSG_CARD_NO = '请输入银行卡号';
export const MSG_PAY_PASS = '请输入支付密码';
export const MSG_CARD_NO_LENGTH = '请输入正确的卡号长度';
export const MSG_PAY_PASS_LENGTH = '请输入支付密码长度';
export const MSG_CARD_NO_DIGITS = '银行卡号只能包含数字';
export const MSG_USDT_ADDRESS = '请输入USDT地址';
export const MSG_USDT_PROTOCOL = '请选择钱包协议';
export const MSG_USDT_ADDRESS_FORMAT = '请输入正确的USDT地址';

/** The spec's 'please enter amount between {min}-{max}!', in yuan: 请输入100-10000之间的金额！ */
export function depositRangeMessage(minCents: number, maxCents: number): string {
  const yuan = (c: number) => formatCents(c).replace(/\.00$/, '');
  return `请输入${yuan(minCents)}-${yuan(maxCents)}之间的金额！`;
}

/** 'TRC20', 'trc20', 'usdt-trc20' → 'TRC20'; anything else → null. */
export function readUsdtProtocol(value: string): UsdtProtocol | null {
  const p = value
    .trim()
    .toUpperCase()
    .replace(/^USDT[-_]?/, '');
  return USDT_PROTOCOLS.find((x) => x === p) ?? null;
}

/** Address formats: TRC20 is base58 `T` + 33 characters, ERC20 is `0x` + 40 hex digits. */
export const USDT_ADDRESS_PATTERNS: Record<UsdtProtocol, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

/* Deposits ---------------------------------------------------------------------------------------- */

/** Our server's addition to get_pay_way: which USDT protocols are on (a back end without them: both). */
const USDT_PROTOCOL_FLAGS = { usdt_trc20: z.optional(Flag), usdt_erc20: z.optional(Flag) };

/** Which deposit methods the recharge screen shows (manual deposit is always shown). */
export const payWays = defineCall({
  name: 'get_pay_way',
  method: 'GET',
  path: '/api/get_pay_way',
  request: NoInput,
  response: z.pipe(
    OptionalObject(z.object({ card: Flag, usdt: Flag, wechat: Flag, alipay: Flag, ...USDT_PROTOCOL_FLAGS })),
    z.transform((o) => ({
      /** Bank transfer (the API's `card`). */
      bank: o?.card ?? false,
      usdt: o?.usdt ?? false,
      wechat: o?.wechat ?? false,
      alipay: o?.alipay ?? false,
      usdtProtocols: USDT_PROTOCOLS.filter(
        (p) => o?.usdt && ((p === 'TRC20' ? o.usdt_trc20 : o.usdt_erc20) ?? true),
      ),
    })),
  ),
});

/** Deposit range of a method (USDT per protocol), in cents; defaults 100–10000 yuan when not sent. */
export const payRange = defineCall({
  name: 'getPayRange',
  method: 'POST',
  path: '/api/getPayRange',
  request: z.object({ type: z.enum(PayRangeType.options, { error: '支付方式无效' }) }),
  response: z.pipe(
    OptionalObject(z.object({ min_price: MoneyOrZero, max_price: MoneyOrZero })),
    z.transform((o) => ({
      min: o?.min_price || DEFAULT_DEPOSIT_RANGE.min,
      max: o?.max_price || DEFAULT_DEPOSIT_RANGE.max,
    })),
  ),
});

/** A platform receiving card shown on the bank-transfer form. */
export const ReceivingCard = z.pipe(
  z.object({
    id: z.nullish(IdLike),
    bank_no: TextLike,
    bank_owner: Text,
    bank_address: Text,
    bank_data: OptionalObject(z.looseObject({ bank_name: Text })),
  }),
  z.transform((o) => ({
    id: o.id ?? null,
    cardNo: o.bank_no,
    holder: o.bank_owner,
    branch: o.bank_address,
    bankName: o.bank_data?.bank_name ?? '',
  })),
);
export type ReceivingCard = z.output<typeof ReceivingCard>;

export const receivingCards = defineCall({
  name: 'getpaybank',
  method: 'POST',
  path: '/api/getpaybank',
  request: NoInput,
  response: ListOf(ReceivingCard),
});

/**
 * /api/recharge, one schema per `paytype` (wire names kept). Field order = spec §5's message order:
 * the amount (range checked by the server against /api/getPayRange: depositRangeMessage), then the
 * bank-transfer fields. A bank deposit waits for review; the others go to /payInfo?deposit_no=…
 */
export const DepositRequest = z.discriminatedUnion(
  'paytype',
  [
    z.object({
      paytype: z.literal('bank'),
      amount: AmountField(MSG_DEPOSIT_AMOUNT),
      bank_owner: RequiredText(MSG_DEPOSIT_NAME, 32),
      bank: RequiredText(MSG_DEPOSIT_BANK, 64),
      // The payer's card number: digits (spaces as typed are allowed), else the bind form's message.
      bank_no: RequiredText(MSG_DEPOSIT_CARD, 32).check(z.regex(/^[\d\s]*$/, MSG_CARD_NO_DIGITS)),
      bank_address: RequiredText(MSG_DEPOSIT_BRANCH, 128),
      /** The voucher's address from /api/upload_voucher (optional; the operator sees it). */
      voucher: VoucherField,
    }),
    z.object({
      paytype: z.literal('usdt'),
      amount: AmountField(MSG_DEPOSIT_AMOUNT),
      /** The USDT protocol; TRC20 when not sent. */
      catepay: z.pipe(
        z.optional(z.string({ error: MSG_USDT_PROTOCOL }).check(z.maxLength(16, MSG_USDT_PROTOCOL))),
        z.transform((v, ctx) => {
          if (v === undefined || v.trim() === '') return 'TRC20' as const;
          return readUsdtProtocol(v) ?? reject(ctx, MSG_USDT_PROTOCOL);
        }),
      ),
    }),
    z.object({ paytype: z.literal('wxpay'), amount: AmountField(MSG_DEPOSIT_AMOUNT) }),
    z.object({ paytype: z.literal('alipay'), amount: AmountField(MSG_DEPOSIT_AMOUNT) }),
  ],
  { error: '请选择充值方式' },
);

/**
 * The deposit number of a non-bank deposit is in the envelope's `message` (as the API family sends
 * it) and, from our server, also in `data.deposit_no`: the client uses `depositNo ?? message`.
 */
export const deposit = defineCall({
  name: 'recharge',
  method: 'POST',
  path: '/api/recharge',
  money: true,
  request: DepositRequest,
  response: z.pipe(
    OptionalObject(z.looseObject({ deposit_no: TextLike })),
    z.transform((o) => ({ depositNo: o?.deposit_no || null })),
  ),
});

/** /payInfo: a deposit and where to pay it. The envelope's `message` is the type (e.g. usdtpay). */
export const DepositInfo = z.pipe(
  z.object({
    deposit_no: TextLike,
    /** usdt_amount (ours): the USDT to send, amount / rate floored to 2 decimals; 0 when not sent. */
    info: z.object({ amount: Money, created_at: DateTime, paytype: Text, usdt_amount: MoneyOrZero }),
    /** Where to pay, as when placed: mch_id (address or account), content (protocol), payimg (QR). */
    cardlist: OptionalObject(z.looseObject({ mch_id: TextLike, content: Text, payimg: Text })),
  }),
  z.transform((o) => ({
    depositNo: o.deposit_no,
    amount: o.info.amount,
    createdAt: o.info.created_at,
    /** created_at + DEPOSIT_WINDOW_MINUTES: the end of the payment window. */
    expiresAt: o.info.created_at + DEPOSIT_WINDOW_MINUTES * 60_000,
    payType: o.info.paytype,
    /** USDT cents to send (0: not a USDT deposit, or not sent). */
    usdtAmount: o.info.usdt_amount,
    receiving: o.cardlist
      ? { account: o.cardlist.mch_id, protocol: o.cardlist.content, qrImage: o.cardlist.payimg }
      : null,
  })),
);
export type DepositInfo = z.output<typeof DepositInfo>;

export const depositInfo = defineCall({
  name: 'payinfo',
  method: 'POST',
  path: '/api/payinfo',
  request: z.object({
    deposit_no: z
      .string({ error: '订单号无效' })
      .check(
        z.trim(),
        z.minLength(1, '订单号无效'),
        z.maxLength(64, '订单号无效'),
        z.regex(/^[A-Za-z0-9_-]+$/, '订单号无效'),
      ),
  }),
  response: DepositInfo,
});

/* Deposits in review (issue 13) ------------------------------------------------------------------- */

/** Deposits in review (state 1) a member may have at once. */
export const MAX_PENDING_DEPOSITS = 5;
export const MSG_TOO_MANY_PENDING_DEPOSITS = `您有${MAX_PENDING_DEPOSITS}笔存款正在审核，请等待审核后再提交`;

/** The multipart file field of /api/upload_voucher. */
export const VOUCHER_FILE_FIELD = 'voucher_img';

export const uploadVoucher = defineCall({
  name: 'upload_voucher',
  method: 'POST',
  path: '/api/upload_voucher',
  multipart: true,
  /** Non-file fields: none. The file is VOUCHER_FILE_FIELD ('voucher_img'). */
  request: NoInput,
  response: z.pipe(
    z.object({ path: z.string(), real_path: Text }),
    z.transform((o) => ({ path: o.path, url: o.real_path || o.path })),
  ),
});

/* Cards ------------------------------------------------------------------------------------------- */

/** A bound card: type 1 bank card, type 2 USDT address (bank 'USDT', bank_owner the protocol). */
export const Card = z.pipe(
  z.object({
    id: IdLike,
    bank: Text,
    bank_owner: Text,
    bank_no: TextLike,
    ico: Text,
    bankIco: Text,
  }),
  z.transform((o) => ({
    id: o.id,
    bank: o.bank,
    /** Holder name; for a USDT address, the protocol. */
    holder: o.bank_owner,
    /** Full number or address; the screens show the last 4 only. */
    cardNo: o.bank_no,
    icon: o.ico,
    bankIcon: o.bankIco,
    protocol: o.bank.toUpperCase() === 'USDT' ? readUsdtProtocol(o.bank_owner) : null,
  })),
);
export type Card = z.output<typeof Card>;

export const cards = defineCall({
  name: 'getcard',
  method: 'POST',
  path: '/api/getcard',
  request: z.object({ type: IntChoice(Object.values(CARD_TYPES), '卡片类型无效') }),
  response: ListOf(Card),
});

const cardField = (max: number, tooLong: string) =>
  z.optional(z.string({ error: tooLong }).check(z.maxLength(max, tooLong)));

/**
 * /api/bindcard binds a bank card, or a USDT address when bank is 'USDT' (then bank_owner is the
 * protocol and bank_no the address). Issues come in spec §5's order: first every missing field in
 * the form's order, then lengths and formats. Output: wire names, normalised, plus `type` (1 | 2).
 */
export const BindCardRequest = z.pipe(
  z
    .object({
      bank: cardField(64, '银行名称过长'),
      bank_owner: cardField(64, '姓名过长'),
      bank_no: cardField(128, MSG_CARD_NO_LENGTH),
      bank_address: cardField(128, '开户行地址过长'),
      pay_pass: cardField(64, MSG_PAY_PASS_LENGTH),
    })
    .check(
      z.superRefine((o, ctx) => {
        const bank = (o.bank ?? '').trim();
        const owner = (o.bank_owner ?? '').trim();
        const no = (o.bank_no ?? '').trim();
        const branch = (o.bank_address ?? '').trim();
        const pass = o.pay_pass ?? '';
        const passOk = pass.length >= PAY_PASSWORD_LENGTH.min && pass.length <= PAY_PASSWORD_LENGTH.max;
        type Rule = [failed: boolean, message: string, field: string];
        let rules: Rule[];
        if (bank.toUpperCase() === 'USDT') {
          const protocol = readUsdtProtocol(owner);
          rules = [
            [no === '', MSG_USDT_ADDRESS, 'bank_no'],
            [protocol === null, MSG_USDT_PROTOCOL, 'bank_owner'],
            [pass === '', MSG_PAY_PASS, 'pay_pass'],
            [
              no !== '' && protocol !== null && !USDT_ADDRESS_PATTERNS[protocol].test(no),
              MSG_USDT_ADDRESS_FORMAT,
              'bank_no',
            ],
            [pass !== '' && !passOk, MSG_PAY_PASS_LENGTH, 'pay_pass'],
          ];
        } else {
          const digits = no.replace(/\s+/g, '');
          rules = [
            [owner === '', MSG_CARD_HOLDER, 'bank_owner'],
            [bank === '', MSG_CARD_BANK, 'bank'],
            [branch === '', MSG_CARD_BRANCH, 'bank_address'],
            [no === '', MSG_CARD_NO, 'bank_no'],
            [pass === '', MSG_PAY_PASS, 'pay_pass'],
            [no !== '' && (digits.length < 8 || digits.length > 32), MSG_CARD_NO_LENGTH, 'bank_no'],
            [no !== '' && !/^\d*$/.test(digits), MSG_CARD_NO_DIGITS, 'bank_no'],
            [pass !== '' && !passOk, MSG_PAY_PASS_LENGTH, 'pay_pass'],
          ];
        }
        for (const [failed, message, field] of rules) {
          if (failed) ctx.addIssue({ code: 'custom', message, path: [field] });
        }
      }),
    ),
  z.transform((o) => {
    const pay_pass = o.pay_pass ?? '';
    const bank = (o.bank ?? '').trim();
    if (bank.toUpperCase() === 'USDT') {
      return {
        type: CARD_TYPES.usdt,
        bank: 'USDT' as const,
        bank_owner: readUsdtProtocol(o.bank_owner ?? '') ?? ('TRC20' as const),
        bank_no: (o.bank_no ?? '').trim(),
        bank_address: '',
        pay_pass,
      };
    }
    return {
      type: CARD_TYPES.bank,
      bank,
      bank_owner: (o.bank_owner ?? '').trim(),
      bank_no: (o.bank_no ?? '').replace(/\s+/g, ''),
      bank_address: (o.bank_address ?? '').trim(),
      pay_pass,
    };
  }),
);

export const bindCard = defineCall({
  name: 'bindcard',
  method: 'POST',
  path: '/api/bindcard',
  idempotent: true,
  request: BindCardRequest,
  response: AnyData,
});

/**
 * /api/delcard: unbinding needs the payment password, as binding does. The spec's call sends only
 * `id`; `pay_pass` (bindcard's name) is ours, optional on the wire so that its absence gets the
 * Chinese message, in bindcard's order (missing, then length); the server checks it.
 */
export const deleteCard = defineCall({
  name: 'delcard',
  method: 'POST',
  path: '/api/delcard',
  request: z
    .object({ id: IdField('请选择要解绑的卡片'), pay_pass: cardField(64, MSG_PAY_PASS_LENGTH) })
    .check(
      z.superRefine((o, ctx) => {
        const pass = o.pay_pass ?? '';
        if (pass === '') ctx.addIssue({ code: 'custom', message: MSG_PAY_PASS, path: ['pay_pass'] });
        else if (pass.length < PAY_PASSWORD_LENGTH.min || pass.length > PAY_PASSWORD_LENGTH.max) {
          ctx.addIssue({ code: 'custom', message: MSG_PAY_PASS_LENGTH, path: ['pay_pass'] });
        }
      }),
    ),
  response: AnyData,
});

/** A bank of the picker on /addBankCard. */
export const Bank = z.pipe(
  z.object({ id: z.nullish(IdLike), bank_name: z.string(), ico: Text }),
  z.transform((o) => ({ id: o.id ?? null, name: o.bank_name, icon: o.ico })),
);
export type Bank = z.output<typeof Bank>;

export const banks = defineCall({
  name: 'banklist',
  method: 'POST',
  path: '/api/banklist',
  request: NoInput,
  response: ListOf(Bank),
});
