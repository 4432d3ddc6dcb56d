import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { describe, expect, it } from 'vitest';
import { slotAfter, slotAfterPause, slotAt } from './scheduler';

const beijing = (h: number, m: number, s = 0) => Date.UTC(2030, 0, 15, h, m, s) - BEIJING_OFFSET_MS;
const t210 = { periodSeconds: 210, closeSeconds: 30 };
const t600 = { periodSeconds: 600, closeSeconds: 60 };

describe('rounds after a period change', () => {
  it('without a change, the round after a stored one is the grid slot', () => {
    const a = slotAt(t210, beijing(12, 0));
    expect(slotAfter(t210, { expect: a.expect, drawsAt: new Date(a.drawsAt) })).toEqual(
      slotAt(t210, a.drawsAt),
    );
    const last = slotAt(t210, beijing(23, 59, 59));
    expect(slotAfter(t210, { expect: last.expect, drawsAt: new Date(last.drawsAt) }).expect).toBe(
      '20300116001',
    );
  });

  it('a longer period numbers on from the last round and lengthens the day’s last to midnight', () => {
    const a = slotAt(t210, beijing(12, 0));
    const next = slotAfter(t600, { expect: a.expect, drawsAt: new Date(a.drawsAt) });
    expect(next).toMatchObject({ expect: '20300115207', opensAt: a.drawsAt, drawsAt: a.drawsAt + 600_000 });
    expect(next.drawsAt - next.closesAt).toBe(60_000);
    const late = slotAfter(t600, { expect: '20300115400', drawsAt: new Date(beijing(23, 45)) });
    expect(late).toMatchObject({ expect: '20300115401', drawsAt: beijing(24, 0) });
  });

  it('after a pause, the grid slot of now, never overlapping nor reusing the day’s numbers', () => {
    const last = { expect: '20300115206', drawsAt: new Date(beijing(12, 1)) };
    const slot = slotAfterPause(t600, beijing(12, 3), last);
    expect(slot).toMatchObject({ expect: '20300115207', opensAt: beijing(12, 1), drawsAt: beijing(12, 10) });
    expect(slotAfterPause(t600, beijing(12, 3), undefined)).toEqual(slotAt(t600, beijing(12, 3)));
    // A last round of the day before does not move today's numbers.
    const yesterday = { expect: '20300114411', drawsAt: new Date(beijing(0, 0)) };
    expect(slotAfterPause(t600, beijing(12, 3), yesterday)).toEqual(slotAt(t600, beijing(12, 3)));
  });
});
