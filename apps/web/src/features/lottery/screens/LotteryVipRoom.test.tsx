/* VIP rooms (issue 27): the room list marks a room's VIP level; inside a room above the member's level,
 * a notice and disabled bet and chat controls instead of refused requests. */
import { lotteryOrder, lotteryRoom, lotteryRooms } from '@app/contract/lottery';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { installFakeWebSocket } from '@app/mobile/test/fake-socket';
import { roomReply } from '@test/msw/lottery';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

vi.mock('../sound', () => ({ playSound: vi.fn(() => true) }));

let sockets: ReturnType<typeof installFakeWebSocket>;
beforeAll(async () => {
  await Promise.all([import('antd-mobile/es/components/toast'), import('@app/mobile/antd-render')]);
});
beforeEach(() => {
  sockets = installFakeWebSocket();
});
afterEach(() => vi.unstubAllGlobals());

describe('/lottery: the room list', () => {
  it('marks a VIP room with its level; the others carry none', async () => {
    server.use(
      reply(lotteryRooms, [
        { id: 1, title: '新手房', lottery: { title: '加拿大28' }, min_vip_level: 1 },
        { id: 3, title: 'VIP房', lottery: { title: '加拿大28' }, min_vip_level: 3 },
        // Another back end sends no level: a room for everyone.
        { id: 4, title: '高手房', lottery: { title: '加拿大28' } },
      ]),
    );
    renderApp('/lottery', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '房间列表' });
    expect(within(list).getByRole('button', { name: /VIP房\s*VIP3/ })).toBeInTheDocument();
    expect(within(list).getAllByText(/^VIP\d+$/)).toHaveLength(1);
  });
});

describe('a VIP room', { timeout: 20_000 }, () => {
  it('above the member’s level (VIP3 in a VIP4 room): a notice instead of bets and chat, nothing sent', async () => {
    const orders: unknown[] = [];
    server.use(
      reply(lotteryRoom, { ...roomReply(2), min_vip_level: 4 }),
      http.post(lotteryOrder.path, async ({ request }) => {
        orders.push(await request.json());
        return HttpResponse.json(
          { code: 403, message: '该房间仅限VIP4及以上会员投注', data: null },
          { status: 403 },
        );
      }),
    );
    const { user } = renderApp('/lottery?room_id=1', { token: 'tok' });
    const notice = await screen.findByTestId('room-vip-notice');
    expect(notice).toHaveTextContent('该房间仅限VIP4及以上会员投注和发言，您当前为VIP3');
    sockets.latest().open();
    expect(screen.getByRole('textbox', { name: '下注指令' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled();
    const panel = screen.getByRole('button', { name: '玩法' });
    expect(panel).toBeDisabled();
    await user.click(panel);
    await user.click(screen.getByRole('radio', { name: '聊天' }));
    expect(screen.getByRole('textbox', { name: '聊天内容' })).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: '信用投注' })).toBeNull();
    expect(sockets.latest().frames).toEqual([]);
    expect(orders).toEqual([]);
    // The room is still there to watch: its round and chat.
    expect(screen.getByTestId('round-state')).toHaveTextContent('投注中');
    expect(screen.getByText('大家好')).toBeInTheDocument();
  });

  it('at the member’s level (VIP3 in a VIP3 room): no notice, bets and chat as anywhere', async () => {
    server.use(reply(lotteryRoom, { ...roomReply(2), min_vip_level: 3 }));
    renderApp('/lottery?room_id=1', { token: 'tok' });
    await screen.findByRole('list', { name: '聊天消息' });
    sockets.latest().open();
    await waitFor(() => expect(screen.getByRole('button', { name: '发送' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '玩法' })).toBeEnabled();
    expect(screen.queryByTestId('room-vip-notice')).toBeNull();
  });
});
