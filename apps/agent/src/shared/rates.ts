import { MSG_SUB_RATES } from '@app/contract/agent-office';
import type { CategoryRates } from '@app/contract/agent-plans';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, type RebateCategory } from '@app/contract/enums';
import { parsePercent, percentInput, percentText } from '@/shared/format';

/** A sub-agent's turnover rates as typed: a percentage per category. */
export type RateTexts = Record<RebateCategory, string>;

/** The form's first values: the given rates (a sub-agent's), or 0 everywhere. */
export function rateTexts(rates?: CategoryRates | null): RateTexts {
  return Object.fromEntries(
    REBATE_CATEGORIES.map((c) => [c, rates ? percentInput(rates[c]) : '0']),
  ) as RateTexts;
}

/**
 * The rates in basis points, or the first problem: a category that is not a percentage with at most
 * two places, or above the agent's own rate (MSG_SUB_RATES, the server's words).
 */
export function readRates(
  texts: RateTexts,
  own: CategoryRates,
): { rates: CategoryRates; problem: null } | { rates: null; problem: string } {
  const rates = {} as CategoryRates;
  for (const c of REBATE_CATEGORIES) {
    const bp = parsePercent(texts[c]);
    if (bp === null)
      return { rates: null, problem: `请输入正确的${REBATE_CATEGORY_LABELS[c]}返佣比例（最多两位小数）` };
    if (bp > own[c])
      return {
        rates: null,
        problem: `${MSG_SUB_RATES}（${REBATE_CATEGORY_LABELS[c]}最高 ${percentText(own[c])}）`,
      };
    rates[c] = bp;
  }
  return { rates, problem: null };
}

/**
 * "真人 0.50% · 体育 0.40% · …": no-break spaces inside a category and before its dot, so a narrow
 * card wraps only after a dot (with .rates, which keeps the Chinese names whole).
 */
export function ratesText(rates: CategoryRates): string {
  return REBATE_CATEGORIES.map((c) => `${REBATE_CATEGORY_LABELS[c]}\u00a0${percentText(rates[c])}`).join(
    '\u00a0· ',
  );
}
