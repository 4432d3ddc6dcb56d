import type { ReportActivityRow, ReportDailyRow, ReportOperatorRow } from '@app/contract/console-reports';
import type { ReportColumn } from './components/ReportTable';

/* The columns of 日报, the operators' work and the activities' cost: shown and carried by the CSV. */

const money = <R>(key: string, title: string, value: (r: R) => string, sum = true): ReportColumn<R> => ({
  key,
  title,
  value,
  money: true,
  sum,
});
const counted = <R>(key: string, title: string, value: (r: R) => number): ReportColumn<R> => ({
  key,
  title,
  value,
  sum: true,
});
const text = <R>(key: string, title: string, value: (r: R) => string): ReportColumn<R> => ({
  key,
  title,
  value,
  text: true,
});

export const dailyColumns: ReportColumn<ReportDailyRow>[] = [
  text('day', '日期', (r) => r.day),
  counted('registrations', '注册人数', (r) => r.registrations),
  counted('first_deposit_count', '首存人数', (r) => r.first_deposit_count),
  money('first_deposit_amount', '首存金额', (r) => r.first_deposit_amount),
  counted('second_deposit_count', '二存人数', (r) => r.second_deposit_count),
  money('second_deposit_amount', '二存金额', (r) => r.second_deposit_amount),
  counted('active_members', '活跃会员', (r) => r.active_members),
  money('deposits', '存款金额', (r) => r.deposits),
  counted('deposit_count', '存款笔数', (r) => r.deposit_count),
  money('withdrawals', '提款金额', (r) => r.withdrawals),
  counted('withdrawal_count', '提款笔数', (r) => r.withdrawal_count),
  money('adjust_in', '人工加款', (r) => r.adjust_in),
  money('adjust_out', '人工扣款', (r) => r.adjust_out),
  money('stakes', '投注金额', (r) => r.stakes),
  money('payouts', '派奖金额', (r) => r.payouts),
  money('ggr', 'GGR', (r) => r.ggr),
  money('bonuses', '活动彩金', (r) => r.bonuses),
  money('rebates', '返水', (r) => r.rebates),
  money('red_packets', '红包', (r) => r.red_packets),
  money('ngr', 'NGR', (r) => r.ngr),
  // Balances at a moment: never added up over days (the totals row is the range's end).
  money('liability_central', '日终中心钱包', (r) => r.liability_central, false),
  money('liability_venues', '日终场馆钱包', (r) => r.liability_venues, false),
  money('liability', '日终平台负债', (r) => r.liability, false),
];

export const operatorColumns: ReportColumn<ReportOperatorRow>[] = [
  text('operator', '操作员', (r) => r.operator),
  text('role', '角色', (r) => r.role || '—'),
  counted('deposits_approved', '存款通过', (r) => r.deposits_approved),
  money('deposits_approved_amount', '存款通过金额', (r) => r.deposits_approved_amount),
  counted('deposits_rejected', '存款拒绝', (r) => r.deposits_rejected),
  counted('withdrawals_approved', '提款通过', (r) => r.withdrawals_approved),
  money('withdrawals_approved_amount', '提款通过金额', (r) => r.withdrawals_approved_amount),
  counted('withdrawals_rejected', '提款拒绝', (r) => r.withdrawals_rejected),
  money('withdrawals_rejected_amount', '提款拒绝金额', (r) => r.withdrawals_rejected_amount),
  counted('adjustments', '人工调整笔数', (r) => r.adjustments),
  money('adjust_in', '人工加款', (r) => r.adjust_in),
  money('adjust_out', '人工扣款', (r) => r.adjust_out),
  counted('approvals_reviewed', '复核处理', (r) => r.approvals_reviewed),
  counted('applications_reviewed', '活动申请审核', (r) => r.applications_reviewed),
  counted('risk_reviewed', '风控放行', (r) => r.risk_reviewed),
];

export const activityColumns: ReportColumn<ReportActivityRow>[] = [
  text('id', '编号', (r) => String(r.id)),
  text('title', '活动', (r) => r.title),
  counted('applications', '申请数', (r) => r.applications),
  counted('approved', '通过', (r) => r.approved),
  counted('rejected', '拒绝', (r) => r.rejected),
  counted('paid_count', '派发笔数', (r) => r.paid_count),
  money('paid_amount', '派发金额', (r) => r.paid_amount),
  counted('members_paid', '派发人数', (r) => r.members_paid),
];
