/* 责任博彩 on the member page of the console (OUR ADDITION, issue 32): the member's limits, their
 * history and who set them, the time-outs and exclusions; an operator may only tighten a limit, and
 * only a 超级管理员 may lift an exclusion, once its minimum has run, with a reason. */
import * as z from 'zod/mini';
import { AmountField } from './codecs';
import { defineConsoleCall, type ConsoleCallDef, type OperatorRole } from './console-define';
import { WholeNumber } from './ops-fields';
import { LIMIT_KINDS, LIMIT_PERIODS, MSG_LIMIT_AMOUNT, MSG_LIMIT_KIND, MSG_LIMIT_PERIOD } from './protection';

const VIEW_ROLES: readonly OperatorRole[] = ['finance', 'support', 'content', 'risk'];
const MemberRef = { id: WholeNumber(1, 2_147_483_647) };
/** Time on the wire: "Y-m-d H:i:s" (Beijing); money "12.34" as elsewhere in the console. */
const Time = z.string();
const Amount = z.string();

/** An exclusion may be lifted early only after this many months (the shortest one offered). */
export const EXCLUSION_MIN_MONTHS = 6;
export const MSG_ONLY_TIGHTEN = '只能收紧会员的限额（新设或调低）';
export const MSG_LIFT_REASON = '请输入解除原因';
export const MSG_LIFT_NOT_EXCLUSION = '只能解除生效中的自我排除';
export const MSG_LIFT_TOO_EARLY = `自我排除满${EXCLUSION_MIN_MONTHS}个月后才能解除`;

/** How the history names each change of a limit (play_limit_events.action). */
export const LIMIT_ACTION_LABELS: Record<string, string> = {
  set: '新设',
  lowered: '调低',
  raise_requested: '申请调高',
  remove_requested: '申请取消',
  raised: '调高生效',
  removed: '取消生效',
  tightened: '运营收紧',
};

export const MemberProtection = z.object({
  limits: z.array(
    z.object({
      kind: z.enum(LIMIT_KINDS),
      period: z.enum(LIMIT_PERIODS),
      amount: Amount,
      used: Amount,
      remaining: Amount,
      resets_at: Time,
      /** A waiting raise (amount) or removal (null), and from when the member may confirm it. */
      pending: z.nullable(z.object({ amount: z.nullable(Amount), confirm_from: Time })),
    }),
  ),
  /** 单次登录时长 in minutes (0: none), and a longer one or a removal (0) waiting for the member. */
  session_limit: z.object({ minutes: z.number(), pending_minutes: z.nullable(z.number()) }),
  /** Every change, newest first: who ('member' or the operator's name); kind 'session' counts minutes. */
  history: z.array(
    z.object({
      kind: z.enum([...LIMIT_KINDS, 'session']),
      period: z.enum(LIMIT_PERIODS),
      action: z.string(),
      amount: z.nullable(Amount),
      actor: z.string(),
      created_at: Time,
    }),
  ),
  /** Time-outs and exclusions, newest first. */
  breaks: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['timeout', 'exclusion']),
      started_at: Time,
      ends_at: z.nullable(Time),
      lifted_at: z.nullable(Time),
      lifted_by: z.string(),
      lift_reason: z.string(),
      /** In force now. */
      active: z.boolean(),
      /** A 超级管理员 may lift it now (an exclusion past its minimum). */
      liftable: z.boolean(),
    }),
  ),
});
export type MemberProtection = z.output<typeof MemberProtection>;

export const consoleMemberProtection = defineConsoleCall({
  name: 'consoleMemberProtection',
  method: 'GET',
  path: '/members/protection',
  roles: VIEW_ROLES,
  request: z.object(MemberRef),
  response: MemberProtection,
});

/**
 * Sets a limit tighter than the member's (a new one, or a lower amount; a waiting raise is dropped):
 * audited, and the member is told by a site message.
 */
export const consoleTightenLimit = defineConsoleCall({
  name: 'consoleTightenLimit',
  method: 'POST',
  path: '/members/protection/limit',
  roles: ['support', 'risk'],
  request: z.object({
    ...MemberRef,
    kind: z.enum(LIMIT_KINDS, MSG_LIMIT_KIND),
    period: z.enum(LIMIT_PERIODS, MSG_LIMIT_PERIOD),
    amount: AmountField(MSG_LIMIT_AMOUNT),
  }),
  response: MemberProtection,
});

/** Lifts a self-exclusion early (超级管理员 only, after EXCLUSION_MIN_MONTHS, with a reason; audited). */
export const consoleLiftExclusion = defineConsoleCall({
  name: 'consoleLiftExclusion',
  method: 'POST',
  path: '/members/protection/lift',
  roles: [],
  request: z.object({
    ...MemberRef,
    break_id: WholeNumber(1, 2_147_483_647),
    reason: z
      .string({ error: MSG_LIFT_REASON })
      .check(z.trim(), z.minLength(1, MSG_LIFT_REASON), z.maxLength(200, '原因最多200个字')),
  }),
  response: MemberProtection,
});

/** The report lists members whose use of a limit has reached this share of it (percent). */
export const NEAR_LIMIT_PERCENT = 80;
/** …and counts time-outs and exclusions per Beijing day over this many days. */
export const PROTECTION_REPORT_DAYS = 30;

export const ProtectionReport = z.object({
  /** Limits used to NEAR_LIMIT_PERCENT or more in their current period, fullest first. */
  near: z.array(
    z.object({
      member_id: z.number(),
      name: z.string(),
      kind: z.enum(LIMIT_KINDS),
      period: z.enum(LIMIT_PERIODS),
      amount: Amount,
      used: Amount,
      percent: z.number(),
      resets_at: Time,
    }),
  ),
  /** Newest day first: breaks started (by kind) and ended (run out or lifted) that day. */
  days: z.array(
    z.object({
      day: z.string(),
      timeouts: z.number(),
      exclusions: z.number(),
      ended: z.number(),
    }),
  ),
});
export type ProtectionReport = z.output<typeof ProtectionReport>;

/** 责任博彩 report: members near a limit, and the time-outs and exclusions per day. */
export const consoleProtectionReport = defineConsoleCall({
  name: 'consoleProtectionReport',
  method: 'GET',
  path: '/reports/protection',
  roles: ['risk', 'support'],
  request: z.object({}),
  response: ProtectionReport,
});

export const CONSOLE_PROTECTION_CALLS: readonly ConsoleCallDef[] = [
  consoleMemberProtection,
  consoleTightenLimit,
  consoleLiftExclusion,
  consoleProtectionReport,
];
