import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { beep } from './sound';
import { useNewArrivals } from './useNewArrivals';

vi.mock('./sound', () => ({ beep: vi.fn() }));

describe('useNewArrivals', () => {
  beforeEach(() => vi.mocked(beep).mockClear());

  it('beeps when the marker grows, not on the first read, nor when it stays or shrinks', () => {
    const { rerender } = renderHook(({ m, on }) => useNewArrivals(m, on), {
      initialProps: { m: undefined as number | undefined, on: true },
    });
    rerender({ m: 5, on: true });
    expect(beep).not.toHaveBeenCalled();
    rerender({ m: 5, on: true });
    rerender({ m: 3, on: true });
    expect(beep).not.toHaveBeenCalled();
    rerender({ m: 7, on: true });
    expect(beep).toHaveBeenCalledTimes(1);
  });

  it('stays silent while disabled (switch off, or a role that does not work the queue)', () => {
    const { rerender } = renderHook(({ m, on }) => useNewArrivals(m, on), {
      initialProps: { m: 1 as number | undefined, on: false },
    });
    rerender({ m: 2, on: false });
    expect(beep).not.toHaveBeenCalled();
    rerender({ m: 3, on: true });
    expect(beep).toHaveBeenCalledTimes(1);
  });
});
