/* The plan form's arithmetic: rates typed as percentages ("12.5") and sent as basis points (1250), a
 * template read back into the form, and the form checked by the contract before it is sent, so the
 * operator reads the contract's own message. */
import type { PlanKind, PlanPeriod } from '@app/contract/agent-plans';
import { consoleAgentPlanSave, type PlanView } from '@app/contract/console-agents';
import type { RequestOf } from '@app/contract/define';
import { REBATE_CATEGORIES, type RebateCategory } from '@app/contract/enums';

export type PlanBody = RequestOf<typeof consoleAgentPlanSave>;
export type PercentRates = Record<RebateCategory, string>;

export const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
export const MSG_PERCENT = '请输入百分比，最多两位小数';

/** A percentage typed by the operator in basis points ("12.5" → 1250, "" → 0); null when it is none. */
export function percentToBp(text: string | undefined | null): number | null {
  const t = (text ?? '').trim();
  if (t === '') return 0;
  if (!PERCENT_PATTERN.test(t)) return null;
  const [whole = '0', frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Basis points as the operator types them: 1250 → "12.5", 40 → "0.4", 0 → "0". */
export function bpToPercent(bp: number): string {
  return String(bp / 100);
}

const ratesToPercent = (r: Record<RebateCategory, number>): PercentRates =>
  Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, bpToPercent(r[c] ?? 0)])) as PercentRates;
/** Each rate in basis points; a mistyped one as NaN, which the contract refuses with its message. */
const ratesToBp = (r: Partial<PercentRates> | undefined) =>
  Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, percentToBp(r?.[c]) ?? Number.NaN])) as Record<
    RebateCategory,
    number
  >;

export interface TierForm {
  min_profit: string;
  min_active: number | null;
  rates: PercentRates;
  cost_share: string;
}

export const DEDUCTIONS = ['rebates', 'bonuses', 'red_packets'] as const;
export type Deduction = (typeof DEDUCTIONS)[number];
export const DEDUCTION_LABELS: Record<Deduction, string> = {
  rebates: '返水',
  bonuses: '活动红利',
  red_packets: '红包',
};

export interface PlanForm {
  name: string;
  kind: PlanKind;
  period: PlanPeriod;
  active_min_deposit: string;
  active_min_valid: string;
  tiers: TierForm[];
  deductions: Deduction[];
  fee_share: string;
  turnover_rates: PercentRates;
  turnover_multiple: number | null;
}

const noRates = (): PercentRates =>
  Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, '0'])) as PercentRates;

export const newTier = (): TierForm => ({
  min_profit: '0',
  min_active: 0,
  rates: noRates(),
  cost_share: '0',
});

/** The form of a template (a new one: a daily net-loss plan with one tier, every deduction on). */
export function formOfPlan(p?: PlanView): PlanForm {
  if (!p) {
    return {
      name: '',
      kind: 'net_loss',
      period: 'monthly',
      active_min_deposit: '100',
      active_min_valid: '500',
      tiers: [newTier()],
      deductions: [...DEDUCTIONS],
      fee_share: '0',
      turnover_rates: noRates(),
      turnover_multiple: 1,
    };
  }
  return {
    name: p.name,
    kind: p.kind,
    period: p.period,
    active_min_deposit: p.active_min_deposit,
    active_min_valid: p.active_min_valid,
    tiers: p.tiers.map((t) => ({
      min_profit: t.min_profit,
      min_active: t.min_active,
      rates: ratesToPercent(t.rates),
      cost_share: bpToPercent(t.cost_share),
    })),
    deductions: DEDUCTIONS.filter((d) => p[`deduct_${d}`]),
    fee_share: bpToPercent(p.fee_share),
    turnover_rates: ratesToPercent(p.turnover_rates),
    turnover_multiple: p.turnover_multiple,
  };
}

/**
 * What the form sends: rates in basis points; a net-loss plan sends no turnover rates, a turnover
 * plan no tiers. The contract's first refusal instead (`problem`), when it has one.
 */
export function bodyOfForm(f: PlanForm, id?: number): { body: PlanBody } | { problem: string } {
  const netLoss = f.kind === 'net_loss';
  const body: PlanBody = {
    ...(id === undefined ? {} : { id }),
    name: (f.name ?? '').trim(),
    kind: f.kind,
    period: f.period,
    active_min_deposit: (f.active_min_deposit ?? '').trim(),
    active_min_valid: (f.active_min_valid ?? '').trim(),
    tiers: netLoss
      ? (f.tiers ?? []).map((t) => ({
          min_profit: (t.min_profit ?? '').trim(),
          min_active: t.min_active ?? Number.NaN,
          rates: ratesToBp(t.rates),
          cost_share: percentToBp(t.cost_share) ?? Number.NaN,
        }))
      : [],
    deduct_rebates: f.deductions?.includes('rebates') ?? false,
    deduct_bonuses: f.deductions?.includes('bonuses') ?? false,
    deduct_red_packets: f.deductions?.includes('red_packets') ?? false,
    fee_share: percentToBp(f.fee_share) ?? Number.NaN,
    turnover_rates: netLoss ? ratesToBp(noRates()) : ratesToBp(f.turnover_rates),
    turnover_multiple: f.turnover_multiple ?? Number.NaN,
  };
  const checked = consoleAgentPlanSave.request.safeParse(body);
  if (!checked.success) return { problem: checked.error.issues[0]?.message ?? '方案内容有误' };
  return { body };
}
