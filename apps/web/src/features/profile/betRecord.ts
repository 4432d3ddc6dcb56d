import { BET_STATUSES, BET_VENUE_LOTTERY, type BetRecord } from '@app/contract/member';
import { DATE_FILTERS, type DateFilter } from '@app/contract/enums';

/* /betRecord: the filters' choices and how a bet's state reads. */

export const BET_DATE_FILTERS: readonly { value: DateFilter; label: string }[] = [
  { value: DATE_FILTERS.today, label: '今天' },
  { value: DATE_FILTERS.days7, label: '近7天' },
  { value: DATE_FILTERS.days15, label: '近15天' },
  { value: DATE_FILTERS.days30, label: '近30天' },
];

/** The venue filter's value for every venue. */
export const ALL_VENUES = '';

/** 全部场馆, 彩票 (the lottery's own bets), then each venue by its name, as the venue list has them. */
export function venueChoices(venues: readonly { platform: string; name: string }[] | undefined) {
  return [
    { value: ALL_VENUES, label: '全部场馆' },
    { value: BET_VENUE_LOTTERY, label: '彩票' },
    ...(venues ?? []).map((v) => ({ value: v.platform, label: v.name || '其他场馆' })),
  ];
}

export type BetState = 'unsettled' | 'won' | 'lost' | 'invalid' | 'unknown';

export const BET_STATE_LABELS: Record<BetState, string> = {
  unsettled: '未结算',
  won: '已中奖',
  lost: '未中奖',
  invalid: '无效',
  unknown: '--',
};

/** Spec §4's statuses; a settled bet won when it paid anything back. */
export function betStateOf(r: Pick<BetRecord, 'status' | 'winAmount'>): BetState {
  if (r.status === BET_STATUSES.unsettled) return 'unsettled';
  if (r.status === BET_STATUSES.invalid) return 'invalid';
  if (r.status === BET_STATUSES.settled) return r.winAmount > 0 ? 'won' : 'lost';
  return 'unknown';
}

/** The row's title: the game, and the period for the lottery (第20261122001期). */
export function betTitle(r: Pick<BetRecord, 'gameName' | 'platform' | 'expect'>): string {
  const name = r.gameName || r.platform || '--';
  return r.expect ? `${name} 第${r.expect}期` : name;
}
