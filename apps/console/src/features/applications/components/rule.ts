import { formatCents, toCents } from '@app/contract/codecs';
import { BONUS_BASIS_LABELS, PAY_TYPE_LABELS, type BonusRuleView } from '@app/contract/console-applications';
import { yuan } from '@/shared/format';

/** "首笔存款 × 38%，上限 ¥888.00" — how the rule computes the bonus. */
export function ruleSummary(rule: BonusRuleView): string {
  const basis = BONUS_BASIS_LABELS[rule.basis] ?? rule.basis;
  if (rule.basis === 'none') return basis;
  const cap = Number(rule.cap) > 0 ? `，上限 ${yuan(rule.cap)}` : '，不设上限';
  if (rule.basis === 'manual') return `${basis}${cap}`;
  return `${basis} × ${rule.percent}%${cap}`;
}

/** "最低存款 ¥100.00 · 银行卡 · 10 倍流水" — what the deposit must be and what the bonus adds. */
export function ruleConditions(rule: BonusRuleView): string {
  const parts: string[] = [];
  if (Number(rule.min_deposit) > 0) parts.push(`最低存款 ${yuan(rule.min_deposit)}`);
  parts.push(rule.pay_type ? `限${PAY_TYPE_LABELS[rule.pay_type] ?? rule.pay_type}存款` : '不限存款方式');
  parts.push(`${rule.turnover_multiple} 倍流水`);
  return parts.join(' · ');
}

export const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** The turnover a bonus typed as text adds (bonus × multiple), as a wire amount; null when not money. */
export function turnoverOf(amount: string, multiple: number): string | null {
  const text = amount.trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const cents = toCents(text);
  if (cents === null) return null;
  return formatCents(BigInt(cents) * BigInt(multiple));
}
