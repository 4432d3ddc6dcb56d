import type { ChatMessage } from '@app/contract/lottery';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWebSocket } from '@app/mobile/test/fake-socket';
import { readDeletionFrame, useChatSocket } from './socket';

const URL = 'ws://localhost/wss?roomid=1&_token=tok';

describe('the chat socket', () => {
  let sockets: ReturnType<typeof installFakeWebSocket>;
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = installFakeWebSocket();
  });
  afterEach(() => vi.unstubAllGlobals());

  function mount(url: string | null = URL) {
    const received: ChatMessage[] = [];
    const hook = renderHook(({ u }) => useChatSocket(u, (m) => received.push(m)), {
      initialProps: { u: url },
    });
    return { ...hook, received };
  }

  it('connects on mount to the room with the token, and is open once the server accepts', () => {
    const { result } = mount();
    expect(sockets.all()).toHaveLength(1);
    expect(sockets.latest().url).toBe(URL);
    expect(result.current.status).toBe('connecting');
    sockets.latest().open();
    expect(result.current.status).toBe('open');
  });

  it("sends 'ping' every 3 s while open", () => {
    mount();
    const ws = sockets.latest();
    ws.open();
    act(() => vi.advanceTimersByTime(2999));
    expect(ws.sent).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(ws.sent).toEqual(['ping']);
    act(() => vi.advanceTimersByTime(6000));
    expect(ws.sent).toEqual(['ping', 'ping', 'ping']);
  });

  it('delivers message frames and ignores pong and other frames', () => {
    const { received } = mount();
    const ws = sockets.latest();
    ws.open();
    ws.receive('pong');
    ws.receive('not json');
    ws.receive({ sysmsg: false, id: 5, author: '玩家', avatar: '', content: '你好' });
    ws.receive({ sysmsg: '发言太快，请稍后再试', id: 0, content: '发言太快，请稍后再试' });
    expect(received).toHaveLength(2);
    expect(received[0]).toMatchObject({ userId: 5, content: '你好', system: false, toast: null });
    expect(received[1]).toMatchObject({ system: true, toast: '发言太快，请稍后再试' });
  });

  it('hands a deletion frame to onDeleted with the message id, never as a message', () => {
    const received: ChatMessage[] = [];
    const deleted: number[] = [];
    renderHook(() =>
      useChatSocket(
        URL,
        (m) => received.push(m),
        () => undefined,
        (id) => deleted.push(id),
      ),
    );
    const ws = sockets.latest();
    ws.open();
    ws.receive({
      sysmsg: false,
      id: 5,
      author: '玩家',
      avatar: '',
      content: '广告',
      type: 'chat',
      msgid: 41,
    });
    ws.receive({ sysmsg: false, id: 0, author: '系统', avatar: '', content: '', type: 'delete', msgid: 41 });
    ws.receive({ type: 'delete', msgid: 'x' });
    expect(deleted).toEqual([41]);
    expect(received.map((m) => [m.content, m.messageId])).toEqual([['广告', 41]]);
    expect(readDeletionFrame('{"type":"delete","msgid":"42"}')).toBe(42);
    for (const raw of ['pong', '{', '{"type":"chat","msgid":42}', 42])
      expect(readDeletionFrame(raw)).toBeNull();
  });

  it('sends chat frames as JSON while open, and refuses while not', () => {
    const { result } = mount();
    const ws = sockets.latest();
    expect(result.current.send({ content: '大10', order: true })).toBe(false);
    ws.open();
    expect(result.current.send({ content: '大10', order: true })).toBe(true);
    expect(ws.frames).toEqual([{ content: '大10', order: true }]);
  });

  it('reconnects after a drop, waiting longer after each failure, and stops pinging the dead socket', () => {
    const { result } = mount();
    const first = sockets.latest();
    expect(result.current.status).toBe('connecting');
    first.open();
    first.drop();
    expect(result.current.status).toBe('reconnecting'); // 连接已断开，重连中…
    act(() => vi.advanceTimersByTime(999));
    expect(sockets.all()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(sockets.all()).toHaveLength(2);
    sockets.latest().drop(); // refused again: 2 s this time
    act(() => vi.advanceTimersByTime(1999));
    expect(sockets.all()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(sockets.all()).toHaveLength(3);
    sockets.latest().open();
    expect(result.current.status).toBe('open');
    expect(first.sent).toEqual([]);
    sockets.latest().drop(); // after a success the wait starts again at 1 s
    act(() => vi.advanceTimersByTime(1000));
    expect(sockets.all()).toHaveLength(4);
  });

  it('says when it is back after a drop (the room reads what was said meanwhile), not at the first open', () => {
    const back = vi.fn();
    renderHook(() => useChatSocket(URL, () => undefined, undefined, undefined, back));
    sockets.latest().open();
    expect(back).not.toHaveBeenCalled();
    sockets.latest().drop();
    act(() => vi.advanceTimersByTime(1000));
    sockets.latest().open();
    expect(back).toHaveBeenCalledOnce();
  });

  it('tries at once when the browser comes back online', () => {
    mount();
    sockets.latest().drop();
    act(() => window.dispatchEvent(new Event('online')));
    expect(sockets.all()).toHaveLength(2);
  });

  it('closes on unmount and does not come back', () => {
    const { unmount } = mount();
    const ws = sockets.latest();
    ws.open();
    unmount();
    expect(ws.closedByClient).toBe(1000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(sockets.all()).toHaveLength(1);
    expect(ws.sent).toEqual([]);
  });

  it('stops after a refusal (session over, blocked, no room) and says why', () => {
    const reasons: string[] = [];
    const { result } = renderHook(() =>
      useChatSocket(
        URL,
        () => undefined,
        (r) => reasons.push(r),
      ),
    );
    sockets.latest().drop(4401, '登录已过期，请重新登录');
    expect(result.current.status).toBe('closed');
    expect(reasons).toEqual(['登录已过期，请重新登录']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(sockets.all()).toHaveLength(1);
  });

  it('opens nothing without a token', () => {
    const { result } = mount(null);
    expect(sockets.all()).toHaveLength(0);
    expect(result.current.status).toBe('closed');
  });
});
