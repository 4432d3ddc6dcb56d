import * as z from 'zod/mini';

/* Money ------------------------------------------------------------------------------------------
 * On the wire money is a decimal string with two places ("100.00"); real back ends also send numbers.
 * Inside both sides it is integer cents, never floating point. */

/** Reports a custom issue from inside a transform (zod/mini's transform context is the parse payload,
 * without classic zod's `addIssue`); the same issue classic `ctx.addIssue({code: 'custom', message})` adds. */
export function reject(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "12.345" → 1235 (half up on the third place), 12.3 → 1230; null when not a finite decimal. */
export function toCents(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(3) : '') : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, whole = '0', frac = ''] = m;
  const digits = (frac + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}

/** 1235 → "12.35", -5 → "-0.05". */
export function formatCents(cents: number | bigint): string {
  const n = BigInt(cents);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Money in a reply: number or decimal string on the wire, integer cents after parsing. */
export const Money = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value, ctx) => toCents(value) ?? reject(ctx, '金额格式错误')),
);

/** Money that may be missing or null in a reply (treated as 0). */
export const MoneyOrZero = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return 0;
    return toCents(value) ?? reject(ctx, '金额格式错误');
  }),
);

/** Largest amount any single money call accepts: 100 million yuan. */
export const MAX_AMOUNT_CENTS = 10_000_000_000;

/** Spec §5 (withdraw): the message for an amount that is not a positive number. */
export const MSG_AMOUNT_INVALID = '金额无效，无法提交';
/** An amount with fractions of a cent (100.555): the spec is silent; saying so beats a range message. */
export const MSG_AMOUNT_DECIMALS = '金额最多只能有两位小数';

/**
 * An amount a member types: positive, at most two decimal places, finite, not absurd.
 * Form posts send strings, JSON clients send numbers; both are accepted. Output: cents.
 */
export const AmountInput = z.pipe(
  z.union([z.string().check(z.maxLength(32, MSG_AMOUNT_INVALID)), z.number()], { error: MSG_AMOUNT_INVALID }),
  z.transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (/^\d+\.\d{3,}$/.test(text)) return reject(ctx, MSG_AMOUNT_DECIMALS);
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return reject(ctx, MSG_AMOUNT_INVALID);
    const cents = toCents(text);
    if (cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS) return reject(ctx, MSG_AMOUNT_INVALID);
    return cents;
  }),
);

/* Numbers and flags that real back ends send as numbers or numeric strings ---------------------- */

export const IntLike = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((value, ctx) => {
    const n = typeof value === 'number' ? value : Number(value.trim() === '' ? NaN : value);
    return Number.isFinite(n) ? Math.trunc(n) : reject(ctx, '数字格式错误');
  }),
);

export const IntOrZero = z.pipe(
  z.nullish(z.union([z.number(), z.string()])),
  z.transform((value) => {
    const n = Number(value ?? 0);
    return Number.isFinite(n) ? Math.trunc(n) : 0;
  }),
);

/** A rate or multiplier such as usdtrate 7.1 or withdraw_fee 1. */
export const DecimalLike = z.pipe(
  z.nullish(z.union([z.number(), z.string()])),
  z.transform((value) => {
    const n = Number(value ?? 0);
    return Number.isFinite(n) ? n : 0;
  }),
);

/** Text that may be missing or null (→ ''). */
export const Text = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ''),
);

/* Dates ------------------------------------------------------------------------------------------
 * `Y-m-d H:i:s` (Beijing time, as the API family sends it) or ISO 8601. Parsed by hand: Safari's
 * Date parser rejects `2026-11-22 10:00:00`, and others guess the zone. Output: epoch milliseconds. */

export const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
const YMD_HMS =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function parseDateTime(text: string): number | null {
  const m = YMD_HMS.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return null;
  }
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  date.setUTCFullYear(Number(y), month - 1, day); // not Date.UTC: it maps years 0–99 to 1900–1999
  // 2026-02-30 would roll over to 2026-03-02: refuse it instead.
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  const utc = date.getTime() + ((Number(h) * 60 + Number(mi)) * 60 + Number(s)) * 1000 + ms;
  let offsetMs = BEIJING_OFFSET_MS;
  if (zone === 'Z') offsetMs = 0;
  else if (zone) {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  return utc - offsetMs;
}

/** epoch ms → `Y-m-d H:i:s` in Beijing time, the API family's format. */
export function formatDateTime(epochMs: number): string {
  const d = new Date(epochMs + BEIJING_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ` +
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`
  );
}

/** Largest |epoch ms| a JavaScript Date can hold. */
const MAX_EPOCH_MS = 8.64e15;

function readDateTime(value: string | number): number | null {
  const ms = typeof value === 'number' ? value * 1000 : parseDateTime(value);
  return ms === null || !Number.isFinite(ms) || Math.abs(ms) > MAX_EPOCH_MS ? null : ms;
}

/** A date-time in a reply: string (`Y-m-d H:i:s` or ISO) or unix seconds; epoch ms after parsing. */
export const DateTime = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value, ctx) => readDateTime(value) ?? reject(ctx, '日期格式错误')),
);

/** A date-time that may be missing (→ null). */
export const OptionalDateTime = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    return readDateTime(value);
  }),
);

/* VIP ---------------------------------------------------------------------------------------------
 * `P3`, `VIP3`, `3` or 3 → 3; anything unreadable → 0 (no level). */

export function parseVipLevel(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const m = /^(?:vip|p)?\s*(\d{1,2})$/i.exec(String(value).trim());
  return m ? Number(m[1]) : 0;
}

export const VipLevel = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((v) => parseVipLevel(v)),
);

/* Lists -------------------------------------------------------------------------------------------
 * An empty list arrives as [], null or not at all. */

export function ListOf<T extends z.core.$ZodType>(item: T) {
  return z.pipe(
    z.nullish(z.array(item)),
    z.transform((v): z.output<T>[] => v ?? []),
  );
}

/** A page of a Laravel-style paginator; only `data` and `total` are sure to be sent. */
export function PageOf<T extends z.core.$ZodType>(item: T) {
  return z.object({
    data: ListOf(item),
    total: IntOrZero,
    current_page: z.optional(IntOrZero),
    last_page: z.optional(IntOrZero),
  });
}

/**
 * Rows per page of the paged lists our server serves. The app never assumes a size: it follows
 * `total` and `last_page`.
 */
export const PAGE_SIZES = {
  /** /api/gettransrecord */
  accountRecords: 15,
  /** /api/redpacket */
  redPacketRecords: 15,
  /** /api/activityApplyLog */
  activityApplications: 15,
  /** /api/getfanshui's `list` */
  rebateRecords: 15,
  /** /api/noticeList */
  notices: 10,
  /** /api/messageList (站内信) */
  siteMessages: 10,
} as const;

/** A page number in a request (1 when missing). */
export const PageInput = z.pipe(
  z.optional(z.union([z.number(), z.string().check(z.maxLength(10))])),
  z.transform((v, ctx) => {
    const n = v === undefined || v === '' ? 1 : Number(v);
    return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : reject(ctx, '页码无效');
  }),
);

/* Ids ---------------------------------------------------------------------------------------------
 * A user id arrives as `id`, `user_id` or `uid`, as a number or a numeric string. */

function readId(value: number | string): number | null {
  // Strings must be plain digits: Number('') is 0, Number('0x1F') is 31.
  const n = typeof value === 'number' ? value : /^\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

export const IdLike = z.pipe(
  z.union([z.number(), z.string().check(z.maxLength(32))]),
  z.transform((value, ctx) => readId(value) ?? reject(ctx, 'ID无效')),
);

/** An id a member picks (card, room, play, activity): like IdLike but ≥ 1, with the screen's message. */
export function IdField(message: string) {
  return z.pipe(
    z.union([z.number(), z.string().check(z.maxLength(32, message))], { error: message }),
    z.transform((value, ctx) => {
      const n = readId(value);
      return n === null || n < 1 ? reject(ctx, message) : n;
    }),
  );
}

export function pickUserId(o: {
  id?: number | null;
  user_id?: number | null;
  uid?: number | null;
}): number | null {
  return o.id ?? o.user_id ?? o.uid ?? null;
}

/* Added with the wallet, lottery, promo and member calls ------------------------------------------ */

/** Text that real back ends sometimes send as a number (order numbers, rounds, card numbers) → string. */
export const TextLike = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((v) => (v === null || v === undefined ? '' : String(v))),
);

/** A switch sent as true/false, 1/0 or '1'/'0' (missing → false). */
export const Flag = z.pipe(
  z.nullish(z.union([z.boolean(), z.number(), z.string()])),
  z.transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
);

/** A small integer code in a request (filters, types), as a number or a numeric string. */
export function IntChoice<const T extends readonly number[]>(choices: T, message: string) {
  return z.pipe(
    z.union([z.number(), z.string().check(z.maxLength(8, message))], { error: message }),
    z.transform((value, ctx) => {
      const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
      const found = choices.find((c) => c === n);
      return found === undefined ? reject(ctx, message) : (found as T[number]);
    }),
  );
}

/** AmountInput whose missing or empty value gets the screen's own message (e.g. '请输入操作金额！'). */
export function AmountField(missingMessage: string) {
  return z.pipe(
    z
      .union([z.string().check(z.maxLength(32, MSG_AMOUNT_INVALID)), z.number()], { error: missingMessage })
      .check(z.refine((v) => typeof v === 'number' || v.trim() !== '', { message: missingMessage })),
    AmountInput,
  );
}

/** A text field that must be filled in (trimmed, at most `max`); `message` for missing, empty or too long. */
export function RequiredText(message: string, max: number) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
}

/** An object that may be missing, null, or `[]` (how PHP back ends encode an empty object) → null. */
export function OptionalObject<T extends z.core.$ZodType>(shape: T) {
  return z.pipe(
    z.optional(z.union([shape, z.array(z.unknown()).check(z.maxLength(0)), z.null()])),
    z.transform((v): z.output<T> | null => (v === undefined || v === null || Array.isArray(v) ? null : v)),
  );
}

/** No whitespace, control character or backslash (browsers read `/\host` as `//host`, another site). */
const URL_TEXT = /^[^\s\p{Cc}\\]+$/u;

/** A link the app opens (game, payment QR image): http(s) or a same-site path; never `javascript:`. */
export const SafeUrl = z.string().check(
  z.trim(),
  z.maxLength(4096),
  z.refine((u) => URL_TEXT.test(u) && (/^https?:\/\/./i.test(u) || /^\/(?!\/)/.test(u)), {
    message: '地址无效',
  }),
);
