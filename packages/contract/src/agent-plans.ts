/* Agents' commission plans (OUR ADDITION, issue 33): what a plan template says, its limits and
 * messages, and a statement's figures. The console edits plans with these shapes, the server settles
 * with them, the agent back office shows the statements: one source for all three. */
import * as z from 'zod/mini';
import { reject, toCents, MAX_AMOUNT_CENTS } from './codecs';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, type RebateCategory } from './enums';
import { HOUSE_EDGE_BP, REBATE_RATE_MAX_BP } from './promo-value';

export const PLAN_KINDS = ['net_loss', 'turnover'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const PLAN_KIND_LABELS: Record<PlanKind, string> = { net_loss: '负盈利分成', turnover: '流水返佣' };

export const PLAN_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const PLAN_PERIOD_LABELS: Record<PlanPeriod, string> = {
  daily: '日结',
  weekly: '周结',
  monthly: '月结',
};

export const AGENT_STATUSES = ['active', 'suspended', 'frozen'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
/**
 * 停用: its invite links and codes stop working (statements are still built); 冻结: besides, its
 * statements cannot be paid and its back office is closed. Both reach the whole sub-tree.
 */
export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  active: '正常',
  suspended: '停用',
  frozen: '冻结',
};

/** draft: payable, waiting for 财务; paid; nil: nothing payable (a loss carried, or nothing earned). */
export const STATEMENT_STATES = ['draft', 'paid', 'nil'] as const;
export type StatementState = (typeof STATEMENT_STATES)[number];
export const STATEMENT_STATE_LABELS: Record<StatementState, string> = {
  draft: '待发放',
  paid: '已发放',
  nil: '无佣金',
};

export const INVITE_KINDS = ['member', 'agent'] as const;
export type InviteKind = (typeof INVITE_KINDS)[number];
export const INVITE_KIND_LABELS: Record<InviteKind, string> = { member: '会员', agent: '下级代理' };

/** Levels of a downline an agent sees (level 1: its own members; n: those of its sub-agents n − 1 down). */
export const AGENT_DEPTH_MAX = 10;
/** Tiers of a net-loss plan, at most. */
export const PLAN_TIERS_MAX = 10;
/** A net-loss share (of a category or of the costs), at most 60 %: the house keeps the rest of every loss. */
export const NET_LOSS_SHARE_MAX_BP = 6000;
/**
 * The highest turnover commission of a category: what is left of the house edge under the highest
 * member rebate, less 0.1 %. A member's rebate and every agent's commission above it on one valid bet
 * then stay below the edge, so an agent betting through its own downline loses on average.
 */
export const AGENT_TURNOVER_RATE_MAX_BP = Object.fromEntries(
  REBATE_CATEGORIES.map((c) => [c, HOUSE_EDGE_BP[c] - REBATE_RATE_MAX_BP[c] - 10]),
) as Record<RebateCategory, number>;
/** The payment-fee share: at most 5 % of the downline's deposits and withdrawals. */
export const FEE_SHARE_MAX_BP = 500;
export const COMMISSION_TURNOVER_MAX = 50;

export const MSG_PLAN_NAME = '请输入方案名称（1-30个字）';
export const MSG_PLAN_TIERS = `请设置1-${PLAN_TIERS_MAX}个档位`;
export const MSG_PLAN_TIER_ORDER = '档位须按负盈利和活跃人数从低到高排列';
export const MSG_PLAN_MONEY = '金额无效';
export const MSG_PLAN_ACTIVE = '活跃人数为0-1000000的整数';
export const msgShareMax = (what: string) => `${what}最高 ${NET_LOSS_SHARE_MAX_BP / 100}%`;
export const msgTurnoverRateMax = (c: RebateCategory) =>
  `${REBATE_CATEGORY_LABELS[c]}返佣最高 ${(AGENT_TURNOVER_RATE_MAX_BP[c] / 100).toFixed(2)}%（会员返水与代理返佣合计须低于庄家优势）`;
export const MSG_FEE_SHARE = `手续费分摊最高 ${FEE_SHARE_MAX_BP / 100}%`;
export const MSG_TURNOVER_MULTIPLE = `佣金打码倍数为0-${COMMISSION_TURNOVER_MAX}`;

/** Basis points as a percentage with two places: 1250 → "12.50%". */
export const bpText = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/** Money an operator types for a threshold: 0 or more yuan, two places at most; output cents. */
const Threshold = z.pipe(
  z.union([z.string().check(z.maxLength(16, MSG_PLAN_MONEY)), z.number()], { error: MSG_PLAN_MONEY }),
  z.transform((v, ctx) => {
    const text = String(v).trim();
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? toCents(text) : null;
    return cents === null || cents > MAX_AMOUNT_CENTS ? reject(ctx, MSG_PLAN_MONEY) : cents;
  }),
);

const Bp = (max: number, message: string) =>
  z.number({ error: message }).check(z.int(message), z.gte(0, message), z.lte(max, message));

const CategoryRates = (max: (c: RebateCategory) => number, message: (c: RebateCategory) => string) =>
  z.object(
    Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, Bp(max(c), message(c))])) as Record<
      RebateCategory,
      z.ZodMiniNumber<number>
    >,
  );

/** Share of each category's net loss in basis points. */
export const ShareRates = CategoryRates(
  () => NET_LOSS_SHARE_MAX_BP,
  (c) => msgShareMax(`${REBATE_CATEGORY_LABELS[c]}分成`),
);
/** Turnover commission of each category in basis points. */
export const TurnoverRates = CategoryRates((c) => AGENT_TURNOVER_RATE_MAX_BP[c], msgTurnoverRateMax);
export type CategoryRates = Record<RebateCategory, number>;

/** A tier: met by a period whose net loss (cents) and active members reach both minimums. */
export const PlanTier = z.object({
  min_profit: Threshold,
  min_active: z
    .number({ error: MSG_PLAN_ACTIVE })
    .check(z.int(MSG_PLAN_ACTIVE), z.gte(0, MSG_PLAN_ACTIVE), z.lte(1_000_000, MSG_PLAN_ACTIVE)),
  rates: ShareRates,
  /** The share of the costs (rebates, bonuses, red packets, fees) the agent bears in this tier. */
  cost_share: Bp(NET_LOSS_SHARE_MAX_BP, msgShareMax('成本分摊')),
});
export type PlanTier = z.output<typeof PlanTier>;

/** A plan template's fields as the console sends them (money in cents after parsing). */
export const PLAN_FIELDS = {
  name: z
    .string({ error: MSG_PLAN_NAME })
    .check(z.trim(), z.minLength(1, MSG_PLAN_NAME), z.maxLength(30, MSG_PLAN_NAME)),
  kind: z.enum(PLAN_KINDS, '方案类型无效'),
  period: z.enum(PLAN_PERIODS, '结算周期无效'),
  /** Active member: the period's approved deposits and valid bets reach both. */
  active_min_deposit: Threshold,
  active_min_valid: Threshold,
  tiers: z.array(PlanTier, { error: MSG_PLAN_TIERS }).check(z.maxLength(PLAN_TIERS_MAX, MSG_PLAN_TIERS)),
  deduct_rebates: z.boolean(),
  deduct_bonuses: z.boolean(),
  deduct_red_packets: z.boolean(),
  fee_share: Bp(FEE_SHARE_MAX_BP, MSG_FEE_SHARE),
  turnover_rates: TurnoverRates,
  turnover_multiple: z
    .number({ error: MSG_TURNOVER_MULTIPLE })
    .check(
      z.int(MSG_TURNOVER_MULTIPLE),
      z.gte(0, MSG_TURNOVER_MULTIPLE),
      z.lte(COMMISSION_TURNOVER_MAX, MSG_TURNOVER_MULTIPLE),
    ),
};

type PlanCore = { kind: PlanKind; tiers: { min_profit: number; min_active: number }[] };

/** A net-loss plan has tiers, ascending in both minimums. */
export const planChecks = () => [
  z.refine<PlanCore>((p) => p.kind !== 'net_loss' || p.tiers.length >= 1, {
    message: MSG_PLAN_TIERS,
    path: ['tiers'],
  }),
  z.refine<PlanCore>(
    (p) =>
      p.tiers.every((t, i) => {
        const prev = p.tiers[i - 1];
        return !prev || (t.min_profit >= prev.min_profit && t.min_active >= prev.min_active);
      }),
    { message: MSG_PLAN_TIER_ORDER, path: ['tiers'] },
  ),
];

export const PlanInput = z.object(PLAN_FIELDS).check(...planChecks());
export type PlanInput = z.output<typeof PlanInput>;

const Cents = z.number().check(z.int());
const Count = z.number().check(z.int(), z.gte(0));

/** One category of a statement: the downline's stakes, valid bets, net loss (house win) and the commission. */
export const StatementLine = z.object({
  category: z.enum(REBATE_CATEGORIES),
  stake: Cents,
  valid: Cents,
  profit: Cents,
  rate_bp: Count,
  /** Commission of the category (turnover plans: with what came from sub-agents' teams). */
  commission: Cents,
  from_sub_agents: Cents,
});
export type StatementLine = z.output<typeof StatementLine>;

/**
 * A statement's figures (cents), what the server stores and every screen shows. net_loss = Σ profit;
 * costs = rebates + bonuses + red packets + fees (each only when the plan deducts it); gross = Σ
 * commission; result = gross − costs × cost_share + carried_in; payable = max(0, result); carry_out =
 * min(0, result): a loss is carried to the next period, never forgiven.
 */
export const StatementFigures = z.object({
  lines: z.array(StatementLine),
  members: Count,
  active: Count,
  net_loss: Cents,
  rebates: Cents,
  bonuses: Cents,
  red_packets: Cents,
  fees: Cents,
  cost_share_bp: Count,
  costs_borne: Cents,
  gross: Cents,
  tier: Count,
  carried_in: Cents,
  result: Cents,
  payable: Cents,
  carry_out: Cents,
  /**
   * The largest share one member has of the downline's results (Σ |stake − payout| per member), in
   * basis points: a team of one or two big players is where a net-loss share can be played (see
   * CONCENTRATION_WARN_BP), so 财务 sees it before paying.
   */
  largest_member_bp: Count,
});
export type StatementFigures = z.output<typeof StatementFigures>;

/** A statement whose largest member holds this share or more of the results is flagged for review. */
export const CONCENTRATION_WARN_BP = 5000;
