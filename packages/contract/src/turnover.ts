/* Turnover (打码量) requirements: where each part of a member's requirement came from, and how much of a
 * valid bet of each category counts toward it (server-rules 'Withdrawals' and 'Promotions cost more to
 * clear than they pay'). One source for the server, the console and the member app. */
import {
  REBATE_CATEGORIES,
  REBATE_CATEGORY_LABELS,
  REBATE_CATEGORY_OF,
  type GameCategory,
  type RebateCategory,
} from './enums';

/**
 * The one mapping of a valid bet's category to its rebate category: bets carry the hall category of
 * their platform (realbet, sport, gaming, joker, concise, lottery); a rebate category name counts as
 * itself. Anything else earns no rebate (and counts in full toward turnover).
 */
export function rebateCategoryOf(category: string): RebateCategory | null {
  if ((REBATE_CATEGORIES as readonly string[]).includes(category)) return category as RebateCategory;
  return REBATE_CATEGORY_OF[category as GameCategory] ?? null;
}

/** What added a requirement: a deposit (×1), an activity bonus, a claimed rebate or red packet, an
 * operator's credit, a demo balance, or what an older version's single counter still owed. */
export const TURNOVER_SOURCES = [
  'deposit',
  'activity_bonus',
  'rebate',
  'red_packet',
  'adjustment',
  'demo',
  'carried',
  'commission',
] as const;
export type TurnoverSource = (typeof TURNOVER_SOURCES)[number];

export const TURNOVER_SOURCE_LABELS: Record<TurnoverSource, string> = {
  deposit: '存款',
  activity_bonus: '活动彩金',
  rebate: '返水',
  red_packet: '红包',
  adjustment: '人工加款',
  demo: '体验金',
  carried: '此前打码量',
  commission: '代理佣金',
};

/**
 * The share (whole percent, 0–100) of a valid bet of each category that counts toward one requirement.
 * A bonus's rule sets them (even-money lottery plays may count a small share); every other requirement
 * counts every category in full.
 */
export type TurnoverWeights = Record<RebateCategory, number>;

export const WEIGHT_MAX = 100;

/** What a bonus's turnover multiple multiplies: the bonus, or the deposit and the bonus together. */
export const TURNOVER_BASES = ['bonus', 'deposit_bonus'] as const;
export type TurnoverBasis = (typeof TURNOVER_BASES)[number];
export const TURNOVER_BASIS_LABELS: Record<TurnoverBasis, string> = {
  bonus: '彩金 × 倍数',
  deposit_bonus: '（存款 + 彩金）× 倍数',
};
export const MSG_TURNOVER_BASIS = '请选择流水计算方式';
export const MSG_TURNOVER_WEIGHT = `流水计入比例为 0–${WEIGHT_MAX} 的整数（百分比）`;
export const MSG_TURNOVER_WEIGHTS_ZERO = '至少一类游戏须计入流水（全部为 0 时彩金永远无法提款）';

export const FULL_WEIGHTS: TurnoverWeights = Object.fromEntries(
  REBATE_CATEGORIES.map((c) => [c, WEIGHT_MAX]),
) as TurnoverWeights;

/** The weights of a stored rule (null or a missing category: in full), every value an integer 0–100. */
export function weightsOf(stored: Partial<Record<string, unknown>> | null | undefined): TurnoverWeights {
  const out = { ...FULL_WEIGHTS };
  if (!stored) return out;
  for (const c of REBATE_CATEGORIES) {
    const v = stored[c];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= WEIGHT_MAX) out[c] = v;
  }
  return out;
}

export const isFullWeights = (w: TurnoverWeights) => REBATE_CATEGORIES.every((c) => w[c] === WEIGHT_MAX);

/**
 * The weights in words, for members: '全部游戏按 100% 计入', or '彩票按 50% 计入，其余游戏按 100% 计入' /
 * '彩票不计入，…'. Categories that share a share are named together.
 */
export function weightsText(w: TurnoverWeights): string {
  if (isFullWeights(w)) return '全部游戏按 100% 计入';
  const groups = new Map<number, string[]>();
  for (const c of REBATE_CATEGORIES)
    groups.set(w[c], [...(groups.get(w[c]) ?? []), REBATE_CATEGORY_LABELS[c]]);
  const full = groups.get(WEIGHT_MAX);
  const parts = [...groups.entries()]
    .filter(([share]) => share !== WEIGHT_MAX)
    .sort(([a], [b]) => b - a)
    .map(([share, names]) => `${names.join('、')}${share === 0 ? '不计入' : `按 ${share}% 计入`}`);
  if (full)
    parts.push(`${full.length === REBATE_CATEGORIES.length ? '全部游戏' : full.join('、')}按 100% 计入`);
  return parts.join('，');
}
