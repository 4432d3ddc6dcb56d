import { balance } from '@app/contract/auth';
import { lotteryRooms, lotteryRoomsByName, MSG_ROUND_CLOSED } from '@app/contract/lottery';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { installFakeWebSocket } from '@app/mobile/test/fake-socket';
import { drawnRound, roomReply } from '@test/msw/lottery';
import { roomReplies } from '@test/msw/room-replies';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

import { sessionActions } from '@/shared/session/store';
import { playSound } from '../sound';

vi.mock('../sound', () => ({ playSound: vi.fn(() => true) }));

let sockets: ReturnType<typeof installFakeWebSocket>;
beforeAll(async () => {
  // The code loaded on demand (toasts, the bet panel, the verify view), loaded once up front: a busy
  // machine may take longer than a query's wait for the first import.
  await Promise.all([
    import('antd-mobile/es/components/toast'),
    import('@app/mobile/antd-render'),
    import('../components/BetPanel'),
    import('../components/VerifyPopup'),
  ]);
});
beforeEach(() => {
  sockets = installFakeWebSocket();
});
afterEach(() => vi.unstubAllGlobals());

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

describe('/lottery for a visitor', () => {
  it('says 请登录！ and goes home after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = renderApp('/lottery?room_id=1');
    // On the screen, and toasted.
    await waitFor(() => expect(screen.getAllByText('请登录！')).toHaveLength(2));
    expect(location()).toBe('/lottery?room_id=1');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(location()).toBe('/'));
    expect(sockets.all()).toHaveLength(0);
  });
});

describe('/lottery: the room list', () => {
  it('lists the rooms and opens the one tapped', async () => {
    const { user, location } = renderApp('/lottery', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '房间列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(list).getByRole('button', { name: /六合彩\s*高手房/ }));
    await waitFor(() => expect(location()).toBe('/lottery?room_id=2'));
  });

  it('says 当前游戏无房间 when there is none', async () => {
    server.use(reply(lotteryRooms, []));
    renderApp('/lottery', { token: 'tok' });
    expect(await screen.findByText('当前游戏无房间')).toBeInTheDocument();
  });

  it('asks for the rooms of one lottery with ?name=', async () => {
    let asked: unknown = null;
    server.use(
      http.post(lotteryRoomsByName.path, async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ code: 200, message: 'ok', data: [] });
      }),
    );
    renderApp('/lottery?name=%E5%8A%A0%E6%8B%BF%E5%A4%A728', { token: 'tok' });
    expect(await screen.findByText('当前游戏无房间')).toBeInTheDocument();
    expect(asked).toEqual({ name: '加拿大28' });
  });

  it('titles the rooms of ?name=jnd28 with the lottery’s Chinese title, never the code', async () => {
    server.use(
      http.post(lotteryRoomsByName.path, () =>
        HttpResponse.json({
          code: 200,
          message: 'ok',
          data: [
            { id: 1, title: '新手房', lottery: { title: '加拿大28' } },
            { id: 2, title: '高手房', lottery: { title: '加拿大28' } },
          ],
        }),
      ),
    );
    renderApp('/lottery?name=jnd28', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: /加拿大28/ })).toBeInTheDocument();
    expect(screen.getAllByText('加拿大28').length).toBeGreaterThanOrEqual(3);
    expect(document.body).not.toHaveTextContent('jnd28');
  });

  it('shows the server’s message and 重试 when the list fails', async () => {
    server.use(
      http.post(lotteryRooms.path, () =>
        HttpResponse.json({ code: 500, message: '服务繁忙', data: null }, { status: 500 }),
      ),
    );
    renderApp('/lottery', { token: 'tok' });
    expect(await screen.findByRole('alert')).toHaveTextContent('服务繁忙');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});

describe('/lottery?room_id=: the room', { timeout: 20_000 }, () => {
  it('shows the titles, the round, the balance, the last result and the history', async () => {
    const { user } = renderApp('/lottery?room_id=1', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: /加拿大28\s*新手房/ })).toBeInTheDocument();
    expect(screen.getByTestId('round-state')).toHaveTextContent('投注中');
    expect(screen.getByTestId('round-countdown')).toHaveTextContent(/^01:(40|39)$/);
    await waitFor(() => expect(screen.getByTestId('lottery-balance')).toHaveTextContent('1000.00'));
    expect(screen.getByTestId('last-expect')).toHaveTextContent('第20261122001期');
    const last = screen.getByRole('list', { name: '第20261122001期开奖号码' });
    expect(last).toHaveTextContent(/4\+7\+5=16/);
    expect(within(last).getByTestId('draw-text')).toHaveTextContent('大双');
    expect(within(last).getByTestId('draw-text')).toHaveClass('text-green');

    await user.click(screen.getByRole('button', { name: '往期' }));
    const history = screen.getByRole('list', { name: '往期开奖' });
    expect(within(history).getAllByRole('listitem', { name: '' }).length).toBeGreaterThan(0);
    expect(within(history).getByText('第20261122000期')).toBeInTheDocument();
    await user.click(within(history).getAllByRole('button', { name: '验证' })[0] as HTMLElement);
    const verify = await screen.findByRole('dialog', { name: '开奖验证' });
    expect(within(verify).getByTestId('verify-derived')).toHaveTextContent('4 7 5');
    expect(within(verify).getByRole('status')).toHaveTextContent('验证通过');
  });

  it('shows the open round’s hash before the draw, in full in a sheet that says how to check it', async () => {
    const { user } = renderApp('/lottery?room_id=1', { token: 'tok' });
    const line = await screen.findByTestId('round-hash');
    expect(line).toHaveTextContent('本期哈希c0ffeec0…ffeecafe查看');
    await user.click(line);
    const sheet = await screen.findByRole('dialog', { name: '本期哈希' });
    expect(within(sheet).getByRole('heading')).toHaveTextContent('第20261122002期 开奖哈希');
    expect(within(sheet).getByTestId('round-hash-full')).toHaveTextContent(`${'c0ffee'.repeat(10)}cafe`);
    expect(sheet).toHaveTextContent('开奖后在「往期」中点该期的「验证」');
    expect(within(sheet).getByRole('button', { name: '复制哈希' })).toBeEnabled();
  });

  it('type 1: six balls and the special ball with its colour and labels', async () => {
    roomReplies(roomReply(1));
    renderApp('/lottery?room_id=2', { token: 'tok' });
    const last = await screen.findByRole('list', { name: '第20261122001期开奖号码' });
    expect(within(last).getAllByRole('listitem')).toHaveLength(7);
    expect(within(last).getByRole('listitem', { name: '特码 29 红波 大单' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '投注' })).toBeEnabled();
  });

  it('counts down, closes (封盘中), draws (开奖中), then reloads until the next round comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const next = roomReply(2, {
      timeout: 100,
      next: '20261122003',
      last: '20261122002',
    });
    const calls = roomReplies(
      roomReply(2, { timeout: 33, ftime: 30 }),
      roomReply(2, { timeout: 0, ftime: 30 }), // still drawing
      next,
    );
    renderApp('/lottery?room_id=1', { token: 'tok' });
    await waitFor(() => expect(screen.getByTestId('round-state')).toHaveTextContent('投注中'));
    const input = () => screen.getByRole('textbox', { name: '下注指令' });
    expect(input()).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(4000));
    await waitFor(() => expect(screen.getByTestId('round-state')).toHaveTextContent('封盘中'));
    expect(input()).toBeDisabled();
    expect(input()).toHaveAttribute('placeholder', MSG_ROUND_CLOSED);
    expect(screen.getByRole('button', { name: '玩法' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(29_500));
    await waitFor(() => expect(screen.getByTestId('round-state')).toHaveTextContent('开奖中'));
    expect(screen.getByTestId('round-countdown')).toHaveTextContent('00:00');
    expect(calls).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(calls).toHaveLength(2)); // over: reload
    expect(screen.getByTestId('round-state')).toHaveTextContent('开奖中');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(calls).toHaveLength(3)); // still drawing: again, until the next round
    await waitFor(() => expect(screen.getByTestId('round-state')).toHaveTextContent('投注中'));
    expect(screen.getByText('第20261122003期')).toBeInTheDocument();
    expect(screen.getByTestId('last-expect')).toHaveTextContent('第20261122002期');
    expect(input()).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls).toHaveLength(3);
    expect(calls[0]).toBe('1');
  });
});

describe('the room’s chat', { timeout: 20_000 }, () => {
  it('connects with the room and token, shows history and live messages, toasts live system ones', async () => {
    renderApp('/lottery?room_id=1', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '聊天消息' });
    expect(within(list).getByText('大家好')).toBeInTheDocument();
    const ws = sockets.latest();
    expect(ws.url).toBe(`ws://${window.location.host}/wss?roomid=1&_token=tok`);
    expect(screen.getByRole('status')).toHaveTextContent('连接中…');
    ws.open();
    await waitFor(() => expect(screen.queryByText('连接中…')).not.toBeInTheDocument());

    ws.receive({ sysmsg: false, id: 9, author: '玩家九', avatar: '', content: '今晚开大' });
    expect(await within(list).findByText('今晚开大')).toBeInTheDocument();
    expect(within(list).getByText('今晚开大').closest('li')).toHaveClass('chat-other');
    ws.receive({ sysmsg: false, id: 7, author: 'demo001', avatar: '', content: '跟' });
    await waitFor(() => expect(within(list).getByText('跟').closest('li')).toHaveClass('chat-mine'));

    ws.receive({ sysmsg: '发言太快，请稍后再试', id: 0, content: '发言太快，请稍后再试' });
    await waitFor(() => expect(screen.getAllByText('发言太快，请稍后再试')).toHaveLength(2)); // listed and toasted
    expect(within(list).getByText('发言太快，请稍后再试').closest('li')).toHaveClass('chat-system');
    expect(screen.getAllByText('大家好')).toHaveLength(1); // history is not toasted
  });

  it('a new round is one short notice, never a toast, even when a back end marks it sysmsg with a hash', async () => {
    renderApp('/lottery?room_id=1', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '聊天消息' });
    const ws = sockets.latest();
    ws.open();
    const hash = 'ab'.repeat(32);
    ws.receive({
      sysmsg: false,
      id: 0,
      author: '系统',
      type: 'open',
      content: '第20261122003期开始投注',
      expect: '20261122003',
      hash,
    });
    ws.receive({
      sysmsg: `第20261122004期开始投注，本期哈希 ${hash}`,
      id: 0,
      type: 'open',
      content: '第20261122004期开始投注',
      expect: '20261122004',
      hash,
    });
    const notice = await within(list).findByText('第20261122003期开始投注');
    expect(notice.closest('li')).toHaveClass('chat-system');
    expect(within(list).getByText('第20261122004期开始投注')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getAllByText(/开始投注/)).toHaveLength(2); // listed once each, toasted never
    expect(document.body.textContent).not.toContain(hash);
  });

  it('obeys 设置: 消息时间显示 shows times, 中奖提示 prompts a win, 静音模式 silences the sounds', async () => {
    const sounds = vi.mocked(playSound);
    sounds.mockClear();
    try {
      renderApp('/lottery?room_id=1', { token: 'tok' });
      const list = await screen.findByRole('list', { name: '聊天消息' });
      const ws = sockets.latest();
      ws.open();
      await waitFor(() => expect(screen.queryByText('连接中…')).not.toBeInTheDocument());
      ws.receive({
        sysmsg: false,
        id: 9,
        author: '玩家九',
        content: '今晚开大',
        time: '2026-11-22 12:34:56',
      });
      const row = (await within(list).findByText('今晚开大')).closest('li');
      expect(row?.querySelector('.chat-time')?.textContent).toMatch(/12:34/);
      expect(sounds).toHaveBeenLastCalledWith('chat');

      // A win for this member (demo001, id 7): prompted with the amount and round, and chimed.
      ws.receive({
        sysmsg: false,
        id: 7,
        type: 'win',
        content: '中奖',
        expect: '20261122002',
        payout: '19.60',
      });
      expect(await screen.findByText('恭喜中奖 ¥19.60（第20261122002期）')).toBeInTheDocument();
      expect(sounds).toHaveBeenLastCalledWith('win');
      expect(within(list).queryByText('中奖')).not.toBeInTheDocument(); // not a chat line
      await clearToasts();

      act(() => {
        sessionActions.setSwitch('showMessageTime', false);
        sessionActions.setSwitch('winPrompt', false);
        sessionActions.setSwitch('quietMode', true);
      });
      await waitFor(() => expect(list.querySelector('.chat-time')).toBeNull());
      sounds.mockClear();
      ws.receive({ sysmsg: false, id: 9, author: '玩家九', content: '又来了', time: '2026-11-22 12:35:00' });
      ws.receive({
        sysmsg: false,
        id: 7,
        type: 'win',
        content: '中奖',
        expect: '20261122003',
        payout: '5.00',
      });
      expect(await within(list).findByText('又来了')).toBeInTheDocument();
      await new Promise((r) => setTimeout(r, 300));
      expect(screen.queryByText(/恭喜中奖/)).not.toBeInTheDocument();
      expect(sounds).not.toHaveBeenCalled();
    } finally {
      act(() => {
        sessionActions.setSwitch('showMessageTime', true);
        sessionActions.setSwitch('winPrompt', true);
        sessionActions.setSwitch('quietMode', false);
      });
    }
  });

  it('keeps the newest 200 messages of a busy room', async () => {
    renderApp('/lottery?room_id=1', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '聊天消息' });
    const ws = sockets.latest();
    ws.open();
    for (let i = 0; i < 250; i++) ws.receive({ sysmsg: false, id: 9, author: '玩家九', content: `消息${i}` });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(200));
    expect(within(list).queryByText('消息49')).not.toBeInTheDocument();
    expect(within(list).getByText('消息249')).toBeInTheDocument();
  });

  it('a draw of the open round shows 开奖中, then the next round; the balance is reloaded', async () => {
    const calls = roomReplies(roomReply(2), roomReply(2, { next: '20261122003', last: '20261122002' }));
    let balances = 0;
    server.use(
      http.post(balance.path, () => {
        balances++;
        return HttpResponse.json({ code: 200, message: 'ok', data: { balance: '1020.00' } });
      }),
    );
    renderApp('/lottery?room_id=1', { token: 'tok' });
    await screen.findByTestId('last-expect');
    const before = balances;
    const ws = sockets.latest();
    ws.open();
    ws.receive({
      sysmsg: true,
      id: 0,
      type: 'draw',
      content: '第20261122002期开奖：1+2+3=6',
      result: drawnRound(2, '20261122002'),
    });
    await waitFor(() => expect(screen.getByTestId('round-state')).toHaveTextContent('开奖中'));
    expect(screen.getByTestId('round-countdown')).toHaveTextContent('00:00');
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 3000 }); // a second later
    await waitFor(() => expect(screen.getByTestId('last-expect')).toHaveTextContent('第20261122002期'));
    expect(screen.getByTestId('round-state')).toHaveTextContent('投注中');
    await waitFor(() => expect(balances).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('lottery-balance')).toHaveTextContent('1020.00'));
  });

  it('a late draw of an earlier round reloads the room at once', async () => {
    const calls = roomReplies(roomReply(2));
    renderApp('/lottery?room_id=1', { token: 'tok' });
    await screen.findByTestId('last-expect');
    const ws = sockets.latest();
    ws.open();
    ws.receive({ sysmsg: true, id: 0, type: 'draw', content: '开奖', result: drawnRound(2, '20261122001') });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.getByTestId('round-state')).toHaveTextContent('投注中');
  });

  it('下注 sends a command with order true; 聊天 sends text with order false; a non-command is refused', async () => {
    const { user } = renderApp('/lottery?room_id=1', { token: 'tok' });
    await screen.findByRole('list', { name: '聊天消息' });
    const ws = sockets.latest();
    ws.open();
    const send = screen.getByRole('button', { name: '发送' });
    await waitFor(() => expect(send).toBeEnabled());
    expect(screen.getByRole('radio', { name: '下注' })).toBeChecked();

    await user.type(screen.getByRole('textbox', { name: '下注指令' }), '大10 单20');
    await user.click(send);
    await user.type(screen.getByRole('textbox', { name: '下注指令' }), '你好');
    await user.click(send);
    expect(await screen.findByText('无法识别的下注指令：你好')).toBeInTheDocument();
    await clearToasts();

    await user.click(screen.getByRole('radio', { name: '聊天' }));
    const chat = screen.getByRole('textbox', { name: '聊天内容' });
    expect(chat).toHaveValue('你好');
    await user.type(chat, '{Enter}');
    expect(ws.frames).toEqual([
      { content: '大10 单20', order: true },
      { content: '你好', order: false },
    ]);
    expect(chat).toHaveValue('');
  });
});
