import type {
  ReportGameRow,
  ReportGamesRow,
  ReportMembersRow,
  ReportMethodRow,
  ReportMoneyRow,
  ReportPromoRow,
} from '@app/contract/console-reports';
import type { ReportColumn } from './components/ReportTable';

/* The columns of every report table: the screen shows them and the CSV carries them. */

const day = <R extends { day: string }>(): ReportColumn<R> => ({
  key: 'day',
  title: '日期',
  value: (r) => r.day,
});
const money = <R>(key: string, title: string, value: (r: R) => string): ReportColumn<R> => ({
  key,
  title,
  value,
  money: true,
  sum: true,
});
const counted = <R>(key: string, title: string, value: (r: R) => number): ReportColumn<R> => ({
  key,
  title,
  value,
  sum: true,
});

export const moneyColumns: ReportColumn<ReportMoneyRow>[] = [
  day(),
  money('deposits', '存款金额', (r) => r.deposits),
  counted('deposit_count', '存款笔数', (r) => r.deposit_count),
  money('withdrawals', '提款金额', (r) => r.withdrawals),
  counted('withdrawal_count', '提款笔数', (r) => r.withdrawal_count),
  money('adjust_in', '人工加款', (r) => r.adjust_in),
  money('adjust_out', '人工扣款', (r) => r.adjust_out),
];

export const methodColumns: ReportColumn<ReportMethodRow>[] = [
  { key: 'method', title: '方式', value: (r) => r.method },
  counted('count', '笔数', (r) => r.count),
  money('amount', '金额', (r) => r.amount),
];

export const gamesColumns: ReportColumn<ReportGamesRow>[] = [
  day(),
  money('venue_stake', '场馆投注', (r) => r.venue_stake),
  money('venue_payout', '场馆派奖', (r) => r.venue_payout),
  money('lottery_stake', '彩票投注', (r) => r.lottery_stake),
  money('lottery_payout', '彩票派奖', (r) => r.lottery_payout),
  money('house', '平台盈亏', (r) => r.house),
];

export const gameColumns = (title: string): ReportColumn<ReportGameRow>[] => [
  { key: 'name', title, value: (r) => r.name },
  counted('bets', '注单数', (r) => r.bets),
  money('stake', '投注金额', (r) => r.stake),
  money('payout', '派奖金额', (r) => r.payout),
  money('house', '平台盈亏', (r) => r.house),
];

export const promoColumns: ReportColumn<ReportPromoRow>[] = [
  day(),
  money('rebates', '返水', (r) => r.rebates),
  counted('rebate_count', '返水笔数', (r) => r.rebate_count),
  money('red_packets', '红包', (r) => r.red_packets),
  counted('red_packet_count', '红包个数', (r) => r.red_packet_count),
  money('bonuses', '活动彩金', (r) => r.bonuses),
  counted('bonus_count', '彩金笔数', (r) => r.bonus_count),
  money('total', '优惠合计', (r) => r.total),
];

export const membersColumns: ReportColumn<ReportMembersRow>[] = [
  day(),
  counted('new_members', '新增会员', (r) => r.new_members),
  counted('active_members', '活跃会员', (r) => r.active_members),
];
