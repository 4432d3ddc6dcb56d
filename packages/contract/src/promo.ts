/* eslint-disable max-lines -- the promotions' calls of spec §7 (activities, red packets, rebates, VIP) stay in one contract file (406 lines). */
import * as z from 'zod/mini';
import { AnyData, defineCall, NoInput } from './define';
import { DEFAULT_DATE_FILTER, REBATE_CATEGORIES, type RebateCategory } from './enums';
import {
  DateTime,
  DecimalLike,
  IdField,
  IdLike,
  IntChoice,
  IntOrZero,
  ListOf,
  Money,
  MoneyOrZero,
  OptionalDateTime,
  OptionalObject,
  PageInput,
  PageOf,
  reject,
  Text,
  TextLike,
  VipLevel,
} from './codecs';
import { DateFilterInput, VenueFilterInput } from './member';
import { RangeDay, rangeProblem } from './date-range';

/* Messages of spec §5 and §8 (agents: agents.ts) -------------------------------------------------- */

export const MSG_RED_PACKET_OFF = '红包已关闭';
export const MSG_RED_PACKET_NONE = '您暂未达到领取条件，快去完成吧！';
export const MSG_RED_PACKET_NETWORK = '服务器异常，请稍后再试';
export const MSG_REBATE_NONE = '暂无领取额度！';

/** Red packets can be claimed on a Beijing day between these times. */
export const RED_PACKET_WINDOW = { start: '10:00', end: '12:00' } as const;

/** A page number that may be left out (then null: no page asked for). */
const OptionalPage = z.pipe(
  z.optional(z.union([z.number(), z.string().check(z.maxLength(10))])),
  z.transform((v, ctx) => {
    if (v === undefined || v === '') return null;
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : reject(ctx, '页码无效');
  }),
);

const PageRequest = z.pipe(
  z.optional(z.object({ page: PageInput })),
  z.transform((o) => ({ page: o?.page ?? 1 })),
);

/* Red packets ------------------------------------------------------------------------------------- */

/**
 * A rule band: deposits since the previous day 12:00 between day_flow and flow_money give `recharge`
 * claims that day (capped by max_times). `max_money`, the band's largest packet, is our addition.
 */
export const RedPacketRule = z.pipe(
  z.object({
    start_time: TextLike,
    end_time: TextLike,
    day_flow: MoneyOrZero,
    flow_money: MoneyOrZero,
    recharge: IntOrZero,
    max_money: MoneyOrZero,
  }),
  z.transform((o) => ({
    startTime: o.start_time,
    endTime: o.end_time,
    minDeposit: o.day_flow,
    maxDeposit: o.flow_money,
    claims: o.recharge,
    maxAmount: o.max_money,
  })),
);
export type RedPacketRule = z.output<typeof RedPacketRule>;

/** A claimed red packet: money (as sent), redpacketmoney (the amount won), created_at, usetime. */
export const RedPacketRecord = z.pipe(
  z.object({
    money: MoneyOrZero,
    redpacketmoney: MoneyOrZero,
    created_at: DateTime,
    usetime: OptionalDateTime,
  }),
  z.transform((o) => ({
    money: o.money,
    packetAmount: o.redpacketmoney,
    createdAt: o.created_at,
    usedAt: o.usetime,
  })),
);
export type RedPacketRecord = z.output<typeof RedPacketRecord>;

/** `list` (records) is sent only when a page was asked for. */
export const redPacketInfo = defineCall({
  name: 'userredpacket',
  method: 'GET',
  path: '/api/userredpacket',
  request: z.pipe(
    z.optional(z.object({ page: OptionalPage })),
    z.transform((o) => ({ page: o?.page ?? null })),
  ),
  response: z.pipe(
    z.object({
      sendnums: IntOrZero,
      acquirednum: IntOrZero,
      max_times: IntOrZero,
      rules: ListOf(RedPacketRule),
      list: OptionalObject(PageOf(RedPacketRecord)),
    }),
    z.transform((o) => ({
      /** Claims left today; claiming is blocked when <= 0. */
      remainingClaims: o.sendnums,
      claimedCount: o.acquirednum,
      maxTimes: o.max_times,
      rules: o.rules,
      records: o.list,
    })),
  ),
});

export const claimRedPacket = defineCall({
  name: 'douserredpacket',
  method: 'POST',
  path: '/api/douserredpacket',
  money: true,
  request: NoInput,
  response: z.pipe(
    z.object({ redpacketmoney: Money }),
    z.transform((o) => ({ amount: o.redpacketmoney })),
  ),
});

export const redPacketRecords = defineCall({
  name: 'redpacket',
  method: 'POST',
  path: '/api/redpacket',
  request: PageRequest,
  response: PageOf(RedPacketRecord),
});

/* Activities -------------------------------------------------------------------------------------- */

export const ActivityType = z.object({ id: IdLike, name: Text });
export type ActivityType = z.output<typeof ActivityType>;

export const activityTypes = defineCall({
  name: 'activitytype',
  method: 'POST',
  path: '/api/activitytype',
  auth: 'none',
  request: NoInput,
  response: ListOf(ActivityType),
});

export const Activity = z.pipe(
  z.object({ id: IdLike, banner: Text, title: Text, type: z.nullish(IdLike) }),
  z.transform((o) => ({ id: o.id, banner: o.banner, title: o.title, typeId: o.type ?? null })),
);
export type Activity = z.output<typeof Activity>;

/** `type`: an activity type id; missing, '' or 0 means all. Reply: data.data. */
export const activities = defineCall({
  name: 'activitylist',
  method: 'POST',
  path: '/api/activitylist',
  auth: 'none',
  request: z.pipe(
    z.optional(
      z.object({
        type: z.pipe(
          z.optional(z.union([z.literal(''), z.literal(0), z.literal('0'), IdField('活动类型无效')])),
          z.transform((v) => (typeof v === 'number' && v > 0 ? v : null)),
        ),
      }),
    ),
    z.transform((o) => ({ type: o?.type ?? null })),
  ),
  response: z.pipe(
    OptionalObject(z.object({ data: ListOf(Activity) })),
    z.transform((o) => o?.data ?? []),
  ),
});

/** content is HTML: the client sanitises it before showing it. */
/** Our addition: the bonus rule in words (activity-terms.ts), rows in order; [] when a server sends none. */
const ActivityTermRows = z.pipe(
  z.optional(z.nullable(z.array(z.object({ label: Text, value: Text })))),
  z.transform((rows) => rows ?? []),
);

/** An activity paid without an application (rebates, red packets): no 立即申请 is offered. */
export const MSG_NO_APPLICATION = '该活动无需申请，系统自动发放';

export const ActivityDetail = z.object({
  id: IdLike,
  title: Text,
  banner: Text,
  content: Text,
  memo: Text,
  terms: ActivityTermRows,
  /** Our addition: false when the activity takes no application (missing, from other servers: it does). */
  applicable: z.optional(z.boolean()),
});
export type ActivityDetail = z.output<typeof ActivityDetail>;

export const activityDetail = defineCall({
  name: 'activitydeatil',
  method: 'POST',
  path: '/api/activitydeatil',
  auth: 'optional',
  request: z.object({ id: IdField('活动不存在') }),
  response: ActivityDetail,
});

export const applyActivity = defineCall({
  name: 'doactivityapply',
  method: 'POST',
  path: '/api/doactivityapply',
  idempotent: true,
  request: z.object({ activityid: IdField('活动不存在') }),
  response: AnyData,
});

/**
 * An application: state 1 pending review, 2 approved, 3 rejected (REVIEW_STATES). `money`, the bonus
 * paid (our addition), is missing or '' until one is paid.
 */
export const ActivityApplication = z.pipe(
  z.object({
    id: z.nullish(IdLike),
    activity_name: Text,
    created_at: DateTime,
    state: IntOrZero,
    money: z.optional(z.union([z.literal(''), Money])),
  }),
  z.transform((o) => ({
    id: o.id ?? null,
    activityName: o.activity_name,
    createdAt: o.created_at,
    state: o.state,
    bonus: o.money === '' || o.money === undefined ? null : o.money,
  })),
);
export type ActivityApplication = z.output<typeof ActivityApplication>;

export const activityApplications = defineCall({
  name: 'activityApplyLog',
  method: 'POST',
  path: '/api/activityApplyLog',
  request: PageRequest,
  response: PageOf(ActivityApplication),
});

/* VIP --------------------------------------------------------------------------------------------- */

/**
 * A VIP level: cumulative deposit (recharge) and turnover (flow) thresholds, and the maximum rebate
 * per category as a percent (0.8 means 0.8 %). `level` and `keep_flow` (the 90-day retention
 * turnover) are our additions; without `level` the list's position gives it.
 */
export const VipLevelRow = z.object({
  level: VipLevel,
  recharge: MoneyOrZero,
  flow: MoneyOrZero,
  keep_flow: MoneyOrZero,
  realperson: DecimalLike,
  sport: DecimalLike,
  e_sport: DecimalLike,
  joker: DecimalLike,
  electron: DecimalLike,
  lottery: DecimalLike,
});

export const vipLevels = defineCall({
  name: 'uservip',
  method: 'POST',
  path: '/api/uservip',
  auth: 'none',
  request: NoInput,
  response: z.pipe(
    ListOf(VipLevelRow),
    z.transform((rows) =>
      rows.map((o, i) => ({
        level: o.level || i + 1,
        recharge: o.recharge,
        flow: o.flow,
        retentionFlow: o.keep_flow,
        rates: Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, o[c]])) as Record<RebateCategory, number>,
      })),
    ),
  ),
});
export type VipLevelInfo = z.output<typeof vipLevels.response>[number];

/**
 * POST /api/vipProgress: OUR ADDITION, not a call of the API family. What the next promotion needs,
 * counted as the daily job counts it (since the member's last drop): approved deposits and valid bets
 * against the next level's thresholds. At the top level `next_level` is 0.
 */
export const vipProgress = defineCall({
  name: 'vipProgress',
  method: 'POST',
  path: '/api/vipProgress',
  request: NoInput,
  response: z.pipe(
    z.object({
      level: IntOrZero,
      next_level: IntOrZero,
      deposits: MoneyOrZero,
      bets: MoneyOrZero,
      next_recharge: MoneyOrZero,
      next_flow: MoneyOrZero,
    }),
    z.transform((o) => ({
      level: o.level,
      nextLevel: o.next_level,
      deposits: o.deposits,
      bets: o.bets,
      nextRecharge: o.next_recharge,
      nextFlow: o.next_flow,
    })),
  ),
});
export type VipProgress = z.output<typeof vipProgress.response>;

/* Rebates (返水) ----------------------------------------------------------------------------------- */

/** A rebate record: state 0 not claimed, otherwise claimed. */
export const RebateRecord = z.pipe(
  z.object({
    gamename: Text,
    money: MoneyOrZero,
    created_at: DateTime,
    updated_at: OptionalDateTime,
    state: IntOrZero,
  }),
  z.transform((o) => ({
    gameName: o.gamename,
    amount: o.money,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    claimed: o.state !== 0,
  })),
);
export type RebateRecord = z.output<typeof RebateRecord>;

/**
 * `date`: date-filter code 1–5 (as /api/gettransrecord; default 4). `start_date`/`end_date` (our
 * addition, Beijing days YYYY-MM-DD, both or neither): a range of at most 90 days that replaces
 * `date`. `api_type`: a venue code, '' for all. `type`: 0 unclaimed only, 1 claimed only, missing or
 * '' for both.
 */
export const rebates = defineCall({
  name: 'getfanshui',
  method: 'POST',
  path: '/api/getfanshui',
  request: z.pipe(
    z.optional(
      z
        .object({
          date: z.optional(DateFilterInput),
          start_date: RangeDay,
          end_date: RangeDay,
          page: PageInput,
          api_type: VenueFilterInput,
          type: z.pipe(
            z.optional(z.union([z.literal(''), IntChoice([0, 1], '状态无效')])),
            z.transform((v) => (v === '' || v === undefined ? null : v)),
          ),
        })
        .check(
          z.superRefine((o, ctx) => {
            const problem = rangeProblem(o.start_date, o.end_date);
            if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end_date'] });
          }),
        ),
    ),
    z.transform((o) => ({
      range: o?.start_date && o.end_date ? { start: o.start_date, end: o.end_date } : null,
      date: o?.date ?? DEFAULT_DATE_FILTER,
      page: o?.page ?? 1,
      api_type: o?.api_type ?? null,
      type: o?.type ?? null,
    })),
  ),
  response: z.pipe(
    z.object({ list: OptionalObject(PageOf(RebateRecord)), jisuan: MoneyOrZero, nojisuan: MoneyOrZero }),
    z.transform((o) => ({
      records: o.list ?? { data: [], total: 0 },
      claimedTotal: o.jisuan,
      pendingTotal: o.nojisuan,
    })),
  ),
});

/** Claims every pending rebate; nothing pending ⇒ MSG_REBATE_NONE. */
export const claimRebates = defineCall({
  name: 'dofanshui',
  method: 'POST',
  path: '/api/dofanshui',
  money: true,
  request: NoInput,
  response: AnyData,
});
