import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_TYPING_MIN_INTERVAL_MS } from '@app/contract/support-desk';
import { backoffMs, BACKOFF_MS, readServerFrame, socketUrl } from '@/desk/socket';
import { TYPING_IDLE_MS, TYPING_REPEAT_MS, typingOut } from '@/desk/typing';

afterEach(() => vi.useRealTimers());

describe('socketUrl', () => {
  it('is the calls’ host with ws / wss, whatever the page’s path, query and hash', () => {
    expect(socketUrl('https://kf.example.com/support/?x=1#/?t=abc')).toBe('wss://kf.example.com/wss/support');
    expect(socketUrl('http://127.0.0.1:8080/support/')).toBe('ws://127.0.0.1:8080/wss/support');
  });
});

describe('backoffMs', () => {
  it('grows 1 s, 2 s, 5 s, then stays at 10 s, plus at most 30 % jitter', () => {
    expect([0, 1, 2, 3, 9].map((a) => backoffMs(a, () => 0))).toEqual([...BACKOFF_MS, 10_000]);
    expect(backoffMs(0, () => 1)).toBe(1300);
  });
});

describe('readServerFrame', () => {
  it('reads the contract’s frames only', () => {
    expect(readServerFrame('{"type":"online","online":true}')).toEqual({ type: 'online', online: true });
    expect(readServerFrame('pong')).toBeNull();
    expect(readServerFrame('{"type":"online"}')).toBeNull();
    expect(readServerFrame('{"type":"typing","conversation_id":"7","on":true}')).toBeNull();
    expect(readServerFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe('typingOut', () => {
  function setUp() {
    vi.useFakeTimers();
    const sent: { on: boolean; at: number }[] = [];
    const marks = typingOut((on) => (sent.push({ on, at: Date.now() }), true));
    return { sent, marks };
  }

  it('says on once, again every few seconds while typing goes on, never twice within the interval', () => {
    const { sent, marks } = setUp();
    const start = Date.now();
    for (let i = 0; i < 40; i++) {
      marks.input(false);
      vi.advanceTimersByTime(200); // a key every 200 ms for 8 s
    }
    expect(sent.every((s) => s.on)).toBe(true);
    expect(sent.map((s) => s.at - start)).toEqual([0, TYPING_REPEAT_MS, TYPING_REPEAT_MS * 2]);
  });

  it('says off after a pause, or at once on stop when the last mark is old enough', () => {
    const { sent, marks } = setUp();
    marks.input(false);
    vi.advanceTimersByTime(TYPING_IDLE_MS - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent.map((s) => s.on)).toEqual([true, false]);
    marks.stop(); // already off: nothing more
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(2);
  });

  it('an off right after on waits for the interval (the server would drop it)', () => {
    const { sent, marks } = setUp();
    marks.input(false);
    vi.advanceTimersByTime(100);
    marks.stop();
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(SUPPORT_TYPING_MIN_INTERVAL_MS - 100);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(200);
    expect(sent.map((s) => s.on)).toEqual([true, false]);
    const [on, off] = sent.map((s) => s.at);
    expect((off ?? 0) - (on ?? 0)).toBeGreaterThan(SUPPORT_TYPING_MIN_INTERVAL_MS);
  });

  it('typing again right after a send says on again once the interval allows, not a repeat later', () => {
    const { sent, marks } = setUp();
    const start = Date.now();
    marks.input(false);
    vi.advanceTimersByTime(300);
    marks.stop(); // sent: the 客服 clears the mark when the message comes; the off waits for its turn
    vi.advanceTimersByTime(200);
    for (let i = 0; i < 6; i++) {
      marks.input(false); // the next message, a key every 100 ms
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(1000);
    marks.input(false);
    expect(sent.map((s) => [s.on, s.at - start])).toEqual([
      [true, 0],
      [true, SUPPORT_TYPING_MIN_INTERVAL_MS],
    ]);
  });

  it('an emptied box is not typing', () => {
    const { sent, marks } = setUp();
    marks.input(false);
    vi.advanceTimersByTime(1500);
    marks.input(true);
    expect(sent.map((s) => s.on)).toEqual([true, false]);
  });
});
