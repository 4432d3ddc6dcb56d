import {
  consoleSupportCanned,
  consoleSupportConversation,
  consoleSupportMember,
  consoleSupportQueue,
  consoleSupportRead,
  consoleSupportReply,
  type SupportConversationRow,
} from '@app/contract/console-support';
import {
  CONSOLE_SUPPORT_SOCKET_PATH,
  MSG_CONSOLE_SOCKET_ORIGIN,
  MSG_CONSOLE_SOCKET_TOO_MANY,
} from '@app/contract/console-support-socket';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioContext, started } from '@test/audio';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { FakeSocket } from './fake-socket';
import { btn, conversation, KEFU, mineRow, panel, queue, row } from './support-fixtures';
import SupportScreen from './SupportScreen';

/*
 * Issue 34, the workbench in real time: a fake WebSocket stands for the server (sockets.test.ts on
 * the server shows what it sends and when); fake timers stand for the polls' and retries' time.
 */

let calls = { queue: 0, conversation: 0 };
let counts = { waiting: 1, unread: 0 };
let waiting: SupportConversationRow[] = [];
let held = conversation(mineRow({ unread: 0 }));

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  started.mockClear();
  window.localStorage.clear();
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  calls = { queue: 0, conversation: 0 };
  counts = { waiting: 1, unread: 0 };
  waiting = [row()];
  held = conversation(mineRow({ unread: 0 }));
  server.use(
    answer(consoleSupportQueue, (i) => {
      calls.queue += 1;
      return queue(i.view === 'waiting' ? waiting : [mineRow()], { ...counts, mine: 1 });
    }),
    answer(consoleSupportConversation, () => {
      calls.conversation += 1;
      return held;
    }),
    answer(consoleSupportCanned, { items: [] }),
    answer(consoleSupportMember, panel()),
    answer(consoleSupportRead, { conversation: mineRow({ unread: 0 }) }),
  );
});

const at = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A server frame, and TanStack's notifications (a 0 ms timer, fake here) let through. */
async function push(socket: FakeSocket, frame: unknown) {
  socket.push(frame);
  await at(1);
}

const message = (id: number, body: string, sender: 'member' | 'operator' = 'member') => ({
  id,
  sender,
  kind: 'text' as const,
  body,
  image: null,
  operator: sender === 'operator' ? { id: KEFU.id, name: 'kefu01', nickname: '小美' } : null,
  created_at: '2026-11-29 10:05:00',
});

/** The workbench with its socket live, the 我的 conversation 11 open. */
async function liveAndOpen() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
  await screen.findByTestId('conversation-11');
  const socket = FakeSocket.last();
  expect(socket.url).toBe(`ws://${window.location.host}${CONSOLE_SUPPORT_SOCKET_PATH}`);
  socket.ready();
  await user.click(screen.getByTestId('conversation-11'));
  await screen.findByTestId('support-messages');
  return { user, socket };
}

describe('客服工作台 in real time', { timeout: 40_000 }, () => {
  it('shows a pushed message, the 已读 mark and the member typing, with no read of the conversation', async () => {
    const { socket } = await liveAndOpen();
    await at(500);
    const before = calls.conversation;
    await push(socket, { type: 'typing', conversation_id: 11, on: true });
    expect(screen.getByText('会员正在输入…')).toBeInTheDocument();
    await push(socket, { type: 'message', conversation_id: 11, message: message(5, '第二句') });
    const list = screen.getByTestId('support-messages');
    expect(within(list).getByText('第二句')).toBeInTheDocument();
    // The member's message ends its typing mark.
    expect(screen.queryByText('会员正在输入…')).not.toBeInTheDocument();
    await push(socket, { type: 'message', conversation_id: 11, message: message(6, '请稍等', 'operator') });
    // The same message twice (a call's reply and the socket): shown once.
    await push(socket, { type: 'message', conversation_id: 11, message: message(6, '请稍等', 'operator') });
    expect(within(list).getAllByText('请稍等')).toHaveLength(1);
    expect(within(list).queryByText(/已读/)).not.toBeInTheDocument();
    await push(socket, { type: 'read', conversation_id: 11, member_read_id: 6 });
    expect(within(list).getByText(/已读/)).toBeInTheDocument();
    expect(calls.conversation).toBe(before);
  });

  it('shows 已读 from the conversation’s own read mark after a reload, before any frame', async () => {
    held = conversation(mineRow({ unread: 0, member_read_id: 6 }), [
      message(6, '已经为您查询', 'operator'),
      message(7, '还在处理', 'operator'),
    ]);
    await liveAndOpen();
    const list = screen.getByTestId('support-messages');
    const read = await within(list).findByText('已经为您查询');
    expect(within(read.closest('.support-msg') as HTMLElement).getByText(/已读/)).toBeInTheDocument();
    const unread = within(list).getByText('还在处理');
    expect(within(unread.closest('.support-msg') as HTMLElement).queryByText(/已读/)).toBeNull();
  });

  it('clears the typing mark after 6 s without a new one', async () => {
    const { socket } = await liveAndOpen();
    await push(socket, { type: 'typing', conversation_id: 11, on: true });
    await at(4_000);
    await push(socket, { type: 'typing', conversation_id: 11, on: true });
    await at(4_000);
    expect(screen.getByText('会员正在输入…')).toBeInTheDocument();
    await at(2_500);
    expect(screen.queryByText('会员正在输入…')).not.toBeInTheDocument();
  });

  it('patches the queue on a queue frame and reads the lists once for a burst', async () => {
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    await screen.findByTestId('conversation-11');
    const socket = FakeSocket.last();
    socket.ready();
    await at(1_000);
    const before = calls.queue;
    await push(socket, {
      type: 'queue',
      change: 'message',
      conversation: row({ last_text: '还在吗', unread: 4 }),
    });
    const item = screen.getByTestId('conversation-11');
    expect(within(item).getByText('还在吗')).toBeInTheDocument();
    expect(calls.queue).toBe(before);
    waiting = [row(), row({ id: 12, name: 'player502' })];
    for (let i = 0; i < 50; i++)
      await push(socket, {
        type: 'queue',
        change: 'waiting',
        conversation: row({ id: 12, name: 'player502' }),
      });
    await at(1_000);
    expect(await screen.findByTestId('conversation-12')).toBeInTheDocument();
    expect(calls.queue).toBe(before + 1);
  });

  it('does not poll while live; after a 1006 close polls, reconnects and reads everything again', async () => {
    const { socket } = await liveAndOpen();
    await at(1_000);
    const before = { ...calls };
    await at(12_000);
    expect(calls).toEqual(before);

    socket.drop(1006);
    await at(6_000);
    // Polling again (the new socket has not opened yet); the retry came within its backoff.
    expect(calls.queue).toBeGreaterThan(before.queue);
    expect(calls.conversation).toBeGreaterThan(before.conversation);
    expect(FakeSocket.all).toHaveLength(2);
    const again = FakeSocket.last();
    const polled = { ...calls };
    again.ready();
    await at(500);
    // The resync: the queue and the open conversation read once more.
    expect(calls.queue).toBeGreaterThan(polled.queue);
    expect(calls.conversation).toBeGreaterThan(polled.conversation);
    const resynced = { ...calls };
    await at(12_000);
    expect(calls).toEqual(resynced);
  });

  it('sends watch when a conversation opens and again after a reconnect', async () => {
    const { socket } = await liveAndOpen();
    expect(socket.frames()).toContainEqual({ type: 'watch', id: 11 });
    socket.drop(1006);
    await at(1_100);
    const again = FakeSocket.last();
    expect(again).not.toBe(socket);
    again.ready();
    expect(again.frames()).toEqual([{ type: 'watch', id: 11 }]);
  });

  it('sends typing marks while the operator types: at most one a second, off after 3 s idle', async () => {
    const { user, socket } = await liveAndOpen();
    const typing = () => socket.frames().filter((f) => (f as { type: string }).type === 'typing');
    await user.type(await screen.findByLabelText('回复内容'), '你好呀');
    expect(typing()).toEqual([{ type: 'typing', id: 11, on: true }]);
    await at(3_200);
    expect(typing()).toEqual([
      { type: 'typing', id: 11, on: true },
      { type: 'typing', id: 11, on: false },
    ]);
  });

  it('sends the off on send, not sooner than a second after the on (the server drops it sooner)', async () => {
    server.use(
      answer(consoleSupportReply, (i) => ({
        conversation: mineRow({ unread: 0 }),
        message: message(9, i.text ?? '', 'operator'),
      })),
    );
    const { user, socket } = await liveAndOpen();
    const typing = () => socket.frames().filter((f) => (f as { type: string }).type === 'typing');
    await user.type(await screen.findByLabelText('回复内容'), '好的{Enter}');
    expect(await within(screen.getByTestId('support-messages')).findByText('好的')).toBeInTheDocument();
    await at(1_200);
    expect(typing()).toEqual([
      { type: 'typing', id: 11, on: true },
      { type: 'typing', id: 11, on: false },
    ]);
    const when = socket.sent.flatMap((t, i) => (t.includes('"typing"') ? [socket.sentAt[i] ?? 0] : []));
    expect((when[1] ?? 0) - (when[0] ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('shows 4429 with 重试, which connects again; 4403 stays refused', async () => {
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    await screen.findByTestId('conversation-11');
    FakeSocket.last().drop(4429, MSG_CONSOLE_SOCKET_TOO_MANY);
    expect(await screen.findByText(MSG_CONSOLE_SOCKET_TOO_MANY)).toBeInTheDocument();
    await at(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    await user.click(btn(document.body, '重 试'));
    expect(FakeSocket.all).toHaveLength(2);
    expect(screen.queryByText(MSG_CONSOLE_SOCKET_TOO_MANY)).not.toBeInTheDocument();
    FakeSocket.last().drop(4403, '');
    expect(await screen.findByText(MSG_CONSOLE_SOCKET_ORIGIN)).toBeInTheDocument();
    await at(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('beeps once for one new member, told by its frames and by the reads they cause', async () => {
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    await screen.findByTestId('conversation-11');
    await user.click(screen.getByText('客服工作台', { selector: 'h4' }));
    const socket = FakeSocket.last();
    socket.ready();
    await at(1_000);
    counts = { waiting: 2, unread: 1 };
    waiting = [row(), row({ id: 12, name: 'player502' })];
    await push(socket, {
      type: 'queue',
      change: 'waiting',
      conversation: row({ id: 12, name: 'player502' }),
    });
    await push(socket, {
      type: 'queue',
      change: 'message',
      conversation: row({ id: 12, name: 'player502' }),
    });
    await at(1_000);
    await waitFor(() => expect(document.title).toBe('(1) 客服工作台'));
    await push(socket, {
      type: 'queue',
      change: 'message',
      conversation: row({ id: 12, name: 'player502' }),
    });
    await at(1_000);
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('on 4401 reads again (the console’s 401 path signs out) and does not reconnect', async () => {
    renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    await screen.findByTestId('conversation-11');
    const socket = FakeSocket.last();
    socket.ready();
    await at(1_000);
    const before = calls.queue;
    socket.drop(4401, '登录已失效');
    await at(100);
    expect(calls.queue).toBeGreaterThan(before);
    await at(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('loads older messages with 加载更早消息 and keeps them through later reads', async () => {
    const before: (string | undefined)[] = [];
    held = { ...conversation(mineRow({ unread: 0 })), messages: [message(101, '最新一句')], more: true };
    server.use(
      answer(consoleSupportConversation, (i) => {
        calls.conversation += 1;
        before.push(i.before_id === undefined ? undefined : String(i.before_id));
        if (i.before_id === undefined) return held;
        return { ...held, messages: [message(50, '更早一句')], more: false };
      }),
    );
    const { user, socket } = await liveAndOpen();
    await user.click(await screen.findByText('加载更早消息'));
    const list = screen.getByTestId('support-messages');
    expect(await within(list).findByText('更早一句')).toBeInTheDocument();
    expect(before).toContain('101');
    const texts = () => Array.from(list.querySelectorAll('.support-bubble')).map((b) => b.textContent);
    expect(texts()).toEqual(['更早一句', '最新一句']);
    expect(screen.queryByText('加载更早消息')).not.toBeInTheDocument();
    // A reconnect reads the newest page again: the older message stays, and so does "no more".
    socket.drop(1006);
    await at(1_100);
    const reads = calls.conversation;
    FakeSocket.last().ready();
    await at(500);
    expect(calls.conversation).toBeGreaterThan(reads);
    expect(texts()).toEqual(['更早一句', '最新一句']);
    expect(screen.queryByText('加载更早消息')).not.toBeInTheDocument();
  });
});
