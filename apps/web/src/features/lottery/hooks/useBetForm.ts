import { MSG_BET_PLACED, MSG_ROUND_CLOSED, type ChatMessage, type Room } from '@app/contract/lottery';
import { orderSummary } from '@app/contract/lottery-rules';
import { useRef, useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { useIntentKey } from '@/shared/api/intent';
import { showToast } from '@/shared/ui/toast';
import { useLotteryOrder } from '../api';
import {
  amountCents,
  buildLines,
  centsToInput,
  confirmCents,
  DEFAULT_AMOUNT,
  orderBody,
  togglePick,
  validateConfirm,
  validatePanel,
  type ConfirmLine,
  type Pick,
} from '../bet-rules';

/**
 * The 信用投注 panel's choices: the group shown, the picks, the amount per line, and the confirmation
 * asked for the round then open (a new round drops it).
 */
export function useBetForm({
  room,
  visible,
  roundOpen,
  onPlaced,
}: {
  room: Room;
  visible: boolean;
  roundOpen: boolean;
  onPlaced: (message: ChatMessage | null) => void;
}) {
  const groups = room.playGroups;
  const [groupIndex, setGroupIndex] = useState(0);
  const [picks, setPicks] = useState<Pick[]>([]);
  const [amount, setAmount] = useState(DEFAULT_AMOUNT);
  /** The confirmation's lines, for the round open when it was asked (a new round drops it). */
  const [confirm, setConfirm] = useState<{ expect: string; lines: ConfirmLine[] } | null>(null);

  const group = groups[groupIndex] ?? groups[0];
  const numbered = (group?.special ?? 0) > 0;
  const lines = buildLines(picks, groups, amountCents(amount) ?? 0);
  return {
    groups,
    groupIndex,
    setGroupIndex,
    group,
    /** A group of numbers (special > 0, 特码 01–49): its plays are shown as a ball grid. */
    numbered,
    lines,
    summary: orderSummary(lines),
    picked: new Set(lines.map((l) => l.key)),
    toggle: (pick: Pick) => setPicks((list) => togglePick(list, pick)),
    amount,
    setAmount,
    clear: () => {
      setPicks([]);
      setAmount(DEFAULT_AMOUNT);
    },
    /** 立即投注: the round must be open, then validatePanel's messages; then 投注确认 opens. */
    openConfirm: () => {
      const message = roundOpen ? validatePanel(lines.length, amount) : MSG_ROUND_CLOSED;
      if (message) {
        showToast(message, 'fail');
        return;
      }
      setConfirm({
        expect: room.now.openExpect,
        lines: lines.map(({ amountCents: cents, ...l }) => ({ ...l, amount: centsToInput(cents) })),
      });
    },
    confirmLines: visible && confirm?.expect === room.now.openExpect ? confirm.lines : null,
    setConfirmLines: (next: ConfirmLine[]) => setConfirm({ expect: room.now.openExpect, lines: next }),
    closeConfirm: () => setConfirm(null),
    placed: (message: ChatMessage | null) => {
      setConfirm(null);
      setPicks([]);
      onPlaced(message);
    },
  };
}

export type BetForm = ReturnType<typeof useBetForm>;

/**
 * 确认投注: validateConfirm's messages, then the order, once (a second tap while the first is on its
 * way does nothing); a refused order keeps its intent unless the server ended it.
 */
export function useConfirmOrder(
  room: Room,
  lines: ConfirmLine[] | null,
  onPlaced: (message: ChatMessage | null) => void,
) {
  const order = useLotteryOrder();
  const intent = useIntentKey();
  const busy = useRef(false);

  const submit = () => {
    if (!lines || busy.current) return; // a second tap while the first is on its way
    const message = validateConfirm(lines);
    if (message) {
      showToast(message, 'fail');
      return;
    }
    const body = orderBody(room.id ?? 0, room.now.openExpect, lines);
    busy.current = true;
    order.mutate(
      { ...body, intentKey: intent.keyFor(body) },
      {
        onSuccess: ({ data }) => {
          intent.done();
          showToast(MSG_BET_PLACED, 'success');
          onPlaced(data);
        },
        onError: (error) => {
          intent.failed(error);
          showToast(errorMessage(error), 'fail');
        },
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  };
  return { submit, pending: order.isPending, summary: orderSummary(confirmCents(lines ?? [])) };
}
