/* eslint-disable max-lines -- 优惠管理's calls (activities with their bonus rule, rebate rates, VIP levels) stay in one contract file (about 420 lines). */
/* The operators' console, 优惠: activities and their bonus rule, rebate rates per VIP level and category, VIP thresholds.
 * Every change applies from the next computation: rebates keep the rate they were computed at, an
 * approved application keeps its bonus, a VIP change made stays. */
import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS, reject, toCents } from './codecs';
import { BONUS_BASIS_LABELS, PAY_TYPE_LABELS } from './console-applications';
import { ReviewTicket } from './console-approvals';
import { defineConsoleCall, type ConsoleCallDef, type OperatorRole } from './console-define';
import { PayType, REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, type RebateCategory } from './enums';
import { OPS_ID_MAX } from './ops-fields';
import { HOUSE_EDGE_BP, PromoValueShape, REBATE_RATE_MAX_BP } from './promo-value';
import {
  FULL_WEIGHTS,
  MSG_TURNOVER_BASIS,
  MSG_TURNOVER_WEIGHT,
  MSG_TURNOVER_WEIGHTS_ZERO,
  TURNOVER_BASES,
  WEIGHT_MAX,
  type TurnoverWeights,
} from './turnover';
import { ACTIVITY_LIMIT_FIELDS, ACTIVITY_LIMIT_ROW_FIELDS } from './activity-limits';
import { windowProblem } from './time-window';

/** Who edits promotions: 运营 (and 超级管理员). */
export const PROMO_ROLES: readonly OperatorRole[] = ['content'];

/* Limits ------------------------------------------------------------------------------------------ */

export const ACTIVITY_TITLE_MAX = 50;
export const ACTIVITY_MEMO_MAX = 500;
/** Characters of HTML (the console's body limit is 256 KB; Chinese takes 3 bytes a character). */
export const ACTIVITY_CONTENT_MAX = 60_000;
export const ACTIVITY_SORT_MAX = 9999;
/** A bonus is at most this percent of its deposit. */
export const BONUS_PERCENT_MAX = 100;
export const TURNOVER_MULTIPLE_MAX = 100;

/** Basis points (hundredths of a percent) as the operator reads them: 80 → "0.80", 3800 → "38.00". */
export function percentText(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

export const msgRebateRateMax = (c: RebateCategory) =>
  `${REBATE_CATEGORY_LABELS[c]}返水比例最高 ${percentText(REBATE_RATE_MAX_BP[c])}%（须低于该类游戏的庄家优势 ${percentText(HOUSE_EDGE_BP[c])}%）`;
export const MSG_REBATE_RATE = '返水比例为不小于 0 的数字，最多两位小数';
export const MSG_ACTIVITY_TITLE = '请输入活动标题';
export const MSG_ACTIVITY_TITLE_LONG = `活动标题最多${ACTIVITY_TITLE_MAX}个字`;
export const MSG_ACTIVITY_TITLE_TAKEN = '已有同名活动，请换一个标题';
export const MSG_ACTIVITY_TYPE = '请选择活动类型';
export const MSG_ACTIVITY_TYPE_MISSING = '活动类型不存在，请刷新后重试';
export const MSG_ACTIVITY_BANNER = '请上传活动横幅图片';
export const MSG_ACTIVITY_CONTENT = '请填写活动内容';
export const MSG_ACTIVITY_CONTENT_LONG = '活动内容过长，请精简后再保存';
export const MSG_ACTIVITY_MEMO_LONG = `活动说明最多${ACTIVITY_MEMO_MAX}个字`;
export const MSG_ACTIVITY_SORT = `排序为 0–${ACTIVITY_SORT_MAX} 的整数`;
export const MSG_ACTIVITY_MISSING = '活动不存在，请刷新后重试';
export const MSG_BONUS_BASIS = '请选择彩金计算方式';
export const MSG_BONUS_PERCENT = `彩金比例为 0–${BONUS_PERCENT_MAX} 的数字，最多两位小数`;
export const MSG_BONUS_PERCENT_ZERO = '按存款计算的彩金须填写大于 0 的彩金比例';
export const MSG_BONUS_CAP = '彩金上限金额无效';
export const MSG_BONUS_CAP_REQUIRED = '发放彩金的活动须设置彩金上限（不设上限时大额存款可套取巨额彩金）';
export const MSG_BONUS_MIN_DEPOSIT = '最低存款金额无效';
export const MSG_BONUS_PAY_TYPE = '存款方式无效';
export const MSG_TURNOVER_MULTIPLE = `流水倍数为 0–${TURNOVER_MULTIPLE_MAX} 的整数`;
export const MSG_TURNOVER_REQUIRED = '发放彩金的活动流水倍数至少 1 倍（0 倍时领取彩金后可立即提款）';
export const MSG_NET_LOSS_PERCENT = '按亏损计算的救援金须填写大于 0 的比例';
export const MSG_VIP_AMOUNT = 'VIP 门槛金额无效（0 至 1 亿元，最多两位小数）';
export const MSG_VIP_LEVELS = `须提交全部 10 个 VIP 等级`;
export const MSG_VIP_FIRST_ZERO = 'VIP1 是起始等级，累计存款、流水和保级流水须为 0';
export const msgVipNotRising = (level: number, field: string) =>
  `VIP${level} 的${field}不能低于 VIP${level - 1}`;

/* Fields ------------------------------------------------------------------------------------------ */

/** Digits with at most two decimals (a string from a form, or a JSON number) → hundredths; else null. */
function hundredths(value: string | number): number | null {
  const text = String(value).trim();
  return /^\d{1,12}(\.\d{1,2})?$/.test(text) ? toCents(text) : null;
}

/** A yuan amount from 0 to 100 million (two places) → cents. */
function YuanOrZero(message: string) {
  return z.pipe(
    z.union([z.string().check(z.maxLength(32, message)), z.number()], { error: message }),
    z.transform((v, ctx) => {
      const cents = hundredths(v);
      return cents === null || cents > MAX_AMOUNT_CENTS ? reject(ctx, message) : cents;
    }),
  );
}

/** A percent the operator types (0.8, "38", "2.50") → basis points, at most `maxBp`. */
function PercentField(maxBp: number, message: string, overMessage = message) {
  return z.pipe(
    z.union([z.string().check(z.maxLength(16, message)), z.number()], { error: message }),
    z.transform((v, ctx) => {
      const bp = hundredths(v);
      if (bp === null) return reject(ctx, message);
      return bp > maxBp ? reject(ctx, overMessage) : bp;
    }),
  );
}

const IntIn = (min: number, max: number, message: string) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((v, ctx) => {
      const n = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v);
      return Number.isInteger(n) && n >= min && n <= max ? n : reject(ctx, message);
    }),
  );

/** An image address: our uploads and seed pictures (same-site paths) or http(s). */
const IMAGE_URL = /^(\/(?!\/)|https?:\/\/)[^\s\p{Cc}\\]*$/u;

export const BONUS_BASES = ['first_deposit', 'latest_deposit', 'net_loss', 'manual', 'none'] as const;
export type BonusBasis = (typeof BONUS_BASES)[number];

export { BONUS_BASIS_LABELS, PAY_TYPE_LABELS };
/** Pay ways a deposit-based bonus may require ('' any). */
export const BONUS_PAY_TYPES = ['', ...PayType.options] as const;

/** The bonus rule as stored (cents, basis points). */
export interface BonusRuleInput {
  bonus_basis: BonusBasis;
  bonus_percent: number;
  bonus_cap: number;
  turnover_multiple: number;
  turnover_weights?: TurnoverWeights;
}

/**
 * What makes a rule pay money nobody meant to give (null: none). A rule that pays (every basis but
 * 'none', paid by its own job) needs a cap and at least 1× turnover; a deposit-based one a percent.
 */
export function bonusRuleProblem(rule: BonusRuleInput): string | null {
  if (rule.bonus_basis === 'none') return null;
  const byDeposit = rule.bonus_basis === 'first_deposit' || rule.bonus_basis === 'latest_deposit';
  if (byDeposit && rule.bonus_percent <= 0) return MSG_BONUS_PERCENT_ZERO;
  if (rule.bonus_basis === 'net_loss' && rule.bonus_percent <= 0) return MSG_NET_LOSS_PERCENT;
  if (rule.bonus_cap <= 0) return MSG_BONUS_CAP_REQUIRED;
  if (rule.turnover_multiple < 1) return MSG_TURNOVER_REQUIRED;
  const w = rule.turnover_weights;
  if (w && REBATE_CATEGORIES.every((c) => w[c] === 0)) return MSG_TURNOVER_WEIGHTS_ZERO;
  return null;
}

const ActivityFields = z
  .object({
    title: z
      .string({ error: MSG_ACTIVITY_TITLE })
      .check(
        z.trim(),
        z.minLength(1, MSG_ACTIVITY_TITLE),
        z.maxLength(ACTIVITY_TITLE_MAX, MSG_ACTIVITY_TITLE_LONG),
      ),
    type_id: IntIn(1, OPS_ID_MAX, MSG_ACTIVITY_TYPE),
    banner: z
      .string({ error: MSG_ACTIVITY_BANNER })
      .check(
        z.trim(),
        z.minLength(1, MSG_ACTIVITY_BANNER),
        z.maxLength(1000, MSG_ACTIVITY_BANNER),
        z.regex(IMAGE_URL, MSG_ACTIVITY_BANNER),
      ),
    content: z
      .string({ error: MSG_ACTIVITY_CONTENT })
      .check(
        z.trim(),
        z.minLength(1, MSG_ACTIVITY_CONTENT),
        z.maxLength(ACTIVITY_CONTENT_MAX, MSG_ACTIVITY_CONTENT_LONG),
      ),
    memo: z._default(z.string().check(z.trim(), z.maxLength(ACTIVITY_MEMO_MAX, MSG_ACTIVITY_MEMO_LONG)), ''),
    enabled: z._default(z.boolean(), true),
    sort: z._default(IntIn(0, ACTIVITY_SORT_MAX, MSG_ACTIVITY_SORT), 0),
    bonus_basis: z.enum(BONUS_BASES, MSG_BONUS_BASIS),
    bonus_percent: PercentField(BONUS_PERCENT_MAX * 100, MSG_BONUS_PERCENT),
    bonus_cap: YuanOrZero(MSG_BONUS_CAP),
    bonus_min_deposit: YuanOrZero(MSG_BONUS_MIN_DEPOSIT),
    bonus_pay_type: z._default(z.enum(BONUS_PAY_TYPES, MSG_BONUS_PAY_TYPE), ''),
    turnover_multiple: IntIn(0, TURNOVER_MULTIPLE_MAX, MSG_TURNOVER_MULTIPLE),
    turnover_basis: z._default(z.enum(TURNOVER_BASES, MSG_TURNOVER_BASIS), 'bonus'),
    turnover_weights: z._default(
      z.object(
        Object.fromEntries(
          REBATE_CATEGORIES.map((c) => [c, IntIn(0, WEIGHT_MAX, MSG_TURNOVER_WEIGHT)]),
        ) as Record<RebateCategory, ReturnType<typeof IntIn>>,
      ),
      { ...FULL_WEIGHTS },
    ),
    ...ACTIVITY_LIMIT_FIELDS,
  })
  .check(
    z.superRefine((o, ctx) => {
      const problem = bonusRuleProblem(o);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: o });
      const window = windowProblem(o);
      if (window) ctx.issues.push({ code: 'custom', message: window, input: o, path: ['ends_at'] });
    }),
  );
export type ActivityInput = z.output<typeof ActivityFields>;

/* Activities --------------------------------------------------------------------------------------- */

export const ActivityRow = z.object({
  id: z.number(),
  title: z.string(),
  type_id: z.nullable(z.number()),
  banner: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  memo: z.string(),
  enabled: z.boolean(),
  sort: z.number(),
  bonus_basis: z.enum(BONUS_BASES),
  /** Percent with two places ("38.00"). */
  bonus_percent: z.string(),
  /** Yuan ("888.00"; "0.00" no cap). */
  bonus_cap: z.string(),
  bonus_min_deposit: z.string(),
  bonus_pay_type: z.string(),
  turnover_multiple: z.number(),
  turnover_basis: z.enum(TURNOVER_BASES),
  /** Percent of each category's valid bets that counts toward the bonus's turnover. */
  turnover_weights: z.record(z.enum(REBATE_CATEGORIES), z.number()),
  /** What the rule is worth to a member per 1,000 of its base (null: paid by its own job). */
  value: z.nullable(PromoValueShape),
  /** Applications paid under it (their bonuses stay as paid whatever the rule becomes). */
  paid_count: z.number(),
  ...ACTIVITY_LIMIT_ROW_FIELDS,
  created_at: z.string(),
});
export type ActivityRow = z.output<typeof ActivityRow>;

/** Every activity (listed or not) by sort, with the activity types to choose from. */
export const consolePromoActivities = defineConsoleCall({
  name: 'consolePromoActivities',
  method: 'GET',
  path: '/promo/activities',
  roles: PROMO_ROLES,
  request: z.object({}),
  response: z.object({
    items: z.array(ActivityRow),
    types: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});

export const consoleCreateActivity = defineConsoleCall({
  name: 'consoleCreateActivity',
  method: 'POST',
  path: '/promo/activities/create',
  roles: PROMO_ROLES,
  request: ActivityFields,
  /** A bonus cap above the review amount goes to 待复核 (its ticket) for a 财务 to approve. */
  response: z.union([ActivityRow, ReviewTicket]),
});

/** Edits an activity: its rule applies to applications approved from now on, never to those paid. */
export const consoleUpdateActivity = defineConsoleCall({
  name: 'consoleUpdateActivity',
  method: 'POST',
  path: '/promo/activities/update',
  roles: PROMO_ROLES,
  request: z.intersection(z.object({ id: IntIn(1, OPS_ID_MAX, MSG_ACTIVITY_MISSING) }), ActivityFields),
  /** Raising the bonus cap above the review amount goes to 待复核 (its ticket). */
  response: z.union([ActivityRow, ReviewTicket]),
});

/** Lists (shows to members) or unlists an activity. */
export const consoleEnableActivity = defineConsoleCall({
  name: 'consoleEnableActivity',
  method: 'POST',
  path: '/promo/activities/enable',
  roles: PROMO_ROLES,
  request: z.object({ id: IntIn(1, OPS_ID_MAX, MSG_ACTIVITY_MISSING), enabled: z.boolean() }),
  response: ActivityRow,
});

/* VIP levels and rebate rates ---------------------------------------------------------------------- */

export const VIP_LEVEL_COUNT = 10;

export const VipLevelRow = z.object({
  level: z.number(),
  /** Yuan. */
  recharge: z.string(),
  flow: z.string(),
  keep_flow: z.string(),
  /** Percent with two places ("0.80") per rebate category. */
  rates: z.record(z.enum(REBATE_CATEGORIES), z.string()),
});
export type VipLevelRow = z.output<typeof VipLevelRow>;

const LevelsReply = z.object({ levels: z.array(VipLevelRow) });

/** The ten levels: thresholds, retention and rebate rates, with each category's highest rate. */
export const consolePromoVipLevels = defineConsoleCall({
  name: 'consolePromoVipLevels',
  method: 'GET',
  path: '/promo/vip-levels',
  roles: PROMO_ROLES,
  request: z.object({}),
  response: LevelsReply,
});

/** Ten rows, levels 1…10 in order. */
function tenLevels<T extends z.ZodMiniType<{ level: number }>>(row: T) {
  return z
    .array(row)
    .check(
      z.refine(
        (rows) => rows.length === VIP_LEVEL_COUNT && rows.every((r, i) => r.level === i + 1),
        MSG_VIP_LEVELS,
      ),
    );
}

const LevelField = IntIn(1, VIP_LEVEL_COUNT, MSG_VIP_LEVELS);

const rateFields = Object.fromEntries(
  REBATE_CATEGORIES.map((c) => [
    c,
    PercentField(REBATE_RATE_MAX_BP[c], MSG_REBATE_RATE, msgRebateRateMax(c)),
  ]),
) as Record<RebateCategory, ReturnType<typeof PercentField>>;

/** Rebate rates of every level (percent, two places); rebates computed already keep theirs. */
export const consoleUpdateRebateRates = defineConsoleCall({
  name: 'consoleUpdateRebateRates',
  method: 'POST',
  path: '/promo/rebate-rates',
  roles: PROMO_ROLES,
  request: z.object({ levels: tenLevels(z.object({ level: LevelField, ...rateFields })) }),
  response: LevelsReply,
});
export type RebateRatesInput = z.output<typeof consoleUpdateRebateRates.request>;

export const VIP_THRESHOLD_LABELS = {
  recharge: '累计存款',
  flow: '累计流水',
  keep_flow: '保级流水',
} as const;
const THRESHOLDS = ['recharge', 'flow', 'keep_flow'] as const;

/** Thresholds (cents) that rise with the level, from 0 at VIP1 (null: they do). */
export function vipThresholdProblem(
  rows: readonly { level: number; recharge: number; flow: number; keep_flow: number }[],
): string | null {
  const first = rows[0];
  if (first && THRESHOLDS.some((k) => first[k] !== 0)) return MSG_VIP_FIRST_ZERO;
  for (let i = 1; i < rows.length; i++) {
    const [prev, row] = [rows[i - 1], rows[i]];
    const low = THRESHOLDS.find((k) => prev && row && row[k] < prev[k]);
    if (low && row) return msgVipNotRising(row.level, VIP_THRESHOLD_LABELS[low]);
  }
  return null;
}

/** Thresholds and retention of every level (yuan); levels members hold already stay. */
export const consoleUpdateVipLevels = defineConsoleCall({
  name: 'consoleUpdateVipLevels',
  method: 'POST',
  path: '/promo/vip-levels',
  roles: PROMO_ROLES,
  request: z.object({
    levels: tenLevels(
      z.object({
        level: LevelField,
        recharge: YuanOrZero(MSG_VIP_AMOUNT),
        flow: YuanOrZero(MSG_VIP_AMOUNT),
        keep_flow: YuanOrZero(MSG_VIP_AMOUNT),
      }),
    ).check(
      z.superRefine((rows, ctx) => {
        const problem = vipThresholdProblem(rows);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: rows });
      }),
    ),
  }),
  response: LevelsReply,
});
export type VipLevelsInput = z.output<typeof consoleUpdateVipLevels.request>;

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_PROMO_CALLS: readonly ConsoleCallDef[] = [
  consolePromoActivities,
  consoleCreateActivity,
  consoleUpdateActivity,
  consoleEnableActivity,
  consolePromoVipLevels,
  consoleUpdateRebateRates,
  consoleUpdateVipLevels,
];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const PROMO_AUDIT_ACTIONS: Record<string, string> = {
  'activity.create': '新建活动',
  'activity.update': '修改活动',
  'activity.enable': '上架活动',
  'activity.disable': '下架活动',
  'rebateRates.update': '修改返水比例',
  'vipLevels.update': '修改VIP等级门槛',
};

/** The audit log's Chinese label of each target type this area writes. */
export const PROMO_AUDIT_TARGETS: Record<string, string> = {
  activity: '活动',
  vipLevels: 'VIP等级',
};
