import { lotteryRoom } from '@app/contract/lottery';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { installFakeWebSocket } from '@app/mobile/test/fake-socket';
import { roomReply } from '@test/msw/lottery';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

vi.mock('../sound', () => ({ playSound: vi.fn(() => true) }));

let sockets: ReturnType<typeof installFakeWebSocket>;
beforeEach(() => {
  sockets = installFakeWebSocket();
});
afterEach(() => vi.unstubAllGlobals());

describe('a message an operator deleted', { timeout: 20_000 }, () => {
  it('disappears from the room at once, from the history and from what came live; markup stays text', async () => {
    const room = roomReply(2);
    room.chatdata = [
      { user_id: 9, author: '玩家九', headurl: '', content: '<b>加我私聊</b>', msgid: 31 },
      { user_id: 8, author: '玩家八', headurl: '', content: '大家好', msgid: 32 },
    ];
    server.use(reply(lotteryRoom, room));
    renderApp('/lottery?room_id=1', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '聊天消息' });
    expect(within(list).getByText('<b>加我私聊</b>')).toBeInTheDocument();
    const ws = sockets.latest();
    ws.open();
    ws.receive({
      sysmsg: false,
      id: 9,
      author: '玩家九',
      avatar: '',
      content: '再发一次',
      type: 'chat',
      msgid: 33,
    });
    expect(await within(list).findByText('再发一次')).toBeInTheDocument();

    ws.receive({ sysmsg: false, id: 0, author: '系统', avatar: '', content: '', type: 'delete', msgid: 31 });
    ws.receive({ sysmsg: false, id: 0, author: '系统', avatar: '', content: '', type: 'delete', msgid: 33 });
    await waitFor(() => expect(within(list).queryByText('<b>加我私聊</b>')).not.toBeInTheDocument());
    expect(within(list).queryByText('再发一次')).not.toBeInTheDocument();
    expect(within(list).getByText('大家好')).toBeInTheDocument();
    // The deletion itself shows nothing: no empty line, no toast.
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});
