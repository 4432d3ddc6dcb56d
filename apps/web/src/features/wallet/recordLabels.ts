import { RECORD_TYPES, REVIEW_STATES, type RecordType } from '@app/contract/enums';
import { payWayLabel } from './labels';
import { WITHDRAW_TYPE_NAMES } from './withdrawCache';

/* What /transRecord shows as a record's 方式: the server sends codes (usdt-TRC20, bank, wechat) for
 * deposits and withdrawals and the venue's name for transfers; the member reads Chinese. Deposit
 * codes are labels.ts's (shared with /recharge and /payInfo). */

const CENTRAL = '中心钱包';
const RECOVER_ALL = '一键回收';

/** The 方式 of one record of `type`, in Chinese. */
export function recordPayWayLabel(type: RecordType, payWay: string): string {
  if (type === RECORD_TYPES.deposit) return payWayLabel(payWay);
  if (type === RECORD_TYPES.withdraw) {
    return (WITHDRAW_TYPE_NAMES as Record<string, string>)[payWay.toLowerCase()] ?? '其他';
  }
  if (payWay === RECOVER_ALL) return RECOVER_ALL;
  const venue = payWay || '场馆钱包';
  return type === RECORD_TYPES.transferIn ? `${CENTRAL} → ${venue}` : `${venue} → ${CENTRAL}`;
}

/** The /transRecord filters from the address (`?date=&type=`), so a reload keeps them. */
export function recordFilterOf<T extends number>(raw: string | null, allowed: readonly T[], fallback: T): T {
  const n = Number(raw);
  return allowed.find((v) => v === n) ?? fallback;
}

/**
 * Where a record's 付款信息 is shown again: a deposit still in review that was paid elsewhere (USDT,
 * WeChat, Alipay) opens /payInfo, as after submitting it, so a member who left that page can still pay.
 * A bank transfer has nothing more to show there (its receiving card is on /recharge): null.
 */
export function payInfoPathOf(type: RecordType, record: { orderNo: string; payWay: string; state: number }) {
  if (type !== RECORD_TYPES.deposit || record.state !== REVIEW_STATES.pending || record.orderNo === '')
    return null;
  if (record.payWay.toLowerCase().startsWith('bank')) return null;
  return `/payInfo?deposit_no=${encodeURIComponent(record.orderNo)}`;
}
