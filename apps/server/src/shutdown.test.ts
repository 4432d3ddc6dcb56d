import { describe, expect, it } from 'vitest';
import { createShutdown, FORCE_EXIT_MS, ignoreOutputErrors } from './shutdown';
import { Writable } from 'node:stream';

/** A shutdown with fake exit and timers; `close` and `log` as given. */
function harness(close: () => Promise<void>, log: () => void) {
  const exits: number[] = [];
  const timers: { fn: () => void; ms: number; unrefd: boolean }[] = [];
  const shutdown = createShutdown({
    close,
    log,
    exit: (code) => exits.push(code),
    setTimer(fn, ms) {
      const t = { fn, ms, unrefd: false };
      timers.push(t);
      return {
        unref() {
          t.unrefd = true;
        },
      };
    },
  });
  return { shutdown, exits, timers };
}

const epipe = () => {
  throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
};

describe('shutdown', () => {
  it('sets an unref’d force-exit timer of at most 10 s before it logs anything', async () => {
    const order: string[] = [];
    const h = harness(
      async () => void order.push('close'),
      () => {
        order.push(`log with ${h.timers.length} timer`);
        epipe();
      },
    );
    await h.shutdown('SIGTERM');
    expect(order[0]).toBe('log with 1 timer');
    expect(h.timers).toHaveLength(1);
    expect(h.timers[0]?.unrefd).toBe(true);
    expect(h.timers[0]?.ms).toBeLessThanOrEqual(10_000);
    expect(FORCE_EXIT_MS).toBeLessThanOrEqual(10_000);
  });

  it('a log write that throws (EPIPE) does not stop it: the app closes and the process exits 0', async () => {
    let closed = false;
    const h = harness(async () => void (closed = true), epipe);
    await h.shutdown('SIGTERM');
    expect(closed).toBe(true);
    expect(h.exits).toEqual([0]);
  });

  it('a close that fails exits 1, even when logging the failure throws too', async () => {
    const h = harness(() => Promise.reject(new Error('db gone')), epipe);
    await h.shutdown('SIGTERM');
    expect(h.exits).toEqual([1]);
  });

  it('a close that hangs is ended by the timer; a second signal does nothing more', async () => {
    const h = harness(() => new Promise<void>(() => undefined), epipe);
    void h.shutdown('SIGTERM');
    await h.shutdown('SIGINT');
    expect(h.timers).toHaveLength(1);
    expect(h.exits).toEqual([]);
    h.timers[0]?.fn();
    expect(h.exits).toEqual([1]);
  });

  it('output streams ignore their errors (an EPIPE is no uncaught exception)', () => {
    const stream = new Writable({ write: (_c, _e, cb) => cb() });
    ignoreOutputErrors([stream]);
    expect(() => stream.emit('error', Object.assign(new Error('EPIPE'), { code: 'EPIPE' }))).not.toThrow();
  });
});
