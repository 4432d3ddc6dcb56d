import { formatCents, toCents } from '@app/contract/codecs';
import {
  BONUS_BASIS_LABELS,
  PAY_TYPE_LABELS,
  type ActivityApplication,
  type BonusRuleView,
} from '@app/contract/console-applications';
import dayjs from 'dayjs';
import { yuan } from '@/shared/format';

const byDeposit = (rule: BonusRuleView) => rule.basis === 'first_deposit' || rule.basis === 'latest_deposit';

/** The deposit counts toward the bonus's turnover: （存款 + 彩金）× 倍数. */
export const withDeposit = (rule: BonusRuleView) =>
  byDeposit(rule) && rule.turnover_basis === 'deposit_bonus';

/** "首笔存款 × 38%，上限 ¥888.00" — how the rule computes the bonus. */
export function ruleSummary(rule: BonusRuleView): string {
  const basis = BONUS_BASIS_LABELS[rule.basis] ?? rule.basis;
  if (rule.basis === 'none') return basis;
  const cap = Number(rule.cap) > 0 ? `，上限 ${yuan(rule.cap)}` : '，不设上限';
  if (rule.basis === 'manual') return `${basis}${cap}`;
  return `${basis} × ${rule.percent}%${cap}`;
}

/** "（存款 + 彩金）× 15 倍流水" — what the turnover multiple multiplies. */
export function turnoverText(rule: BonusRuleView): string {
  const base = withDeposit(rule) ? '（存款 + 彩金）' : rule.basis === 'net_loss' ? '救援金 ' : '彩金 ';
  return `${base}× ${rule.turnover_multiple} 倍流水`;
}

/**
 * "最低存款 ¥100.00 · 不限存款方式 · （存款 + 彩金）× 15 倍流水" — what the deposit (or a relief's
 * loss) must be and the turnover the bonus adds, part by part.
 */
export function ruleConditions(rule: BonusRuleView): string[] {
  const parts: string[] = [];
  if (rule.basis !== 'manual' && Number(rule.min_deposit) > 0)
    parts.push(`${rule.basis === 'net_loss' ? '最低亏损' : '最低存款'} ${yuan(rule.min_deposit)}`);
  if (byDeposit(rule))
    parts.push(rule.pay_type ? `限${PAY_TYPE_LABELS[rule.pay_type] ?? rule.pay_type}存款` : '不限存款方式');
  parts.push(turnoverText(rule));
  return parts;
}

/** "2026-11-21 至 11-22" — a relief's weekend from its Saturday. */
export function weekendText(saturday: string): string {
  const sat = dayjs(saturday);
  return sat.isValid() ? `${saturday} 至 ${sat.add(1, 'day').format('MM-DD')}` : saturday;
}

export const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The turnover a bonus typed as text adds, as a wire amount (modules/promo/bonus.ts turnoverOf): the
 * multiple of the bonus, or of the deposit and the bonus; null when the text is not money.
 */
export function turnoverOf(
  amount: string,
  row: Pick<ActivityApplication, 'rule' | 'deposit'>,
): string | null {
  const text = amount.trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const cents = toCents(text);
  if (cents === null) return null;
  const deposit = withDeposit(row.rule) && row.deposit ? toCents(row.deposit.amount) : null;
  return formatCents((BigInt(cents) + BigInt(deposit ?? 0)) * BigInt(row.rule.turnover_multiple));
}
