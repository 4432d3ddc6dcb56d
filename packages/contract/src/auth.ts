import * as z from 'zod/mini';
import { AnyData, defineCall, NoInput } from './define';
import { DecimalLike, IdLike, IntOrZero, Money, MoneyOrZero, pickUserId, Text, VipLevel } from './codecs';

/* Limits of spec §9 and the messages of spec §5, shared by the client's rules and the server. */
export const USERNAME_PATTERN = /^[A-Za-z0-9]{6,16}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const MSG_USERNAME = '用户名长度6~16位，以字母或数字组合！';
export const MSG_PASSWORD = '请输入正确的密码长度，最少6位！';
export const MSG_CONFIRM = '两次密码不一致！';
export const MSG_LOGIN_MISSING = '请输入您的账号和密码！';
/** Wrong name or wrong password: one message for both, so names cannot be probed. */
export const MSG_BAD_LOGIN = '账号或密码错误';
/** Too many failed sign-ins for this name from this address; the window ends in `minutes`. */
export const msgLoginLocked = (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`;
/** Too many failed sign-ins for this name from all addresses together (the member's usual address still gets in). */
export const msgAccountLoginLocked = (minutes: number) => `该账号登录失败次数过多，请${minutes}分钟后再试`;

/**
 * A login password an operator reset is a one-time password: signing in with it gives a session
 * that may only read the member's own info (/api/user), change the login password (editPassword,
 * old = the one-time password) and sign out; every other member call answers 403 with this message,
 * and the chat socket and games refuse it (member.ts PASSWORD_CHANGE_CALLS). `must_change_password` in
 * the login and user replies says so.
 */
export const MSG_MUST_CHANGE_PASSWORD = '您的登录密码已由客服重置，请先修改登录密码';
/** The wire flag of the login and user replies (additive: other back ends may leave it out). */
export const MustChangeFlag = z.optional(z.boolean());

export const logoff = defineCall({
  name: 'logoff',
  method: 'POST',
  path: '/api/logoff',
  request: NoInput,
  response: AnyData,
});

/** One of the three user-id fields; PHP back ends send the unused ones as ''. */
const UserIdField = z.pipe(
  z.nullish(z.union([z.literal(''), IdLike])),
  z.transform((v) => (v === '' ? null : v)),
);

/** userInfo of spec §3, as the API family sends it, normalised to the product's words. */
export const UserInfo = z.pipe(
  z
    .object({
      id: UserIdField,
      user_id: UserIdField,
      uid: UserIdField,
      username: z.string(),
      realname: Text,
      avatar: Text,
      balance: MoneyOrZero,
      gameblance: MoneyOrZero,
      vip: VipLevel,
      current_vip: VipLevel,
      paysum: MoneyOrZero,
      joinday: IntOrZero,
      isagent: IntOrZero,
      mobile: Text,
      email: Text,
      birthday: Text,
      usdtrate: DecimalLike,
      transferstatus: IntOrZero,
      withdrawcashfee: MoneyOrZero,
      withdrawfeeusdttrc: MoneyOrZero,
      withdrawusdtrate: DecimalLike,
      is_trial: z.optional(IntOrZero),
      must_change_password: MustChangeFlag,
      must_change_pay_password: MustChangeFlag,
    })
    .check(z.refine((o) => pickUserId(o) !== null, { message: '缺少用户ID' })),
  z.transform((o) => ({
    id: pickUserId(o) ?? 0,
    username: o.username,
    realname: o.realname,
    avatar: o.avatar,
    /** Central wallet, cents. */
    balance: o.balance,
    /** Sum of venue wallets, cents. */
    gameBalance: o.gameblance,
    vipLevel: o.current_vip || o.vip,
    paySum: o.paysum,
    joinDays: o.joinday,
    isAgent: o.isagent === 1,
    mobile: o.mobile,
    email: o.email,
    birthday: o.birthday,
    usdtRate: o.usdtrate,
    autoTransfer: o.transferstatus === 1,
    /** USDT withdrawal fees (in USDT cents) by protocol. */
    withdrawFeeErc20: o.withdrawcashfee,
    withdrawFeeTrc20: o.withdrawfeeusdttrc,
    withdrawUsdtRate: o.withdrawusdtrate,
    isTrial: o.is_trial === 1,
    /** Signed in with a one-time login password: only the forced 修改登录密码 screen is open. */
    mustChangePassword: o.must_change_password === true,
    /** The payment password is a one-time one: withdrawing and binding cards wait for its change. */
    mustChangePayPassword: o.must_change_pay_password === true,
  })),
);
export type UserInfo = z.output<typeof UserInfo>;
export type UserInfoWire = z.input<typeof UserInfo>;

export const user = defineCall({
  name: 'user',
  method: 'POST',
  path: '/api/user',
  request: NoInput,
  response: UserInfo,
});

/** The central balance (the header's 余额), served by modules/auth beside the member's own data. */
export const balance = defineCall({
  name: 'balance',
  method: 'POST',
  path: '/api/balance',
  request: NoInput,
  response: z.pipe(
    z.object({ balance: Money }),
    z.transform((o) => o.balance),
  ),
});

export const refreshUserMoney = defineCall({
  name: 'refreshusermoney',
  method: 'POST',
  path: '/api/refreshusermoney',
  request: NoInput,
  response: UserInfo,
});

/** The seeded trial (试玩) account the login screen's trial button signs in with (spec §2). */
export const TRIAL_ACCOUNT = { name: 'guest888', password: 'guest888' } as const;
