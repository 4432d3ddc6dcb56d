/* Back with the bet sheet open closes the sheet; the room stays (issue 30, item 11). A room read again
 * shows the lines its first paint missed (item 13). */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tappable } from '@test/dialog';
import { installFakeWebSocket } from '@app/mobile/test/fake-socket';
import { drawnRound, roomReply } from '@test/msw/lottery';
import { roomReplies } from '@test/msw/room-replies';
import { renderApp } from '@test/render';

vi.mock('../sound', () => ({ playSound: vi.fn(() => true) }));

beforeAll(async () => {
  await Promise.all([import('antd-mobile/es/components/toast'), import('../components/BetPanel')]);
});
let sockets: ReturnType<typeof installFakeWebSocket>;
beforeEach(() => {
  sockets = installFakeWebSocket();
});
afterEach(() => vi.unstubAllGlobals());

const sheet = () => screen.queryByRole('dialog', { name: '信用投注' });

describe('the bet sheet and the phone’s back', { timeout: 30_000 }, () => {
  it('back closes the open sheet and keeps the room; closing it by its button leaves history as it was', async () => {
    const { user, router, location } = renderApp('/', { token: 'tok' });
    await act(() => router.navigate('/lottery?room_id=1'));
    await user.click(await screen.findByRole('button', { name: '玩法' }));
    await waitFor(() => expect(sheet()).toBeInTheDocument());

    await act(() => router.navigate(-1)); // the phone's back
    await waitFor(() => expect(sheet()).toBeNull(), { timeout: 5000 });
    expect(location()).toBe('/lottery?room_id=1');
    expect(screen.getByTestId('round-state')).toBeInTheDocument();

    // Again, closed by its own 关闭: one back still leaves the room for the hall.
    await user.click(screen.getByRole('button', { name: '玩法' }));
    await waitFor(() => expect(sheet()).toBeInTheDocument());
    await user.click(await tappable(screen.getByRole('button', { name: '关闭' })));
    await waitFor(() => expect(sheet()).toBeNull(), { timeout: 5000 });
    expect(location()).toBe('/lottery?room_id=1');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('a room read again', { timeout: 30_000 }, () => {
  it('adds the stored lines the first paint did not have (one’s own bet included), once', async () => {
    const first = roomReply(2);
    const later = {
      ...first,
      chatdata: [
        ...(first.chatdata ?? []),
        { user_id: 7, author: 'demo001', headurl: '', content: '大 10.00元', type: 'order', msgid: 41 },
      ],
    };
    const calls = roomReplies(first, later);
    renderApp('/lottery?room_id=1', { token: 'tok' });
    await screen.findByTestId('last-expect');
    const ws = sockets.latest();
    ws.open();
    // A late draw of an earlier round: the room is read again.
    ws.receive({ sysmsg: true, id: 0, type: 'draw', content: '开奖', result: drawnRound(2, '20261122001') });
    await waitFor(() => expect(calls).toHaveLength(2));
    const list = screen.getByRole('list', { name: '聊天消息' });
    await waitFor(() => expect(list).toHaveTextContent('大 10.00元'));
    expect(screen.getAllByText('大 10.00元')).toHaveLength(1);
    expect(screen.getAllByText('大家好')).toHaveLength(1); // lines without an id are not added twice
  });
});
