import { lotteryRoom, MSG_BET_EMPTY, MSG_ROUND_CLOSED, type Room } from '@app/contract/lottery';
import { act, renderHook } from '@testing-library/react';
import * as z from 'zod/mini';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { roomReply } from '@test/msw/lottery';
import { showToast } from '@/shared/ui/toast';
import { useBetForm } from './useBetForm';

vi.mock('@/shared/ui/toast', () => ({ showToast: vi.fn() }));

const room = (type: 1 | 2, next = '20261122002'): Room =>
  z.parse(lotteryRoom.response, roomReply(type, { next }));

function setup(type: 1 | 2 = 2, props: { visible?: boolean; roundOpen?: boolean } = {}) {
  const onPlaced = vi.fn();
  const hook = renderHook(
    (p: { room: Room; visible: boolean; roundOpen: boolean }) => useBetForm({ ...p, onPlaced }),
    {
      initialProps: { room: room(type), visible: props.visible ?? true, roundOpen: props.roundOpen ?? true },
    },
  );
  return { ...hook, onPlaced };
}

beforeEach(() => vi.mocked(showToast).mockClear());

describe('useBetForm', () => {
  it('keeps the picks of every group while another group is shown, each line at the amount', () => {
    const { result } = setup();
    const [first, second] = result.current.groups;
    const a = first?.plays[0]?.id ?? 0;
    const b = second?.plays[0]?.id ?? 0;
    act(() => result.current.toggle({ playId: a }));
    act(() => result.current.setGroupIndex(1));
    act(() => result.current.toggle({ playId: b }));
    act(() => result.current.setAmount('20'));
    expect(result.current.group).toBe(second);
    expect([...result.current.picked]).toEqual([String(a), String(b)]);
    expect(result.current.summary.text).toBe('共2单, 合计40.00元');
    act(() => result.current.toggle({ playId: a }));
    expect([...result.current.picked]).toEqual([String(b)]);
    act(() => result.current.clear());
    expect(result.current.lines).toEqual([]);
    expect(result.current.amount).toBe('10');
  });

  it('a numbered group lists one play per number, each picked on its own', () => {
    const { result } = setup(1);
    const index = result.current.groups.findIndex((g) => g.special > 0);
    act(() => result.current.setGroupIndex(index));
    expect(result.current.numbered).toBe(true);
    expect(result.current.group?.plays.map((p) => p.title).slice(0, 3)).toEqual(['01', '02', '03']);
    act(() => result.current.toggle({ playId: 1005 }));
    act(() => result.current.toggle({ playId: 1006 }));
    expect(result.current.lines.map((l) => l.title)).toEqual(['特码 05', '特码 06']);
  });

  it('立即投注 says the round is closed first, then what is missing; nothing opens', () => {
    const closed = setup(2, { roundOpen: false });
    act(() => closed.result.current.openConfirm());
    expect(showToast).toHaveBeenLastCalledWith(MSG_ROUND_CLOSED, 'fail');
    expect(closed.result.current.confirmLines).toBeNull();
    const open = setup();
    act(() => open.result.current.openConfirm());
    expect(showToast).toHaveBeenLastCalledWith(MSG_BET_EMPTY, 'fail');
    expect(open.result.current.confirmLines).toBeNull();
  });

  it('opens the confirmation for the open round; hidden or a new round drops it; placing clears the picks', () => {
    const { result, rerender, onPlaced } = setup();
    const play = result.current.groups[0]?.plays[0];
    act(() => result.current.toggle({ playId: play?.id ?? 0 }));
    act(() => result.current.openConfirm());
    expect(result.current.confirmLines).toMatchObject([{ playId: play?.id, amount: '10' }]);

    rerender({ room: room(2), visible: false, roundOpen: true });
    expect(result.current.confirmLines).toBeNull();
    rerender({ room: room(2), visible: true, roundOpen: true });
    expect(result.current.confirmLines).toHaveLength(1);
    act(() => result.current.setConfirmLines([]));
    expect(result.current.confirmLines).toEqual([]);
    rerender({ room: room(2, '20261122003'), visible: true, roundOpen: true });
    expect(result.current.confirmLines).toBeNull();

    act(() => result.current.openConfirm());
    act(() => result.current.placed(null));
    expect(result.current.confirmLines).toBeNull();
    expect(result.current.lines).toEqual([]);
    expect(onPlaced).toHaveBeenCalledWith(null);
  });
});
