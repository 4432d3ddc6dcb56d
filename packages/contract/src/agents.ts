import * as z from 'zod/mini';
import { AnyData, defineCall } from './define';
import { DateTime, IntOrZero, Money, MoneyOrZero, OptionalObject, PageInput, PageOf, Text } from './codecs';
import { isCalendarDay } from './calendar-day';
import { MOBILE_PATTERN, MSG_BIRTHDAY, MSG_MOBILE } from './member';

/* Agents and invitations (server: modules/agents): the agent application and the inviter's counters
 * over the member's downline. */

/* Messages of spec §5 ----------------------------------------------------------------------------- */

export const MSG_AGENT_MOBILE = MSG_MOBILE;
export const MSG_AGENT_REASON = '请输入申请理由';

/* Agent application ------------------------------------------------------------------------------- */

export const applyAgent = defineCall({
  name: 'applyagentdo',
  method: 'POST',
  path: '/api/applyagentdo',
  idempotent: true,
  request: z.object({
    mobile: z
      .string({ error: MSG_AGENT_MOBILE })
      .check(z.trim(), z.maxLength(11, MSG_AGENT_MOBILE), z.regex(MOBILE_PATTERN, MSG_AGENT_MOBILE)),
    apply_info: z
      .string({ error: MSG_AGENT_REASON })
      .check(z.trim(), z.minLength(1, MSG_AGENT_REASON), z.maxLength(500, '申请理由不能超过500个字')),
  }),
  response: AnyData,
});

/* Invites (this product's own addition: the spec shows the /inviter counters only as static 0s) ---- */

const OptionalDay = z.pipe(
  z
    .optional(z.string({ error: MSG_BIRTHDAY }).check(z.trim(), z.maxLength(10, MSG_BIRTHDAY)))
    .check(z.refine((v) => v === undefined || v === '' || isCalendarDay(v), { message: MSG_BIRTHDAY })),
  z.transform((v) => (v ? v : null)),
);

/** A referral record of the inviter's detail tab: date, bonus, remark. */
export const InviteRecord = z.pipe(
  z.object({ date: DateTime, bonus: MoneyOrZero, remark: Text }),
  z.transform((o) => ({ date: o.date, bonus: o.bonus, remark: o.remark })),
);
export type InviteRecord = z.output<typeof InviteRecord>;

/** A downline member of 好友明细: masked name, join time, approved deposits and valid bets. */
export const InviteFriend = z.pipe(
  z.object({ username: Text, joined_at: DateTime, deposits: MoneyOrZero, bets: MoneyOrZero }),
  z.transform((o) => ({ name: o.username, joinedAt: o.joined_at, deposits: o.deposits, bets: o.bets })),
);
export type InviteFriend = z.output<typeof InviteFriend>;

/**
 * The referral bonus as the server pays it (/inviter's 奖金介绍): `amount` per qualifying friend; the
 * friend qualifies with approved deposits of at least `min_deposit` and settled valid bets of at least
 * `min_bets` (0: no such condition); the bonus carries `turnover_multiple` × its amount of valid bets
 * before it can be withdrawn (0: none). The app shows these figures, never its own.
 */
export const InviteBonusRule = z.pipe(
  z.object({
    amount: Money,
    min_deposit: MoneyOrZero,
    min_bets: MoneyOrZero,
    turnover_multiple: IntOrZero,
  }),
  z.transform((o) => ({
    amount: o.amount,
    minDeposit: o.min_deposit,
    minBets: o.min_bets,
    turnoverMultiple: o.turnover_multiple,
  })),
);
export type InviteBonusRule = z.output<typeof InviteBonusRule>;

/**
 * POST /api/inviteInfo: OUR ADDITION, not a call of the API family. The counters of /inviter over the
 * member's direct downline (members whose pid is the member): downline size; new and active
 * (placed a valid bet) members this month and today; effective = with an approved deposit; deposits
 * = approved deposits of the downline (cents). `records` are referral bonuses, filtered by
 * start_date/end_date (Beijing days, inclusive); `friends` (好友明细) the downline who joined in
 * that range, 20 a page. `invite_url` is informative: the app's link comes from getVisitUrl.
 * `bonus_rule` is the referral bonus on offer (InviteBonusRule), null (or absent) when there is none.
 */
export const inviteStats = defineCall({
  name: 'inviteInfo',
  method: 'POST',
  path: '/api/inviteInfo',
  request: z.pipe(
    z.optional(
      z.object({ start_date: OptionalDay, end_date: OptionalDay, page: PageInput }).check(
        z.refine((o) => !o.start_date || !o.end_date || o.start_date <= o.end_date, {
          message: '结束日期不能早于开始日期',
          path: ['end_date'],
        }),
      ),
    ),
    z.transform((o) => ({
      start_date: o?.start_date ?? null,
      end_date: o?.end_date ?? null,
      page: o?.page ?? 1,
    })),
  ),
  response: z.pipe(
    z.object({
      team_count: IntOrZero,
      month_new: IntOrZero,
      month_active: IntOrZero,
      valid_active: IntOrZero,
      today_new: IntOrZero,
      today_active: IntOrZero,
      valid_new: IntOrZero,
      month_recharge: MoneyOrZero,
      today_recharge: MoneyOrZero,
      invite_url: Text,
      records: OptionalObject(PageOf(InviteRecord)),
      friends: OptionalObject(PageOf(InviteFriend)),
      bonus_rule: OptionalObject(InviteBonusRule),
    }),
    z.transform((o) => ({
      downlineCount: o.team_count,
      newThisMonth: o.month_new,
      activeThisMonth: o.month_active,
      effectiveActive: o.valid_active,
      newToday: o.today_new,
      activeToday: o.today_active,
      effectiveNew: o.valid_new,
      depositsThisMonth: o.month_recharge,
      depositsToday: o.today_recharge,
      inviteUrl: o.invite_url,
      records: o.records ?? { data: [], total: 0 },
      friends: o.friends ?? { data: [], total: 0 },
      bonusRule: o.bonus_rule,
    })),
  ),
});
