import { useCallback, useRef } from 'react';
import { ApiError } from '@/shared/api/client';

/**
 * Whether a failed money call ended its intent: the server answered with a refusal (stored under the
 * key and replayed for it), so the member's next try is a new intent. Anything else leaves the
 * outcome open and the retry must reuse the key: a timeout, a lost connection, a 5xx, a 409
 * 请求处理中 (kind 'busy': the first request with this key is still running, and may succeed), a
 * reply that could not be read (the server may have done it), a session that ended.
 */
export function endsIntent(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'business';
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context: plain http falls back). */
export function newIntentKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per user intent: `keyFor(body)` gives the same key while the body is the same
 * (a retry after a failure or a timeout) and a new one when the member changed what they ask for;
 * `done()` after a success, so that the next submission is a new intent; `failed(error)` after a
 * failure (a refusal ends the intent, an open outcome keeps the key for the retry).
 */
export function useIntentKey(initial?: { key: string; body: string } | null) {
  const current = useRef<{ key: string; body: string } | null>(initial ?? null);
  const keyFor = useCallback((body: unknown): string => {
    const text = JSON.stringify(body ?? null);
    if (current.current?.body !== text) current.current = { key: newIntentKey(), body: text };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  const failed = useCallback(
    (error: unknown) => {
      if (endsIntent(error)) done();
    },
    [done],
  );
  return { keyFor, done, failed };
}

/**
 * One request per intent for a form that creates something (an account, a card, an application):
 * `start(body)` gives the intent's key, or null while this form's submission still runs (a fast
 * second tap comes before the button's disabled state renders); `succeeded()` or `failed(error)` when
 * it ends. Should a second request go out anyway, the same key lets the server replay the first reply.
 */
export function useSubmission() {
  const { keyFor, done, failed: endOrKeep } = useIntentKey();
  const running = useRef(false);
  const start = useCallback(
    (body: unknown): string | null => {
      if (running.current) return null;
      running.current = true;
      return keyFor(body);
    },
    [keyFor],
  );
  const succeeded = useCallback(() => {
    running.current = false;
    done();
  }, [done]);
  const failed = useCallback(
    (error: unknown) => {
      running.current = false;
      endOrKeep(error);
    },
    [endOrKeep],
  );
  return { start, succeeded, failed };
}
