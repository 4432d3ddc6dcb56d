/* 责任博彩 (player protection), OUR ADDITION: the API family has no such calls (spec §2 only names the
 * type-8 article). Limits a member sets on deposits, losses and stakes, a time-out or a
 * self-exclusion; the server enforces them in every transaction that moves money into play
 * (server: modules/protection). */
import * as z from 'zod/mini';
import { AmountInput, DateTime, IntChoice, Money, OptionalDateTime, reject } from './codecs';
import { defineCall } from './define';

export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_KIND_LABELS: Record<LimitKind, string> = {
  deposit: '存款限额',
  loss: '亏损限额',
  wager: '投注限额',
};

/** A limit's period: a fixed window of this length, counted from when the limit first applied. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LIMIT_PERIOD_HOURS: Record<LimitPeriod, number> = { day: 24, week: 7 * 24, month: 30 * 24 };
export const LIMIT_PERIOD_LABELS: Record<LimitPeriod, string> = {
  day: '每24小时',
  week: '每7天',
  month: '每30天',
};

/** A higher limit or a removal waits this long, then the member confirms it within CONFIRM_DAYS. */
export const LIMIT_COOLING_HOURS = 24;
export const LIMIT_CONFIRM_DAYS = 7;

/** 暂停 (time-out) lengths in days (up to six weeks). */
export const TIMEOUT_DAYS = [1, 7, 30, 42] as const;
/** 自我排除 lengths in months; 0 = for good. */
export const EXCLUSION_MONTHS = [6, 12, 24, 60, 0] as const;
/** A month of an exclusion, in days (an exclusion ends at a fixed instant, not a calendar date). */
export const EXCLUSION_MONTH_DAYS = 30;

/** 游戏时间提醒 (reality check) intervals in minutes; 0 = off. */
export const REALITY_CHECK_MINUTES = [0, 10, 15, 20, 30, 45, 60] as const;
export const MSG_REALITY_CHECK = '请选择提醒间隔';

/** 单次登录时长 (session-time limit) choices in minutes; 0 = none. The session ends when reached. */
export const SESSION_LIMIT_MINUTES = [0, 30, 60, 120, 180, 240, 360] as const;
export const MSG_SESSION_LIMIT = '请选择单次登录时长';

export const MSG_LIMIT_KIND = '请选择限额类型';
export const MSG_LIMIT_PERIOD = '请选择限额周期';
export const MSG_LIMIT_AMOUNT = '请输入有效的限额金额';
export const MSG_LIMIT_ORDER_DAY = '每24小时限额不能高于每7天或每30天的限额';
export const MSG_LIMIT_ORDER_WEEK = '每7天限额不能高于每30天的限额';
export const MSG_LIMIT_NO_PENDING = '没有待确认的限额变更';
export const MSG_LIMIT_NOT_YET = '限额变更需等待24小时后才能确认';
export const MSG_BREAK_KIND = '请选择暂停或自我排除的时长';
export const MSG_BREAK_CONFIRM = '请确认您已了解暂停或自我排除的后果';
export const MSG_BREAK_ACTIVE = '您已处于暂停或自我排除期间';

/** What every refused play says during a time-out or an exclusion; `until` is a Beijing time or 永久. */
export const breakMessage = (until: string) => `您已暂停游戏至${until}，期间只能提款和查看记录`;
export const MSG_BREAK_FOREVER = '您已永久自我排除，只能提款和查看记录';
/** A movement beyond a limit; `label` e.g. 每24小时存款限额. */
export const limitMessage = (label: string, remaining: string) =>
  `已超出您设置的${label}，本周期剩余 ${remaining} 元`;

export const PlayLimit = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** The limit in force, cents. */
  amount: Money,
  /** Counted in the current period, cents (a loss is floored at 0). */
  used: Money,
  remaining: Money,
  /** When the current period ends and the count starts again. */
  resets_at: DateTime,
  /** A higher amount or a removal (null) waiting for its 24 hours and the member's confirmation. */
  pending: z.nullable(
    z.object({
      amount: z.nullable(Money),
      /** From when it may be confirmed. */
      confirm_from: DateTime,
      /** It lapses if not confirmed by then. */
      confirm_by: DateTime,
    }),
  ),
});
export type PlayLimit = z.output<typeof PlayLimit>;

export const PlayBreak = z.object({
  kind: z.enum(['timeout', 'exclusion']),
  started_at: DateTime,
  /** null: for good. */
  ends_at: OptionalDateTime,
});
export type PlayBreak = z.output<typeof PlayBreak>;

export const Protection = z.object({
  limits: z.array(PlayLimit),
  /** The time-out or exclusion in force, if any. */
  break: z.nullable(PlayBreak),
  /** 游戏时间提醒 every this many minutes of a session (0: off). */
  reality_check: z.number(),
  /** 单次登录时长 in minutes (0: none), and a longer one or a removal (0) waiting like a raise. */
  session_limit: z.object({
    minutes: z.number(),
    pending: z.nullable(z.object({ minutes: z.number(), confirm_from: DateTime, confirm_by: DateTime })),
  }),
});
export type Protection = z.output<typeof Protection>;

/** GET /api/protection: the member's limits with what is used, and a break in force. */
export const protection = defineCall({
  name: 'protection',
  method: 'GET',
  path: '/api/protection',
  auth: 'member',
  request: z.optional(z.object({})),
  response: Protection,
});

/**
 * POST /api/protection/limit: sets one limit (amount in yuan) or removes it (amount ''/null). A first
 * limit or a lower one applies at once; a higher one or a removal waits LIMIT_COOLING_HOURS and then
 * needs confirmPlayLimit. The reply is the whole state again.
 */
export const setPlayLimit = defineCall({
  name: 'setPlayLimit',
  method: 'POST',
  path: '/api/protection/limit',
  auth: 'member',
  request: z.object({
    kind: z.enum(LIMIT_KINDS, MSG_LIMIT_KIND),
    period: z.enum(LIMIT_PERIODS, MSG_LIMIT_PERIOD),
    /** Yuan; '' or null removes the limit. Cents after parsing (null: remove). */
    amount: z.pipe(
      z.nullish(z.union([z.string().check(z.maxLength(32, MSG_LIMIT_AMOUNT)), z.number()])),
      z.transform((v, ctx) => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
        const parsed = AmountInput.safeParse(v);
        return parsed.success ? parsed.data : reject(ctx, MSG_LIMIT_AMOUNT);
      }),
    ),
  }),
  response: Protection,
});

/** POST /api/protection/limit/confirm: applies a waiting higher limit or removal, once its 24 h are over. */
export const confirmPlayLimit = defineCall({
  name: 'confirmPlayLimit',
  method: 'POST',
  path: '/api/protection/limit/confirm',
  auth: 'member',
  request: z.object({
    kind: z.enum(LIMIT_KINDS, MSG_LIMIT_KIND),
    period: z.enum(LIMIT_PERIODS, MSG_LIMIT_PERIOD),
  }),
  response: Protection,
});

/**
 * POST /api/protection/break: a time-out (`days` of TIMEOUT_DAYS) or a self-exclusion (`months` of
 * EXCLUSION_MONTHS, 0 for good), effective at once: every session ends. `confirm` must be 1.
 */
export const takeBreak = defineCall({
  name: 'takeBreak',
  method: 'POST',
  path: '/api/protection/break',
  auth: 'member',
  request: z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('timeout'),
        days: IntChoice(TIMEOUT_DAYS, MSG_BREAK_KIND),
        confirm: z.literal(1, MSG_BREAK_CONFIRM),
      }),
      z.object({
        kind: z.literal('exclusion'),
        months: IntChoice(EXCLUSION_MONTHS, MSG_BREAK_KIND),
        confirm: z.literal(1, MSG_BREAK_CONFIRM),
      }),
    ],
    { error: MSG_BREAK_KIND },
  ),
  response: Protection,
});

/** POST /api/protection/reality_check: the reality check's interval (REALITY_CHECK_MINUTES). */
export const setRealityCheck = defineCall({
  name: 'setRealityCheck',
  method: 'POST',
  path: '/api/protection/reality_check',
  auth: 'member',
  request: z.object({ minutes: IntChoice(REALITY_CHECK_MINUTES, MSG_REALITY_CHECK) }),
  response: Protection,
});

/**
 * POST /api/protection/session_limit: the session-time limit (SESSION_LIMIT_MINUTES). A first or
 * shorter one applies at once, to the sessions already open too; a longer one or none (0) waits
 * LIMIT_COOLING_HOURS and then needs confirmSessionLimit, as a raise of a money limit does.
 */
export const setSessionLimit = defineCall({
  name: 'setSessionLimit',
  method: 'POST',
  path: '/api/protection/session_limit',
  auth: 'member',
  request: z.object({ minutes: IntChoice(SESSION_LIMIT_MINUTES, MSG_SESSION_LIMIT) }),
  response: Protection,
});

/** POST /api/protection/session_limit/confirm: applies a waiting longer session-time limit or its removal. */
export const confirmSessionLimit = defineCall({
  name: 'confirmSessionLimit',
  method: 'POST',
  path: '/api/protection/session_limit/confirm',
  auth: 'member',
  request: z.optional(z.object({})),
  response: Protection,
});

/**
 * GET /api/protection/session: this sign-in session so far, for the reality check and the play
 * screens: when it began, stakes, winnings (payouts) and the net result, all wallets together.
 */
export const playSession = defineCall({
  name: 'playSession',
  method: 'GET',
  path: '/api/protection/session',
  auth: 'member',
  request: z.optional(z.object({})),
  response: z.object({
    started_at: DateTime,
    /** When the session-time limit ends it (null: no limit). */
    ends_at: OptionalDateTime,
    stakes: Money,
    winnings: Money,
    net: Money,
  }),
});
