/* An activity's bonus rule in words, for members (activitydeatil's `terms`, our addition to the spec):
 * what it pays, its cap and minimum, the turnover and how much each game counts toward it. */
import { formatCents } from './codecs';
import { PAY_TYPE_LABELS } from './console-applications';
import { weightsText, type TurnoverWeights } from './turnover';

export interface ActivityRule {
  basis: 'first_deposit' | 'latest_deposit' | 'net_loss' | 'manual' | 'none';
  percentBp: number;
  capCents: bigint;
  minCents: bigint;
  payType: string;
  turnoverMultiple: number;
  turnoverBasis: 'bonus' | 'deposit_bonus';
  weights: TurnoverWeights;
}

export interface TermRow {
  label: string;
  value: string;
}

const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
const yuan = (cents: bigint) => `${formatCents(cents)} 元`;

/** The weekend a relief counts: Saturday and Sunday, Beijing time. */
export const RELIEF_PERIOD_TEXT = '上周末（北京时间周六、周日）';

function noticeOf(basis: ActivityRule['basis']): string {
  if (basis === 'net_loss') return '每个周末限领取一次';
  if (basis === 'manual') return '每位会员限领取一次';
  const limits = ['每位会员限领取一次', '每笔存款限参与一个优惠', '存款后已提款则不能再申请'];
  if (basis === 'first_deposit') limits.splice(1, 0, '同一手机号、银行卡、USDT 地址或真实姓名限领一次');
  return limits.join('；');
}

/** Rows in order; none for an activity paid by its own job (its text says how). */
export function activityTerms(r: ActivityRule): TermRow[] {
  if (r.basis === 'none') return [];
  const rows: TermRow[] = [];
  const way = r.payType ? ` ${PAY_TYPE_LABELS[r.payType] ?? r.payType} ` : '';
  if (r.basis === 'first_deposit')
    rows.push({ label: '彩金', value: `首笔${way}存款的 ${percent(r.percentBp)}` });
  if (r.basis === 'latest_deposit')
    rows.push({ label: '彩金', value: `最近一笔${way}存款的 ${percent(r.percentBp)}` });
  if (r.basis === 'net_loss')
    rows.push({ label: '救援金', value: `${RELIEF_PERIOD_TEXT}投注净亏损的 ${percent(r.percentBp)}` });
  if (r.basis === 'manual') rows.push({ label: '彩金', value: '由客服核定' });
  if (r.capCents > 0n) rows.push({ label: '最高', value: yuan(r.capCents) });
  if (r.minCents > 0n && r.basis !== 'manual') {
    rows.push({ label: r.basis === 'net_loss' ? '最低亏损' : '最低存款', value: yuan(r.minCents) });
  }
  const byDeposit = r.basis === 'first_deposit' || r.basis === 'latest_deposit';
  // A full-width bracket needs no space before ×; a word does.
  const base =
    byDeposit && r.turnoverBasis === 'deposit_bonus'
      ? '（存款 + 彩金）'
      : r.basis === 'net_loss'
        ? '救援金 '
        : '彩金 ';
  rows.push({ label: '流水要求', value: `${base}× ${r.turnoverMultiple} 倍有效投注` });
  rows.push({ label: '流水计入', value: weightsText(r.weights) });
  rows.push({ label: '须知', value: noticeOf(r.basis) });
  return rows;
}
