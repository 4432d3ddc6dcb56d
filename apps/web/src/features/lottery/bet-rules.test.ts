import { MSG_AMOUNT_INVALID } from '@app/contract/codecs';
import { MSG_BET_AMOUNT, MSG_BET_EMPTY, MSG_BET_LINE_MIN, PlayGroup } from '@app/contract/lottery';
import { findPlay, playboxFor } from '@app/contract/lottery-rules';
import { describe, expect, it } from 'vitest';
import {
  buildLines,
  orderBody,
  togglePick,
  validateConfirm,
  validatePanel,
  type ConfirmLine,
} from './bet-rules';

describe('the bet panel', () => {
  const groups1 = playboxFor(1).map((g) => PlayGroup.parse(g));
  const groups2 = playboxFor(2).map((g) => PlayGroup.parse(g));

  it('toggles picks', () => {
    const a = togglePick([], { playId: 201, number: null });
    const b = togglePick(a, { playId: 101, number: 7 });
    expect(b).toEqual([
      { playId: 201, number: null },
      { playId: 101, number: 7 },
    ]);
    expect(togglePick(b, { playId: 201, number: null })).toEqual([{ playId: 101, number: 7 }]);
  });

  it('makes one line per play, and one per picked number', () => {
    expect(
      buildLines(
        [
          { playId: 201, number: null },
          { playId: 313, number: null },
        ],
        groups2,
        1000,
      ),
    ).toEqual([
      // the odds the room's playbox (the contract's plays) carries: 1.96 and 12.66
      {
        key: '201',
        playId: 201,
        title: '大小单双 大',
        odds: findPlay(2, 201)?.odds,
        number: null,
        amountCents: 1000,
      },
      {
        key: '313',
        playId: 313,
        title: '和值 13',
        odds: findPlay(2, 313)?.odds,
        number: null,
        amountCents: 1000,
      },
    ]);
    const lines = buildLines(
      [
        { playId: 101, number: 7 },
        { playId: 101, number: 49 },
        { playId: 999, number: null },
      ],
      groups1,
      500,
    );
    expect(lines.map((l) => [l.key, l.title, l.number])).toEqual([
      ['101:7', '特码 07', 7],
      ['101:49', '特码 49', 49],
    ]);
  });

  it.each([
    [0, '10', MSG_BET_EMPTY],
    [0, '', MSG_BET_EMPTY],
    [1, '', MSG_BET_AMOUNT],
    [1, 'abc', MSG_AMOUNT_INVALID],
    [1, '-5', MSG_AMOUNT_INVALID],
    [1, '1.234', MSG_AMOUNT_INVALID],
    [1, '0.5', MSG_BET_LINE_MIN],
    [1, '1', null],
    [2, '10.50', null],
  ])('%i picks at %s: %s', (count, amount, expected) => expect(validatePanel(count, amount)).toBe(expected));

  const line = (amount: string, over: Partial<ConfirmLine> = {}): ConfirmLine => ({
    key: '201',
    playId: 201,
    title: '大',
    odds: 2,
    number: null,
    amount,
    ...over,
  });

  it('checks the confirmation line by line', () => {
    expect(validateConfirm([])).toBe(MSG_BET_EMPTY);
    expect(validateConfirm([line('10'), line('')])).toBe(MSG_BET_AMOUNT);
    expect(validateConfirm([line('0.99'), line('x')])).toBe(MSG_BET_LINE_MIN);
    expect(validateConfirm([line('10'), line('20')])).toBeNull();
  });

  it('orders the open round with each line’s amount and number', () =>
    expect(
      orderBody(1, '20261122002', [line('10'), line('20.5', { key: '101:7', playId: 101, number: 7 })]),
    ).toEqual({
      room_id: 1,
      expect: '20261122002',
      order: [
        { id: 201, total: '10.00', data: [] },
        { id: 101, total: '20.50', data: [7] },
      ],
    }));
});
