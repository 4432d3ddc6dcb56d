import { AmountInput, formatCents, MSG_AMOUNT_INVALID } from '@app/contract/codecs';
import type { RequestOf } from '@app/contract/define';
import {
  BET_LINE_MIN_CENTS,
  type lotteryOrder,
  MAX_ORDER_LINES,
  MSG_BET_AMOUNT,
  MSG_BET_EMPTY,
  MSG_BET_LINE_MIN,
  type PlayGroup,
} from '@app/contract/lottery';

/* The bet panel's rules (信用投注, spec §9) as pure functions: picks, order lines, the amounts and their
 * messages, the order's body. The round, the chat and the results are rules.ts's. */

/** Spec §9: quick amounts of the bet panel (yuan) and the default amount. */
export const QUICK_AMOUNTS = [10, 20, 50, 200, 500] as const;
export const DEFAULT_AMOUNT = '10';

/**
 * A selection of the panel: a play. Every line names its play alone (spec §3, data: []); a 特码 number
 * is a play of its own (a group with special > 0 lists one play per number).
 */
export interface Pick {
  playId: number;
}

export const pickKey = (p: Pick): string => String(p.playId);

/** Adds the pick, or removes it when already picked. */
export function togglePick(picks: readonly Pick[], pick: Pick): Pick[] {
  const key = pickKey(pick);
  return picks.some((p) => pickKey(p) === key) ? picks.filter((p) => pickKey(p) !== key) : [...picks, pick];
}

/** One line of the order, as the panel and the confirmation show it. */
export interface BetLine {
  key: string;
  playId: number;
  /** 'group play' ('大小单双 大', '特码 07'), or the play alone when it repeats the group. */
  title: string;
  odds: number;
  amountCents: number;
}

/** The picks as order lines of `amountCents` each, in the order picked (unknown plays are dropped). */
export function buildLines(
  picks: readonly Pick[],
  groups: readonly PlayGroup[],
  amountCents: number,
): BetLine[] {
  const lines: BetLine[] = [];
  for (const p of picks) {
    const group = groups.find((g) => g.plays.some((play) => play.id === p.playId));
    const play = group?.plays.find((x) => x.id === p.playId);
    if (!group || !play) continue;
    lines.push({
      key: pickKey(p),
      playId: p.playId,
      title: group.name && group.name !== play.title ? `${group.name} ${play.title}` : play.title,
      odds: play.odds,
      amountCents,
    });
  }
  return lines;
}

/** A typed amount (yuan) → cents; null when it is not a positive amount with at most 2 places. */
export function amountCents(text: string): number | null {
  const parsed = AmountInput.safeParse(text.trim());
  return parsed.success ? parsed.data : null;
}

/** Cents → yuan text for an amount input ('10', '12.50'). */
export function centsToInput(cents: number): string {
  return formatCents(cents).replace(/\.00$/, '');
}

/** One amount's first failing message, in the panel's order: missing, not a number, under 1 元. */
export function amountMessage(text: string): string | null {
  if (text.trim() === '') return MSG_BET_AMOUNT;
  const cents = amountCents(text);
  if (cents === null) return MSG_AMOUNT_INVALID;
  if (cents < BET_LINE_MIN_CENTS) return MSG_BET_LINE_MIN;
  return null;
}

/** 立即投注: something picked, then the amount. */
export function validatePanel(pickCount: number, amountText: string): string | null {
  if (pickCount === 0) return MSG_BET_EMPTY;
  if (pickCount > MAX_ORDER_LINES) return '投注数量过多';
  return amountMessage(amountText);
}

/** A line of the confirmation: its amount is edited as text. */
export type ConfirmLine = Omit<BetLine, 'amountCents'> & { amount: string };

/** 确认投注: at least one line, then each line's amount, top to bottom. */
export function validateConfirm(lines: readonly ConfirmLine[]): string | null {
  if (lines.length === 0) return MSG_BET_EMPTY;
  for (const line of lines) {
    const message = amountMessage(line.amount);
    if (message) return message;
  }
  return null;
}

/** The confirmation's lines with their amounts in cents (unreadable amounts count 0). */
export function confirmCents(lines: readonly ConfirmLine[]): { amountCents: number }[] {
  return lines.map((l) => ({ amountCents: amountCents(l.amount) ?? 0 }));
}

/** The body of lotteryOrder: the open round, one entry per line; `data` is always empty (spec §3). */
export function orderBody(
  roomId: number,
  openExpect: string,
  lines: readonly ConfirmLine[],
): RequestOf<typeof lotteryOrder> {
  return {
    room_id: roomId,
    expect: openExpect,
    order: lines.map((l) => ({
      id: l.playId,
      total: formatCents(amountCents(l.amount) ?? 0),
      data: [],
    })),
  };
}
