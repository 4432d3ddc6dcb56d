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
    const a = togglePick([], { playId: 201 });
    const b = togglePick(a, { playId: 1007 });
    expect(b).toEqual([{ playId: 201 }, { playId: 1007 }]);
    expect(togglePick(b, { playId: 201 })).toEqual([{ playId: 1007 }]);
  });

  it('makes one line per play; a 特码 number is a play of its own', () => {
    expect(buildLines([{ playId: 201 }, { playId: 313 }], groups2, 1000)).toEqual([
      // the odds the room's playbox (the contract's plays) carries: 1.96 and 12.66
      {
        key: '201',
        playId: 201,
        title: '大小单双 大',
        odds: findPlay(2, 201)?.odds,
        amountCents: 1000,
      },
      {
        key: '313',
        playId: 313,
        title: '和值 13',
        odds: findPlay(2, 313)?.odds,
        amountCents: 1000,
      },
    ]);
    const lines = buildLines([{ playId: 1007 }, { playId: 1049 }, { playId: 999 }], groups1, 500);
    expect(lines.map((l) => [l.key, l.title, l.odds])).toEqual([
      ['1007', '特码 07', 47],
      ['1049', '特码 49', 47],
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
    amount,
    ...over,
  });

  it('checks the confirmation line by line', () => {
    expect(validateConfirm([])).toBe(MSG_BET_EMPTY);
    expect(validateConfirm([line('10'), line('')])).toBe(MSG_BET_AMOUNT);
    expect(validateConfirm([line('0.99'), line('x')])).toBe(MSG_BET_LINE_MIN);
    expect(validateConfirm([line('10'), line('20')])).toBeNull();
  });

  it('orders the open round with each line’s amount, data always empty (spec §3), 特码 too', () =>
    expect(
      orderBody(1, '20261122002', [
        line('10'),
        line('20.5', { key: '1007', playId: 1007, title: '特码 07' }),
      ]),
    ).toEqual({
      room_id: 1,
      expect: '20261122002',
      order: [
        { id: 201, total: '10.00', data: [] },
        { id: 1007, total: '20.50', data: [] },
      ],
    }));
});
