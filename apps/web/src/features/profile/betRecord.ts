import { formatCents } from '@app/contract/codecs';
import type { CsvColumn } from '@app/contract/csv';
import {
  BET_STATUSES,
  BET_VENUE_LOTTERY,
  DATE_FILTER_LABELS,
  DATE_FILTER_VALUES,
  type BetRecord,
} from '@app/contract/member';
import type { DateFilter } from '@app/contract/enums';
import { formatDate } from '@/shared/format';

/* /betRecord: the filters' choices and how a bet's state reads. */

export const BET_DATE_FILTERS: readonly { value: DateFilter; label: string }[] = DATE_FILTER_VALUES.map(
  (value) => ({ value, label: DATE_FILTER_LABELS[value] }),
);

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

/** Settled (won or lost): its valid bet and payout are known. */
export function betSettled(r: Pick<BetRecord, 'status' | 'winAmount'>): boolean {
  const state = betStateOf(r);
  return state === 'won' || state === 'lost';
}

/** The row's title: the game, and the period for the lottery (第20261122001期). */
export function betTitle(r: Pick<BetRecord, 'gameName' | 'platform' | 'expect'>): string {
  const name = r.gameName || r.platform || '--';
  return r.expect ? `${name} 第${r.expect}期` : name;
}

/**
 * 导出CSV's columns: Chinese titles, amounts as yuan with two places, the time in Beijing time as the
 * list shows it; valid bet and payout only once settled (as the list: '' until then).
 */
export const BET_COLUMNS: CsvColumn<BetRecord>[] = [
  { title: '注单号', value: (b) => b.orderNo },
  { title: '游戏', value: (b) => betTitle(b) },
  { title: '场馆', value: (b) => b.platform },
  { title: '内容', value: (b) => b.content },
  { title: '投注金额（元）', value: (b) => formatCents(b.betAmount) },
  { title: '有效投注（元）', value: (b) => (betSettled(b) ? formatCents(b.validAmount) : '') },
  { title: '派彩金额（元）', value: (b) => (betSettled(b) ? formatCents(b.winAmount) : '') },
  { title: '状态', value: (b) => BET_STATE_LABELS[betStateOf(b)] },
  { title: '时间（北京时间）', value: (b) => formatDate(b.createdAt) },
];
