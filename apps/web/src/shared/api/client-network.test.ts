import { balance } from '@app/contract/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, moneyCall } from '@test/api-calls';
import { call, holdCalls, MONEY_ASKS, MONEY_TIMEOUT_MS, MSG_MONEY_UNKNOWN, send } from './client';
import { endsIntent } from './intent';

/* The client and a network that is gone or silent (issue 30): a money call says so within seconds, asks
 * again with the same key before giving up, and nothing waits to go out later by itself. */

const envelope = (code: number, message: string) =>
  new Response(JSON.stringify({ code, message, data: null }), {
    status: code,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a money call and a lost network', () => {
  /** fetch that never answers until aborted, then answers `then` (or never). */
  function stalledThen(then: (() => Response) | null) {
    const keys: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        if (keys.length > 1 && then) return Promise.resolve(then());
        return new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }),
    );
    return keys;
  }

  it('offline: 网络异常，请检查网络后重试 at once, and nothing is sent (nothing waits to go out later)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await failure(send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-f' }));
    expect(error).toMatchObject({ message: '网络异常，请检查网络后重试', kind: 'network' });
    expect(endsIntent(error)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(`no answer in ${MONEY_TIMEOUT_MS / 1000} s: it asks again with the same key and shows what the server did`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const keys = stalledThen(() => envelope(200, '转账成功'));
    const pending = send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-g' });
    await vi.advanceTimersByTimeAsync(MONEY_TIMEOUT_MS);
    await expect(pending).resolves.toMatchObject({ message: '转账成功' });
    expect(keys).toEqual(['intent-g', 'intent-g']);
  });

  it('no answer to the second ask either: the member hears within 10 s, and the retry keeps the key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const keys = stalledThen(null);
    const pending = failure(send(moneyCall, { amount: 1 }, { idempotencyKey: 'intent-h' }));
    await vi.advanceTimersByTimeAsync(MONEY_TIMEOUT_MS * MONEY_ASKS);
    const error = await pending;
    expect(error).toMatchObject({ message: MSG_MONEY_UNKNOWN, kind: 'timeout' });
    expect(error.message.startsWith('网络异常，请检查网络后重试')).toBe(true);
    expect(endsIntent(error)).toBe(false);
    expect(keys).toEqual(['intent-h', 'intent-h']);
  });
});

describe('holdCalls', () => {
  it('holds every call until released, then sends it', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 200, message: '', data: { balance: '1.00' } }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const release = holdCalls();
    const pending = call(balance);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    release();
    await expect(pending).resolves.toBe(100);
    expect(fetchMock).toHaveBeenCalledOnce();
    await call(balance); // released for good
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
