import {
  EXCLUSION_MONTHS,
  MSG_LIMIT_AMOUNT,
  REALITY_CHECK_MINUTES,
  SESSION_LIMIT_MINUTES,
  TIMEOUT_DAYS,
  type PlayBreak,
} from '@app/contract/protection';
import { formatDate, formatMoney } from '@/shared/format';

/** A limit's amount as typed: yuan with at most two decimals, above 0 (the server checks it again). */
export function limitAmountProblem(text: string): string | null {
  const v = text.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(v) || Number(v) <= 0) return MSG_LIMIT_AMOUNT;
  return null;
}

export const TIMEOUT_CHOICES = TIMEOUT_DAYS.map((days) => ({
  value: days,
  label: days === 1 ? '24小时' : days === 42 ? '6周' : `${days}天`,
}));

export const EXCLUSION_CHOICES = EXCLUSION_MONTHS.map((months) => ({
  value: months,
  label: months === 0 ? '永久' : months % 12 === 0 ? `${months / 12}年` : `${months}个月`,
}));

/** What follows a time-out or an exclusion, said before the member confirms it. */
export const BREAK_CONSEQUENCES = [
  '立即生效，所有登录和游戏会话将立即结束',
  '期间不能存款、投注、转入场馆、领取红包和返水、申请活动，也不会收到优惠消息',
  '期间仍可登录提款、查看交易和投注记录',
  '期间不能提前取消；自我排除只能由客服在最短期限后按您的申请解除',
];

/** The confirmation's text for one choice. */
export function breakQuestion(kind: PlayBreak['kind'], label: string): string {
  const what =
    kind === 'timeout' ? `暂停游戏${label}` : label === '永久' ? '永久自我排除' : `自我排除${label}`;
  return `确定${what}吗？立即生效并退出登录，期间不能提前取消。`;
}

/** How a break in force is told: until when (minutes), or for good. */
export function breakUntil(b: PlayBreak): string {
  return b.ends_at === null ? '永久' : formatDate(b.ends_at).slice(0, 16);
}

/** How long until the next reality check: every `periodMs` of the session counted from its start. */
export function nextCheckIn(startedMs: number, nowMs: number, periodMs: number): number {
  const into = Math.max(0, nowMs - startedMs) % periodMs;
  return periodMs - into;
}

/** What the reality check says of the session so far (amounts in cents). */
export function realityText(
  s: { started_at: number; stakes: number; winnings: number; net: number },
  nowMs: number,
): string {
  const minutes = Math.max(0, Math.floor((nowMs - s.started_at) / 60_000));
  const net = `${s.net > 0 ? '+' : ''}${formatMoney(s.net)}`;
  return `您本次已登录 ${minutes} 分钟，投注 ${formatMoney(s.stakes)} 元，派彩 ${formatMoney(s.winnings)} 元，净输赢 ${net} 元。`;
}

export const REALITY_CHOICES = REALITY_CHECK_MINUTES.map((m) => ({
  value: m,
  label: m === 0 ? '关闭' : `${m}分钟`,
}));

/** 单次登录时长 choices: none, 30 minutes, then hours. */
export const SESSION_LIMIT_CHOICES = SESSION_LIMIT_MINUTES.map((m) => ({
  value: m,
  label: m === 0 ? '不限' : m < 60 ? `${m}分钟` : `${m / 60}小时`,
}));

export const sessionLimitLabel = (minutes: number) =>
  SESSION_LIMIT_CHOICES.find((c) => c.value === minutes)?.label ?? `${minutes}分钟`;
