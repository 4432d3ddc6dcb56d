import * as z from 'zod/mini';
import { isCalendarDay } from './calendar-day';
import { logoff, user } from './auth';
import { AnyData, defineCall, NoInput } from './define';
import { DATE_FILTERS, DEFAULT_DATE_FILTER, type DateFilter } from './enums';
import {
  IntChoice,
  MoneyOrZero,
  OptionalDateTime,
  OptionalObject,
  PageInput,
  PageOf,
  Text,
  TextLike,
} from './codecs';

/* Limits of spec §9 and the messages of spec §5 (profile, password change). */
/** Mainland mobile number. Profile and agent application say '请输入正确手机号', phone binding
 * (withdrawals.ts `bindMobile`) says '请输入正确的手机号'. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const BIRTHDAY_MIN = '1980-01-01';
export const MSG_MOBILE = '请输入正确手机号';
export const MSG_EMAIL = '请输入正确邮箱号';
export const MSG_BIRTHDAY = '请输入正确的日期格式：YYYY-MM-DD';
export const MSG_BIRTHDAY_MIN = '出生日期不能早于1980-01-01';

export const MSG_OLD_PASSWORD = '请输入旧密码';
export const MSG_NEW_PASSWORD = '请输入新密码';
/** The confirmation is checked by the client only (it is not sent). */
export const MSG_CONFIRM_PASSWORD = '请输入确认密码';
export const MSG_OLD_PASSWORD_LENGTH = '请输入正确的旧密码长度';
export const MSG_NEW_PASSWORD_LENGTH = '请输入正确的新密码长度';
export const MSG_PASSWORD_MISMATCH = '两次密码不一致！';
export const MSG_PASSWORD_UNCHANGED = '新旧密码不能一致！';
export const MSG_PASSWORD_CHANGED = '密码修改成功！';

/** Login password 6–16 (spec §9); payment password 6–18. */
export const LOGIN_PASSWORD_LENGTH = { min: 6, max: 16 } as const;
export const PAY_PASSWORD_LENGTH = { min: 6, max: 18 } as const;

/** The multipart file field of /api/uploadimg (type and size limits: uploads.ts). */
export const AVATAR_FILE_FIELD = 'file';

export const uploadAvatar = defineCall({
  name: 'uploadimg',
  method: 'POST',
  path: '/api/uploadimg',
  multipart: true,
  /** Non-file fields: none. The file is AVATAR_FILE_FIELD ('file'). The client reloads the user after. */
  request: NoInput,
  /** Our server answers `{avatar}`; others send `{url}`, `{path}`, a bare string or nothing. */
  response: z.pipe(
    z.union([
      z.string(),
      z.pipe(
        OptionalObject(z.looseObject({ avatar: Text, url: Text, path: Text })),
        z.transform((o) => (o ? o.avatar || o.url || o.path : '')),
      ),
    ]),
    z.transform((avatar) => ({ avatar: avatar || null })),
  ),
});

/** '' or missing leaves the field as it is. */
const optionalProfileField = (max: number, pattern: RegExp, message: string) =>
  z.pipe(
    z
      .optional(z.string({ error: message }).check(z.trim(), z.maxLength(max, message)))
      .check(z.refine((v) => v === undefined || v === '' || pattern.test(v), { message })),
    z.transform((v) => (v ? v : null)),
  );

/**
 * A real name: 2–20 Chinese characters (a middle dot between parts, e.g. 阿不都·热合曼), or a name in
 * Latin letters (spaces, dots). It is set once by the member (here, or by their first bank card's
 * holder); a change after that goes through customer service.
 */
export const REAL_NAME_PATTERN = /^(?:[\u4e00-\u9fa5]+(?:·[\u4e00-\u9fa5]+)*|[A-Za-z]+(?:[ .·][A-Za-z]+)*)$/;
export const REAL_NAME_MAX = 20;
export const MSG_REAL_NAME = '请输入正确的真实姓名';
export const MSG_REAL_NAME_SET = '真实姓名已填写，如需修改请联系客服';

/** Whether `name` (trimmed) can be a member's real name. */
export function isRealName(name: string): boolean {
  const v = name.trim();
  return v.length >= 2 && v.length <= REAL_NAME_MAX && REAL_NAME_PATTERN.test(v);
}

export const updateProfile = defineCall({
  name: 'updateuserinfo',
  method: 'POST',
  path: '/api/updateuserinfo',
  // Field order = the order of spec §5's messages: mobile, email, birthday; the real name (set once,
  // above them on the screen) comes first.
  request: z.object({
    realname: z.pipe(
      z
        .optional(
          z.string({ error: MSG_REAL_NAME }).check(z.trim(), z.maxLength(REAL_NAME_MAX, MSG_REAL_NAME)),
        )
        .check(z.refine((v) => v === undefined || v === '' || isRealName(v), { message: MSG_REAL_NAME })),
      z.transform((v) => (v ? v : null)),
    ),
    mobile: optionalProfileField(11, MOBILE_PATTERN, MSG_MOBILE),
    email: optionalProfileField(64, EMAIL_PATTERN, MSG_EMAIL),
    birthday: z.pipe(
      z.optional(z.string({ error: MSG_BIRTHDAY }).check(z.trim(), z.maxLength(10, MSG_BIRTHDAY))).check(
        z.refine((v) => v === undefined || v === '' || isCalendarDay(v), { message: MSG_BIRTHDAY }),
        z.refine((v) => v === undefined || v === '' || !isCalendarDay(v) || v >= BIRTHDAY_MIN, {
          message: MSG_BIRTHDAY_MIN,
        }),
      ),
      z.transform((v) => (v ? v : null)),
    ),
  }),
  response: AnyData,
});

/**
 * /api/editPassword and /api/editPayPassword: `password` is the old one, `paypassword` the new one
 * (spec §7). Messages in spec §5's order: missing old, missing new, old length, new length, unchanged.
 */
export function PasswordChange(length: { min: number; max: number }) {
  const ok = (p: string) => p.length >= length.min && p.length <= length.max;
  return z
    .object({
      password: z.string({ error: MSG_OLD_PASSWORD }).check(z.maxLength(64, MSG_OLD_PASSWORD_LENGTH)),
      paypassword: z.string({ error: MSG_NEW_PASSWORD }).check(z.maxLength(64, MSG_NEW_PASSWORD_LENGTH)),
    })
    .check(
      z.superRefine((o, ctx) => {
        const rules: [boolean, string, 'password' | 'paypassword'][] = [
          [o.password === '', MSG_OLD_PASSWORD, 'password'],
          [o.paypassword === '', MSG_NEW_PASSWORD, 'paypassword'],
          [o.password !== '' && !ok(o.password), MSG_OLD_PASSWORD_LENGTH, 'password'],
          [o.paypassword !== '' && !ok(o.paypassword), MSG_NEW_PASSWORD_LENGTH, 'paypassword'],
          [o.password !== '' && o.password === o.paypassword, MSG_PASSWORD_UNCHANGED, 'paypassword'],
        ];
        for (const [failed, message, field] of rules) {
          if (failed) ctx.addIssue({ code: 'custom', message, path: [field] });
        }
      }),
    );
}

/** Login password. After success the client logs out and goes to /login (spec §4). */
export const changePassword = defineCall({
  name: 'editPassword',
  method: 'POST',
  path: '/api/editPassword',
  request: PasswordChange(LOGIN_PASSWORD_LENGTH),
  response: AnyData,
});

/**
 * The member calls a session signed in with a one-time login password may make (auth.ts
 * MSG_MUST_CHANGE_PASSWORD): read oneself, change the password, sign out.
 */
export const PASSWORD_CHANGE_CALLS: ReadonlySet<string> = new Set([
  user.path,
  changePassword.path,
  logoff.path,
]);

/** Bet states as the API family sends them (spec §4): a settled bet won when it paid anything. */
export const BET_STATUSES = { unsettled: 'unsettled', settled: 'settled', invalid: 'invalid' } as const;

/** `api_type` of the lottery's own bets (the other values are venue codes, as the venue list has them). */
export const BET_VENUE_LOTTERY = 'lottery';

/** Rows per page of /api/betrecord. */
export const BET_RECORD_PAGE_SIZE = 15;

/**
 * A bet record: one lottery period of the member's (all their lines on it, valid bet counted once
 * for the period, as turnover counts it) or one round of a venue's game.
 */
export const BetRecord = z.pipe(
  z.object({
    order_no: TextLike,
    /** BET_VENUE_LOTTERY or the venue's code. */
    api_type: Text,
    /** The venue's name ('彩票' for the lottery). */
    platname: Text,
    gamename: Text,
    /** The lottery period ('' for venue games). */
    expect: z.optional(TextLike),
    /** What was bet: the lottery lines ('大 10.00, 单 5.00'), '' for venue games. */
    content: z.optional(Text),
    bet_amount: MoneyOrZero,
    valid_amount: MoneyOrZero,
    win_amount: MoneyOrZero,
    status: Text,
    created_at: OptionalDateTime,
  }),
  z.transform((o) => ({
    orderNo: o.order_no,
    venue: o.api_type,
    platform: o.platname,
    gameName: o.gamename,
    expect: o.expect ?? '',
    content: o.content ?? '',
    betAmount: o.bet_amount,
    validAmount: o.valid_amount,
    winAmount: o.win_amount,
    /** BET_STATUSES (spec §4); anything else is shown as unknown. */
    status: o.status,
    createdAt: o.created_at,
  })),
);
export type BetRecord = z.output<typeof BetRecord>;

/** Totals of every bet the filters select (not only the page's). Optional: others may not send them. */
export const BetTotals = z.pipe(
  OptionalObject(z.object({ bet_amount: MoneyOrZero, valid_amount: MoneyOrZero, win_amount: MoneyOrZero })),
  z.transform((o) =>
    o ? { betAmount: o.bet_amount, validAmount: o.valid_amount, winAmount: o.win_amount } : null,
  ),
);

/** `date` is a date-filter code 1–5 (1 today, 2 7 days, 3 15 days, 4 30 days, 5 90 days; default 4). */
export const DateFilterInput = IntChoice(Object.values(DATE_FILTERS), '日期筛选无效');

/* The record screens' date filters as they offer them: here, not in enums.ts, which the app's first
 * load carries, while only the record screens (loaded later) show them. */
/** The filters in the order the screens offer them. */
export const DATE_FILTER_VALUES: readonly DateFilter[] = Object.values(DATE_FILTERS);
export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  1: '今天',
  2: '近7天',
  3: '近15天',
  4: '近30天',
  5: '近90天',
};

/** `api_type`: a venue (platform code) to filter by; '' or missing means all. */
export const VenueFilterInput = z.pipe(
  z.optional(
    z
      .string({ error: '场馆无效' })
      .check(z.trim(), z.maxLength(32, '场馆无效'), z.regex(/^[A-Za-z0-9_-]*$/, '场馆无效')),
  ),
  z.transform((v) => (v ? v : null)),
);

export const betRecords = defineCall({
  name: 'betrecord',
  method: 'POST',
  path: '/api/betrecord',
  request: z.pipe(
    z.optional(z.object({ date: z.optional(DateFilterInput), page: PageInput, api_type: VenueFilterInput })),
    z.transform((o) => ({
      date: o?.date ?? DEFAULT_DATE_FILTER,
      page: o?.page ?? 1,
      api_type: o?.api_type ?? null,
    })),
  ),
  response: z.object({ ...PageOf(BetRecord).shape, sum: BetTotals }),
});
