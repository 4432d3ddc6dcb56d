import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lotteryQueries } from './api';

/**
 * The room query is not asked again right after it was loaded: not when the screen mounts after the
 * app prepared it, and not when the app's first-paint hold (src/main.tsx: offline until the room has
 * painted) ends. Older data is asked again on both occasions.
 */
describe('lotteryQueries.room freshness', () => {
  let client: QueryClient;
  const fetchRoom = vi.fn(() => Promise.resolve({ fresh: true }));
  const options = () => ({ ...lotteryQueries.room(1), queryFn: fetchRoom }) as never;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T08:00:00Z') });
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.mount(); // hears the online manager, as the app's provider makes it
    fetchRoom.mockClear();
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    client.unmount();
    client.clear();
    vi.useRealTimers();
  });

  /** Loads the room as the app's prepare does, then mounts an observer `ageMs` later, offline. */
  async function preparedThenMounted(ageMs: number) {
    client.setQueryData(lotteryQueries.room(1).queryKey, { prepared: true } as never);
    vi.advanceTimersByTime(ageMs);
    onlineManager.setOnline(false);
    const observer = new QueryObserver(client, options());
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    return unsubscribe;
  }

  it('is not asked again when the hold ends just after the room was prepared', async () => {
    const unsubscribe = await preparedThenMounted(300);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchRoom).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('is asked again on reconnecting once the data is older than 2 s', async () => {
    const unsubscribe = await preparedThenMounted(300);
    vi.advanceTimersByTime(2_000);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchRoom).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('is asked again on mounting when the prepared data is older than 2 s', async () => {
    client.setQueryData(lotteryQueries.room(1).queryKey, { prepared: true } as never);
    vi.advanceTimersByTime(2_100);
    const observer = new QueryObserver(client, options());
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchRoom).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
