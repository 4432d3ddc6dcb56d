import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MSG_SUPPORT_SOCKET_AUTH,
  MSG_SUPPORT_SOCKET_TOO_MANY,
  SUPPORT_PING_INTERVAL_MS,
  supportHistory,
  supportRead,
  supportState,
} from '@app/contract/support-desk';
import { reply, replyWith } from '@app/mobile/test/msw-contract';
import { MSG_AWAY, MSG_TYPING } from '@/desk/Desk';
import { FALLBACK_POLL_MS, TYPING_SHOWN_MS } from '@/desk/useDesk';
import { DOWN_NOTICE_MS, MSG_LINK_DOWN } from '@/desk/useLive';
import { BACKOFF_MS, SILENT_MS } from '@/desk/socket';
import { Start } from '@/Start';
import { FakeWebSocket, latestSocket } from '@app/mobile/test/fake-socket';
import { conversation, message, server, state, TICKET, TOKEN } from './fixtures';

/* The desk's socket (src/desk/socket.ts, useLive.ts, frames.ts) against a fake WebSocket: the server's
 * side is played by the test, supportState and the other calls by MSW. */

/** supportState answered by `make` (the state by default), its calls counted. */
function countStates(make: (n: number) => ReturnType<typeof state> = () => state()) {
  const calls = { n: 0 };
  server.use(replyWith(supportState, () => make(++calls.n)));
  return calls;
}

async function openDesk() {
  history.replaceState(null, '', `/support/#/?t=${TICKET}`);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<Start />);
  await screen.findByRole('list', { name: '消息' });
  return user;
}

/** The desk open and its socket live (opened, authenticated: the server's `online` came). */
async function openLive(calls: { n: number }) {
  const user = await openDesk();
  const ws = latestSocket();
  ws.open();
  const before = calls.n;
  ws.receive({ type: 'online', online: true });
  // Live: supportState is read again to resynchronise.
  await waitFor(() => expect(calls.n).toBeGreaterThan(before));
  return { user, ws };
}

const fakeTimers = () =>
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => vi.useRealTimers());

describe('the socket', () => {
  it('opens /wss/support on the calls’ host, sends the auth frame first, then pings', async () => {
    fakeTimers();
    countStates();
    await openDesk();
    const ws = latestSocket();
    expect(ws.url).toBe(`ws://${location.host}/wss/support`);
    ws.open();
    expect(ws.sent).toEqual([JSON.stringify({ type: 'auth', token: TOKEN })]);
    await later(SUPPORT_PING_INTERVAL_MS);
    expect(ws.sent.slice(1)).toEqual(['ping']);
  });

  it('shows a pushed message without a poll, and marks it read', async () => {
    fakeTimers();
    let reads = 0;
    server.use(replyWith(supportRead, () => (reads++, null)));
    const calls = countStates();
    const { ws } = await openLive(calls);
    await later(1000);
    const settled = calls.n;
    ws.receive({
      type: 'message',
      conversation_id: 7,
      message: message(20, { sender: 'operator', operator: '客服小美', body: '已为您查到' }),
    });
    expect(await screen.findByText('已为您查到')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(1));
    // Live: no polling timer (the next read is the slow safety resync, a minute on).
    await later(FALLBACK_POLL_MS * 3);
    expect(calls.n).toBe(settled);
  });

  it('drops frames that break the contract, and applies the next good one', async () => {
    const calls = countStates();
    const { ws } = await openLive(calls);
    ws.receive('pong');
    ws.receive('{not json');
    ws.receive({ type: 'message', conversation_id: 7, message: { id: 21, body: '坏的' } });
    ws.receive({ type: 'message', conversation_id: 7, message: message(22, { body: '好的' }) });
    expect(await screen.findByText('好的')).toBeInTheDocument();
    expect(screen.queryByText('坏的')).not.toBeInTheDocument();
  });

  it('applies state changes: assigned shows the 客服, closed shows the rating card', async () => {
    const calls = countStates(() =>
      state({ conversation: conversation({ state: 'waiting', operator: null }) }),
    );
    const { ws } = await openLive(calls);
    expect(screen.getByText('正在为您接入客服…')).toBeInTheDocument();
    ws.receive({ type: 'state', change: 'assigned', conversation: conversation({ operator: '客服阿强' }) });
    expect(await screen.findByText('客服阿强 为您服务')).toBeInTheDocument();
    const closed = conversation({ state: 'closed', operator: '客服阿强', closed_at: '2026-11-29 10:30:00' });
    ws.receive({ type: 'state', change: 'closed', conversation: closed });
    const card = await screen.findByRole('region', { name: '服务评价' });
    expect(within(card).getByRole('button', { name: '提交评价' })).toBeInTheDocument();
    expect(screen.getByText('请提供订单号')).toBeInTheDocument();
  });

  it('shows 已读 / 未读 on the member’s messages from the 客服’s read mark: the state’s, then frames', async () => {
    const calls = countStates(() =>
      state({
        conversation: conversation({ operator_read_id: 0 }),
        messages: [message(2, { body: '第一句' }), message(4, { body: '第二句' })],
      }),
    );
    const { ws } = await openLive(calls);
    const first = () => screen.getByText('第一句').closest('li') as HTMLElement;
    const second = () => screen.getByText('第二句').closest('li') as HTMLElement;
    expect(within(first()).getByText('未读')).toBeInTheDocument(); // read mark 0: nothing read yet
    ws.receive({ type: 'read', conversation_id: 7, operator_read_id: 2 });
    expect(await within(first()).findByText('已读')).toBeInTheDocument();
    expect(within(second()).getByText('未读')).toBeInTheDocument();
    ws.receive({ type: 'read', conversation_id: 7, operator_read_id: 4 });
    expect(await within(second()).findByText('已读')).toBeInTheDocument();
  });

  it('takes the read mark from the state after a reload (no frame needed)', async () => {
    const calls = countStates(() =>
      state({
        conversation: conversation({ operator_read_id: 2 }),
        messages: [message(2, { body: '第一句' }), message(4, { body: '第二句' })],
      }),
    );
    await openLive(calls);
    expect(
      within(screen.getByText('第一句').closest('li') as HTMLElement).getByText('已读'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByText('第二句').closest('li') as HTMLElement).getByText('未读'),
    ).toBeInTheDocument();
  });

  it('the online frame sets the 客服 online flag', async () => {
    const calls = countStates(() => state({ online: false, conversation: null, messages: [] }));
    const { ws } = await openLive(calls);
    // The resync said offline after the first frame; the next frame says online.
    expect(screen.getByText('客服离线')).toBeInTheDocument();
    ws.receive({ type: 'online', online: true });
    expect(screen.getByText('客服在线')).toBeInTheDocument();
  });

  it('nobody online while a 客服 serves the conversation: it is away, not “nobody online”', async () => {
    const calls = countStates(() => state({ online: true }));
    const { ws } = await openLive(calls);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    ws.receive({ type: 'online', online: false });
    expect(await screen.findByRole('note')).toHaveTextContent(MSG_AWAY);
    expect(within(screen.getByRole('banner')).getByText('客服小美 为您服务')).toBeInTheDocument();
  });
});

describe('typing marks', () => {
  it('shows 客服正在输入… on, hides it off, on the 客服’s message, and after a while without news', async () => {
    fakeTimers();
    const calls = countStates();
    const { ws } = await openLive(calls);
    const typing = (on: boolean) => ws.receive({ type: 'typing', conversation_id: 7, on });
    typing(true);
    expect(screen.getByText(MSG_TYPING)).toBeInTheDocument();
    typing(false);
    expect(screen.queryByText(MSG_TYPING)).not.toBeInTheDocument();
    typing(true);
    ws.receive({ type: 'message', conversation_id: 7, message: message(30, { sender: 'operator' }) });
    expect(screen.queryByText(MSG_TYPING)).not.toBeInTheDocument();
    typing(true);
    await later(TYPING_SHOWN_MS - 1000);
    typing(true); // renewed: shown on
    await later(TYPING_SHOWN_MS - 1000);
    expect(screen.getByText(MSG_TYPING)).toBeInTheDocument();
    await later(1500);
    expect(screen.queryByText(MSG_TYPING)).not.toBeInTheDocument();
  });

  it('sends on while the member types (throttled), off when the box loses focus', async () => {
    fakeTimers();
    const calls = countStates();
    const { user, ws } = await openLive(calls);
    await user.type(screen.getByLabelText('消息内容'), '你好你好你好');
    expect(ws.frames).toEqual([
      { type: 'auth', token: TOKEN },
      { type: 'typing', on: true },
    ]);
    await user.tab();
    // The server drops a mark within a second of the previous one: off waits its turn.
    expect(ws.frames).toHaveLength(2);
    await later(1200);
    expect(ws.frames.slice(2)).toEqual([{ type: 'typing', on: false }]);
  });
});

describe('reconnecting', () => {
  it('reconnects after 1006 with a delay, authenticates again and reads supportState again', async () => {
    fakeTimers();
    const calls = countStates((n) =>
      n < 3 ? state() : state({ messages: [...state().messages, message(40, { body: '断线时的消息' })] }),
    );
    const { ws } = await openLive(calls);
    await later(500);
    ws.drop(1006);
    await later(500);
    expect(FakeWebSocket.instances).toHaveLength(1); // not at once: the backoff waits
    await later(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    const again = latestSocket();
    again.open();
    expect(again.frames).toEqual([{ type: 'auth', token: TOKEN }]);
    again.receive({ type: 'online', online: true });
    expect(await screen.findByText('断线时的消息')).toBeInTheDocument();
  });

  it('says 连接中断，正在重连… only after a while down', async () => {
    fakeTimers();
    const calls = countStates();
    const { ws } = await openLive(calls);
    ws.drop(1001);
    expect(screen.queryByText(MSG_LINK_DOWN)).not.toBeInTheDocument();
    await later(DOWN_NOTICE_MS);
    expect(screen.getByText(MSG_LINK_DOWN)).toBeInTheDocument();
    const again = latestSocket();
    expect(again).not.toBe(ws);
    again.open();
    again.receive({ type: 'online', online: true });
    expect(screen.queryByText(MSG_LINK_DOWN)).not.toBeInTheDocument();
  });

  it('4401 goes back to the start screen with the server’s message, and opens no other socket', async () => {
    fakeTimers();
    const calls = countStates();
    const { ws } = await openLive(calls);
    ws.drop(4401, '客服会话已过期，请重新打开客服');
    expect(await screen.findByRole('alert')).toHaveTextContent('客服会话已过期，请重新打开客服');
    expect(screen.getByRole('button', { name: '以访客身份继续咨询' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '消息' })).not.toBeInTheDocument();
    await later(30_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('4401 without a reason (no auth frame in time) says the contract’s message', async () => {
    countStates();
    await openDesk();
    latestSocket().drop(4401, '');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_SUPPORT_SOCKET_AUTH);
  });

  it('4429 says so with 重试, and does not reconnect by itself', async () => {
    fakeTimers();
    const calls = countStates();
    const { user, ws } = await openLive(calls);
    ws.drop(4429, MSG_SUPPORT_SOCKET_TOO_MANY);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_SUPPORT_SOCKET_TOO_MANY);
    await later(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    // The desk still works, by polling.
    expect(calls.n).toBeGreaterThanOrEqual(4);
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(screen.queryByText(MSG_SUPPORT_SOCKET_TOO_MANY)).not.toBeInTheDocument();
  });

  it('4403 shows the reason, without 重试', async () => {
    const calls = countStates();
    const { ws } = await openLive(calls);
    ws.drop(4403, '账号已被冻结');
    expect(await screen.findByRole('alert')).toHaveTextContent('账号已被冻结');
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  });
});

describe('a silent connection', () => {
  it('is dropped and opened again when not even a pong comes back', async () => {
    fakeTimers();
    const calls = countStates();
    const { ws } = await openLive(calls);
    ws.answersPing = false;
    await later(SILENT_MS + SUPPORT_PING_INTERVAL_MS);
    expect(ws.closedByClient).toBe(1000);
    await later((BACKOFF_MS[0] ?? 1000) * 1.5);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('stays open while pongs come back', async () => {
    fakeTimers();
    const calls = countStates();
    const { ws } = await openLive(calls);
    await later(SILENT_MS * 3);
    expect(ws.closedByClient).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('without the socket', () => {
  it('polls supportState while it cannot open, and stops once it is live', async () => {
    fakeTimers();
    server.use(reply(supportHistory, { items: [], total: 0 }));
    const calls = countStates();
    await openDesk();
    const ws = latestSocket(); // never opens
    await waitFor(() => expect(calls.n).toBe(1));
    await later(FALLBACK_POLL_MS);
    await waitFor(() => expect(calls.n).toBe(2));
    await later(FALLBACK_POLL_MS);
    await waitFor(() => expect(calls.n).toBe(3));
    ws.open();
    ws.receive({ type: 'online', online: true });
    await waitFor(() => expect(calls.n).toBe(4));
    await later(FALLBACK_POLL_MS * 3);
    expect(calls.n).toBe(4);
  });

  it('polls while the socket keeps failing', async () => {
    fakeTimers();
    const calls = countStates();
    await openDesk();
    latestSocket().drop(1006);
    await later(FALLBACK_POLL_MS);
    await waitFor(() => expect(calls.n).toBe(2));
  });
});

describe('after the close frame', () => {
  it('still shows the ended conversation’s closing line and read mark; a new conversation resynchronises', async () => {
    let started = false;
    const calls = countStates(() =>
      !started
        ? state()
        : state({
            conversation: conversation({ id: 8, operator: null, state: 'waiting' }),
            messages: [message(60, { body: '新的问题' })],
          }),
    );
    const { ws } = await openLive(calls);
    const closed = conversation({ state: 'closed', closed_at: '2026-11-29 10:30:00' });
    ws.receive({ type: 'state', change: 'closed', conversation: closed });
    ws.receive({
      type: 'message',
      conversation_id: 7,
      message: message(50, { sender: 'system', body: '会话已结束' }),
    });
    ws.receive({ type: 'read', conversation_id: 7, operator_read_id: 2 });
    expect(await screen.findByText('会话已结束')).toBeInTheDocument();
    expect(screen.getByText('已读')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '服务评价' })).toBeInTheDocument();
    const before = calls.n;
    started = true;
    // Another tab of the member's started a new conversation.
    ws.receive({ type: 'message', conversation_id: 8, message: message(60, { body: '新的问题' }) });
    expect(await screen.findByText('新的问题')).toBeInTheDocument();
    expect(calls.n).toBeGreaterThan(before);
    expect(screen.queryByText('会话已结束')).not.toBeInTheDocument();
  });
});
