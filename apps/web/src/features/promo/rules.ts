import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { REVIEW_STATE_LABELS } from '@app/contract/enums';
import { MOBILE_PATTERN } from '@app/contract/member';
import {
  MSG_REBATE_NONE,
  MSG_RED_PACKET_NONE,
  MSG_RED_PACKET_OFF,
  RED_PACKET_WINDOW,
} from '@app/contract/promo';
import { MSG_AGENT_MOBILE, MSG_AGENT_REASON } from '@app/contract/agents';
import { formatMoney } from '@/shared/format';

/* Pure rules of the promotions screens (spec §4, §5, §8, §9), unit tested case by case. */

export const VIP_LEVELS = 10;

/* VIP ---------------------------------------------------------------------------------------------- */

/** The tab /vip opens on: the member's level (1–10) when logged in, otherwise VIP1. */
export function vipStartTab(level: number, loggedIn: boolean): number {
  if (!loggedIn || !Number.isFinite(level)) return 1;
  return Math.min(VIP_LEVELS, Math.max(1, Math.trunc(level)));
}

/** 已达标 when the member's own level is at least the tab's, else 未达标 (spec §2). */
export function vipStatus(ownLevel: number, tabLevel: number): '已达标' | '未达标' {
  return ownLevel >= tabLevel ? '已达标' : '未达标';
}

/**
 * VIP progress percent (spec §4): paysum / recharge of the entry at index equal to the current level
 * (the list is 0-based, so for VIP3 the entry of VIP4), rounded, capped at 100, 0 if either is 0.
 * At the top level there is no such entry: the member has reached every level, 100.
 */
export function vipProgress(
  paySumCents: number,
  levels: readonly { recharge: number }[],
  level: number,
): number {
  const entry = levels[level];
  if (!entry) return level > 0 && level >= levels.length && levels.length > 0 ? 100 : 0;
  if (!paySumCents || !entry.recharge) return 0;
  return Math.min(100, Math.round((paySumCents / entry.recharge) * 100));
}

/** What /api/vipProgress reports, in cents (VipProgress of the contract). */
export interface VipNext {
  nextLevel: number;
  deposits: number;
  bets: number;
  nextRecharge: number;
  nextFlow: number;
}

/**
 * Why the member is or is not moving up, shown under the progress (the spec's percent counts deposits
 * only, so 100 % alone would promise a promotion the turnover may not give): the top level; deposits
 * or valid bets still missing (amounts in yuan); or both met, promotion by 24:00 the next day.
 */
export function vipNote(p: VipNext): string {
  if (!p.nextLevel) return '您已达到最高等级';
  const yuan = (cents: number) => (Math.max(0, cents) / 100).toFixed(2);
  const depositShort = p.nextRecharge - p.deposits;
  const betShort = p.nextFlow - p.bets;
  const target = `VIP${p.nextLevel}`;
  if (depositShort > 0 && betShort > 0)
    return `再存款 ${yuan(depositShort)} 元、有效投注 ${yuan(betShort)} 元可晋级 ${target}`;
  if (depositShort > 0) return `流水已达标，再存款 ${yuan(depositShort)} 元可晋级 ${target}`;
  if (betShort > 0) return `存款已达标，还需有效投注 ${yuan(betShort)} 元才能晋级 ${target}`;
  return `已满足晋级条件，将于次日24:00前晋级 ${target}`;
}

/** Turnover progress toward the next level: valid bets / its flow, rounded, capped at 100. */
export function vipFlowProgress(p: VipNext): number {
  if (!p.nextLevel) return 100;
  if (!p.nextFlow) return 100;
  return Math.min(100, Math.round((Math.max(0, p.bets) / p.nextFlow) * 100));
}

/** A rate of the VIP table (0.8 means 0.8 %). */
export function formatRate(rate: number): string {
  return `${Number.isFinite(rate) ? rate : 0}%`;
}

/* Red packets -------------------------------------------------------------------------------------- */

/** The period text of /hongbao (spec §2, §9). */
export const RED_PACKET_PERIOD = `北京时间每日${RED_PACKET_WINDOW.start}-${RED_PACKET_WINDOW.end}`;
export const RED_PACKET_DEPOSIT_NOTE = '存款从前一日12:00开始计算';

function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** Whether `nowMs` falls in the Beijing red-packet window (start inclusive, end exclusive). */
export function inRedPacketWindow(nowMs: number): boolean {
  const beijing = new Date(nowMs + BEIJING_OFFSET_MS);
  const minute = beijing.getUTCHours() * 60 + beijing.getUTCMinutes();
  return minute >= minutesOf(RED_PACKET_WINDOW.start) && minute < minutesOf(RED_PACKET_WINDOW.end);
}

/**
 * Why a claim cannot be sent, in spec order, or null: red packets switched off (redpacket_switch 0),
 * then no claims left (sendnums <= 0). The window itself is the server's to check (its clock).
 */
export function redPacketBlock(ctx: { switchOn: boolean; remaining: number }): string | null {
  if (!ctx.switchOn) return MSG_RED_PACKET_OFF;
  if (ctx.remaining <= 0) return MSG_RED_PACKET_NONE;
  return null;
}

/* Rebates ------------------------------------------------------------------------------------------ */

/** Rebate claim (spec §5): nothing pending ⇒ 暂无领取额度！ */
export function validateRebateClaim(pendingCents: number): string | null {
  return pendingCents > 0 ? null : MSG_REBATE_NONE;
}

/* Date ranges ------------------------------------------------------------------------------------- */

/** The day YYYY-MM-DD of a date picked (the picker's local calendar day). */
export function dayOf(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** A picker's date of a YYYY-MM-DD day (local noon), or null. */
export function dateOfDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) : null;
}

/** Today in Beijing, YYYY-MM-DD. */
export function beijingToday(nowMs: number = Date.now()): string {
  return new Date(nowMs + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** Rebate states of /fanshui's filter: all, 未领取 (0), 已领取 (1), as getfanshui's `type`. */
export const REBATE_STATE_FILTERS: { value: '' | 0 | 1; label: string }[] = [
  { value: '', label: '全部' },
  { value: 0, label: '未领取' },
  { value: 1, label: '已领取' },
];

/* Activities --------------------------------------------------------------------------------------- */

/** Application states (spec §4): 1 pending review, 2 approved, 3 rejected; others are not defined. */
export function applicationStateLabel(state: number): string {
  return REVIEW_STATE_LABELS[state] ?? '--';
}

export const MSG_APPLY_OK = '申请成功';
export const MSG_REBATE_CLAIMED = '领取成功';

/* Agents ------------------------------------------------------------------------------------------- */

export const MSG_AGENT_SUBMITTED = '提交成功，等待后台审核';

/** Agent application (spec §5), in order: mainland mobile, then a reason. */
export function validateAgentApplication(form: { mobile: string; reason: string }): string | null {
  if (!MOBILE_PATTERN.test(form.mobile.trim())) return MSG_AGENT_MOBILE;
  if (!form.reason.trim()) return MSG_AGENT_REASON;
  return null;
}

/* Invitations -------------------------------------------------------------------------------------- */

export const MSG_COPIED = '复制成功！';
export const MSG_COPIED_FALLBACK = '链接已复制到剪贴板';
export const MSG_COPY_FAILED = '复制链接失败';

/** The message of a copy: the Clipboard API, the older execCommand fallback, or neither. */
export function copyMessage(outcome: 'clipboard' | 'fallback' | 'failed'): string {
  return outcome === 'clipboard'
    ? MSG_COPIED
    : outcome === 'fallback'
      ? MSG_COPIED_FALLBACK
      : MSG_COPY_FAILED;
}

/**
 * The referral link from getVisitUrl's `url` (spec §7): the site's visit address, which may carry the
 * referrer as `?pid=`. The app reads pid from its own route, so the link is that address (query and
 * hash dropped) with `#/login?type=1&pid=…` (its pid, else the member's id). Without a url, this page's
 * address stands in.
 */
export function inviteLink(opts: { visitUrl: string; pageUrl: string; userId: number }): string {
  const raw = opts.visitUrl || opts.pageUrl;
  let pid = String(opts.userId);
  let base = raw.replace(/#.*$/, '');
  try {
    const url = new URL(base);
    pid = url.searchParams.get('pid') || pid;
    base = `${url.origin}${url.pathname}`;
  } catch {
    base = base.replace(/\?.*$/, '');
  }
  return `${base.replace(/\/+$/, '').replace(/\/index\.html$/, '')}/#/login?type=1&pid=${pid}`;
}

export const MSG_SAVED = '保存成功';
export const MSG_SAVE_FAILED = '保存失败';

/** A band whose upper end reaches 1,000,000.00 (cents here; the console's "no limit" is 999999999.99) is open. */
export const OPEN_BAND_MIN = 100_000_000;

/** A red-packet deposit band as a member reads it: 500.00 - 1999.99, or 10000.00 以上 for the open one. */
export function depositBandText(min: number, max: number): string {
  return max >= OPEN_BAND_MIN ? `${formatMoney(min)} 以上` : `${formatMoney(min)} - ${formatMoney(max)}`;
}
