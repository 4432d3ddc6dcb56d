import {
  bonusRuleProblem,
  BONUS_PERCENT_MAX,
  TURNOVER_MULTIPLE_MAX,
  type BonusBasis,
} from '@app/contract/console-promo';
import { REBATE_CATEGORIES } from '@app/contract/enums';
import type { BonusTerms } from '@app/contract/promo-value';
import { WEIGHT_MAX, type TurnoverBasis, type TurnoverWeights } from '@app/contract/turnover';

/** The bonus rule's fields as the activity form holds them while the operator types. */
export interface RuleFormValues {
  bonus_basis?: BonusBasis;
  bonus_percent?: unknown;
  bonus_cap?: unknown;
  turnover_multiple?: unknown;
  turnover_basis?: TurnoverBasis;
  turnover_weights?: Partial<Record<string, unknown>>;
}

export const isByDeposit = (basis: BonusBasis | undefined) =>
  basis === 'first_deposit' || basis === 'latest_deposit';

/** Hundredths of a typed decimal ("38.5" → 3850), null when it is not one. */
export function hundredths(text: unknown): number | null {
  const s = String(text ?? '').trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(s)) return null;
  const [whole = '0', frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const wholeIn = (v: unknown, max: number): number | null => {
  const n = typeof v === 'number' ? v : String(v ?? '').trim() === '' ? NaN : Number(v);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : null;
};

/** The six weights when each is a whole percent 0–100, else null. */
function weightsOfForm(w: RuleFormValues['turnover_weights']): TurnoverWeights | null {
  const out: Partial<TurnoverWeights> = {};
  for (const c of REBATE_CATEGORIES) {
    const n = wholeIn(w?.[c], WEIGHT_MAX);
    if (n === null) return null;
    out[c] = n;
  }
  return out as TurnoverWeights;
}

/**
 * The rule's terms for promo-value.ts when every field of it is filled in and passes the contract's
 * own checks (bonusRuleProblem: a percent, a cap, at least 1× turnover, something counting); null
 * otherwise (the form's fields, or the server, say what is wrong) and for a rule paid by its own job.
 */
export function termsOf(v: RuleFormValues): BonusTerms | null {
  const basis = v.bonus_basis;
  if (!basis || basis === 'none') return null;
  const percentBp = hundredths(v.bonus_percent);
  const cap = hundredths(v.bonus_cap);
  const multiple = wholeIn(v.turnover_multiple, TURNOVER_MULTIPLE_MAX);
  const weights = weightsOfForm(v.turnover_weights);
  if (percentBp === null || percentBp > BONUS_PERCENT_MAX * 100) return null;
  if (cap === null || multiple === null || weights === null) return null;
  const problem = bonusRuleProblem({
    bonus_basis: basis,
    bonus_percent: percentBp,
    bonus_cap: cap,
    turnover_multiple: multiple,
    turnover_weights: weights,
  });
  if (problem) return null;
  return {
    basis,
    percentBp,
    turnoverMultiple: multiple,
    turnoverBasis: v.turnover_basis ?? 'bonus',
    weights,
  };
}

const yuan = (c: number) => (c / 100).toFixed(2);

/**
 * What the rule pays on 1000 yuan (a deposit, or a relief's weekend loss) and the turnover it adds,
 * as modules/promo/bonus.ts computes them (rounded down, capped; the multiple of the bonus, or of the
 * deposit and the bonus); null while a field is not a number.
 */
export function example(v: RuleFormValues): string | null {
  const byDeposit = isByDeposit(v.bonus_basis);
  if (!byDeposit && v.bonus_basis !== 'net_loss') return null;
  const bp = hundredths(v.bonus_percent);
  const capCents = hundredths(v.bonus_cap);
  const m = wholeIn(v.turnover_multiple, TURNOVER_MULTIPLE_MAX);
  if (bp === null || capCents === null || m === null) return null;
  const base = 100_000;
  let bonus = Math.floor((base * bp) / 10_000);
  if (capCents > 0 && bonus > capCents) bonus = capCents;
  if (!byDeposit)
    return `示例：上周末净亏损 1000.00 元，救援金 ${yuan(bonus)} 元，增加流水要求 ${yuan(bonus * m)} 元。`;
  if (v.turnover_basis === 'deposit_bonus') {
    const turnover = yuan((base + bonus) * m);
    return `示例：存款 1000.00 元，彩金 ${yuan(bonus)} 元，增加流水要求（1000.00 + ${yuan(bonus)}）× ${m} = ${turnover} 元。`;
  }
  return `示例：存款 1000.00 元，彩金 ${yuan(bonus)} 元，增加流水要求 ${yuan(bonus * m)} 元。`;
}
