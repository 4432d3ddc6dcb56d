import { consolePromoVipLevels, type VipLevelRow } from '@app/contract/console-promo';
import { REBATE_CATEGORIES, type RebateCategory } from '@app/contract/enums';
import { categoryCosts, type CategoryCosts } from '@app/contract/promo-value';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from './api';

/**
 * The ten VIP levels with their rebate rates (返水比例 and VIP 等级 edit them). Promotions read them
 * too: a rule's value to a member depends on the highest rebate of each category (rebates stack on the
 * bets that clear a bonus), so the previews of 活动 and 红包档位 share this one query.
 */
export const vipLevelsQuery = queryOptions({
  queryKey: ['console', 'promo', 'vip-levels'],
  queryFn: () => callApi(consolePromoVipLevels, {}),
});

/** "0.80" → 80 (hundredths of a percent); 0 for anything else. */
function rateBp(text: string | undefined): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(text ?? '').trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : 0;
}

/** The highest rebate rate of each category over every level (basis points), as the server takes it. */
export function maxRebateBp(levels: readonly VipLevelRow[]): Record<RebateCategory, number> {
  return Object.fromEntries(
    REBATE_CATEGORIES.map((c) => [c, levels.reduce((m, l) => Math.max(m, rateBp(l.rates[c])), 0)]),
  ) as Record<RebateCategory, number>;
}

/**
 * What a unit of valid bets of each category costs a member today (house edge less the highest
 * rebate), for the browser's previews; null while the levels load or when they cannot be read (the
 * server values every rule again when it is saved).
 */
export function useCategoryCosts(): { costs: CategoryCosts | null; failed: boolean } {
  const query = useQuery(vipLevelsQuery);
  const levels = query.data?.levels;
  const costs = useMemo(() => (levels ? categoryCosts(maxRebateBp(levels)) : null), [levels]);
  return { costs, failed: query.isError && !levels };
}
