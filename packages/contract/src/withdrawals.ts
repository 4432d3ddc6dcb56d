import * as z from 'zod/mini';
import { AnyData, defineCall, NoInput } from './define';
import {
  AmountInput,
  IdField,
  IntOrZero,
  MoneyOrZero,
  MSG_AMOUNT_INVALID,
  OptionalObject,
  RequiredText,
  Text,
} from './codecs';
import { MOBILE_PATTERN, PAY_PASSWORD_LENGTH, PasswordChange } from './member';

/* Withdrawals (server: modules/withdrawals): turnover, the withdrawal itself in its two forms, and
 * what it needs first: a bound mobile and the payment password. The cards it pays out to are
 * cashier.ts's. */

/** The turnover still owed (yuan, e.g. '1420.00') blocks a withdrawal: the server's and the form's words. */
export const turnoverShortMessage = (yuan: string) => `打码量不足，还需${yuan}元有效投注`;

/* Limits of spec §9 ------------------------------------------------------------------------------- */

export const WITHDRAW_MIN_CENTS = 10_000;

/* Messages of spec §5 ----------------------------------------------------------------------------- */

export const MSG_WITHDRAW_MIN = '单笔取款不能低于100元';
export const MSG_WITHDRAW_BANK = '请选择您要提现到的银行卡';
export const MSG_WITHDRAW_USDT = '请选择USDT地址';
export const MSG_WITHDRAW_PASSWORD = '请输入您的支付密码';
/** The payment password allows 5 wrong tries per 15 minutes; then every try gets this until the window ends. */
export const msgPayPasswordLocked = (minutes: number) => `支付密码错误次数过多，请${minutes}分钟后再试`;
/**
 * A payment password an operator reset is a one-time password: withdrawals and card binding answer
 * 403 with this until the member changes it (editPayPassword, old = the one-time password).
 */
export const MSG_MUST_CHANGE_PAY_PASSWORD = '您的支付密码已由客服重置，请先修改支付密码';
export const MSG_ALIPAY_ACCOUNT = '请输入支付宝账号';
export const MSG_ALIPAY_NAME = '请输入真实姓名';
/** Checked by the server on the multipart file (the schema only sees the text fields). */
export const MSG_WECHAT_QRCODE = '请上传微信收款码';
/** The spec's 'choose correct withdrawal method'. */
export const MSG_WITHDRAW_METHOD = '请选择正确的取款方式';
export const MSG_LOGIN_FIRST = '请先登录';
export const MSG_WITHDRAW_SUBMITTED = '提交成功，等待后台审核';

export const MSG_BIND_MOBILE = '请输入正确的手机号';

/* Withdrawals ------------------------------------------------------------------------------------- */

/**
 * One open part of the requirement (our addition): where it came from, what it needs, what is done,
 * and how much of each game counts toward it, in words.
 */
const TurnoverItem = z.pipe(
  z.object({
    source: Text,
    required: MoneyOrZero,
    done: MoneyOrZero,
    weights: Text,
    created_at: z.optional(Text),
    /** Our addition: what the multiple multiplies and the multiple (required = base × multiple). */
    base: z.optional(MoneyOrZero),
    multiple: z.optional(IntOrZero),
  }),
  z.transform((o) => ({
    source: o.source,
    required: o.required,
    done: o.done,
    weights: o.weights,
    createdAt: o.created_at ?? '',
    /** 0 when the server sent none (another back end, or a row older than the breakdown). */
    base: o.base ?? 0,
    multiple: o.multiple ?? 0,
  })),
);
export type TurnoverItem = z.output<typeof TurnoverItem>;

/**
 * Turnover (打码量): required = rechargeAmount × withdrawFee; done = betAmount. Cents. `items`, our
 * addition, breaks the requirement down (oldest first, the order bets pay it); [] when a server sends none.
 */
export const withdrawTurnover = defineCall({
  name: 'getBetAmount',
  method: 'POST',
  path: '/api/getBetAmount',
  request: NoInput,
  response: z.pipe(
    z.object({
      bet_amount: MoneyOrZero,
      recharge_amount: MoneyOrZero,
      items: z.optional(z.nullable(z.array(TurnoverItem))),
    }),
    z.transform((o) => ({
      betAmount: o.bet_amount,
      rechargeAmount: o.recharge_amount,
      items: o.items ?? [],
    })),
  ),
});

/** The turnover multiplier; 1 when missing, empty or unreadable. */
export const withdrawFee = defineCall({
  name: 'getWithdrawFee',
  method: 'POST',
  path: '/api/getWithdrawFee',
  request: NoInput,
  response: z.pipe(
    OptionalObject(z.object({ withdraw_fee: z.nullish(z.union([z.number(), z.string()])) })),
    z.transform((o) => {
      const raw = o?.withdraw_fee;
      const n = raw === null || raw === undefined || raw === '' ? NaN : Number(raw);
      return Number.isFinite(n) && n >= 0 ? n : 1;
    }),
  ),
});

/** Spec §5 order: at least 100 first (so -5, 0 and '' say so too), then 'positive number'. */
const WithdrawAmount = z.pipe(
  z
    .union([z.string().check(z.maxLength(32, MSG_AMOUNT_INVALID)), z.number()], { error: MSG_WITHDRAW_MIN })
    .check(
      z.superRefine((v, ctx) => {
        const text = String(v).trim();
        const n = text === '' ? 0 : Number(text);
        if (Number.isFinite(n) && n * 100 < WITHDRAW_MIN_CENTS) {
          ctx.addIssue({ code: 'custom', message: MSG_WITHDRAW_MIN });
        }
      }),
    ),
  AmountInput,
);

const WithdrawPassword = z
  .string({ error: MSG_WITHDRAW_PASSWORD })
  .check(z.minLength(1, MSG_WITHDRAW_PASSWORD), z.maxLength(64, '支付密码错误'));

/**
 * /api/withdraw has two forms on ONE path, so two calls share (POST, /api/withdraw):
 * - `withdraw`: JSON, type 'bank' | 'usdt', `bank` = the card or address id (from /api/getcard).
 * - `withdrawByQrcode`: multipart, type 'alipay' (alipay_account, alipay_name) or 'wechat' (file
 *   WECHAT_QRCODE_FILE_FIELD; missing file ⇒ MSG_WECHAT_QRCODE, checked by the server).
 * The server registers one route and picks the schema by content type (multipart ⇒ withdrawByQrcode).
 * Field order = spec §5's message order: amount, account, password (then alipay fields).
 * Not logged in ⇒ MSG_LOGIN_FIRST; wrong type ⇒ MSG_WITHDRAW_METHOD.
 */
export const withdraw = defineCall({
  name: 'withdraw',
  method: 'POST',
  path: '/api/withdraw',
  money: true,
  request: z.discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('bank'),
        amount: WithdrawAmount,
        bank: IdField(MSG_WITHDRAW_BANK),
        password: WithdrawPassword,
      }),
      z.object({
        type: z.literal('usdt'),
        amount: WithdrawAmount,
        bank: IdField(MSG_WITHDRAW_USDT),
        password: WithdrawPassword,
      }),
    ],
    { error: MSG_WITHDRAW_METHOD },
  ),
  response: AnyData,
});

/** The multipart file field of a wechat withdrawal. */
export const WECHAT_QRCODE_FILE_FIELD = 'wechat_qrcode';

/** See `withdraw`: the multipart form of POST /api/withdraw (text fields only). */
export const withdrawByQrcode = defineCall({
  name: 'withdraw',
  method: 'POST',
  path: '/api/withdraw',
  money: true,
  multipart: true,
  request: z.discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('alipay'),
        amount: WithdrawAmount,
        password: WithdrawPassword,
        alipay_account: RequiredText(MSG_ALIPAY_ACCOUNT, 64),
        alipay_name: RequiredText(MSG_ALIPAY_NAME, 32),
      }),
      z.object({ type: z.literal('wechat'), amount: WithdrawAmount, password: WithdrawPassword }),
    ],
    { error: MSG_WITHDRAW_METHOD },
  ),
  response: AnyData,
});

/** Phone binding (needed before a withdrawal). On success the client resubmits the withdrawal. */
export const bindMobile = defineCall({
  name: 'auth/updateuserinfo',
  method: 'POST',
  path: '/api/auth/updateuserinfo',
  request: z.object({
    mobile: z
      .string({ error: MSG_BIND_MOBILE })
      .check(z.trim(), z.maxLength(11, MSG_BIND_MOBILE), z.regex(MOBILE_PATTERN, MSG_BIND_MOBILE)),
  }),
  response: AnyData,
});

/* The payment password ---------------------------------------------------------------------------- */

/** Payment password: `password` the old one, `paypassword` the new one (as editPassword). */
export const changePayPassword = defineCall({
  name: 'editPayPassword',
  method: 'POST',
  path: '/api/editPayPassword',
  request: PasswordChange(PAY_PASSWORD_LENGTH),
  response: AnyData,
});
