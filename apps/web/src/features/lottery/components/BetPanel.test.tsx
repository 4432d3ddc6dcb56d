import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWebSocket } from '@app/mobile/test/fake-socket';
import { roomReply } from '@test/msw/lottery';
import { roomReplies } from '@test/msw/room-replies';
import { server } from '@test/msw/server';
import { tappable } from '@test/dialog';
import { renderApp } from '@test/render';

beforeAll(async () => {
  // The code loaded on demand (toasts, the bet panel, the verify view), loaded once up front: a busy
  // machine may take longer than a query's wait for the first import.
  await Promise.all([
    import('antd-mobile/es/components/toast'),
    import('@app/mobile/antd-render'),
    import('./BetPanel'),
    import('./VerifyPopup'),
  ]);
});
beforeEach(() => {
  installFakeWebSocket();
});
afterEach(() => vi.unstubAllGlobals());

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

describe('the bet panel 信用投注', { timeout: 20_000 }, () => {
  /** Records lotteryOrder calls; `answers` in turn: ok (default), refuse, hold (until release). */
  function orders(answers: ('ok' | 'refuse' | 'hold')[] = []) {
    const sent: { key: string | null; body: unknown }[] = [];
    let release: () => void = () => undefined;
    server.use(
      http.post('/api/lotteryOrder', async ({ request }) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        const answer = answers[sent.length - 1] ?? 'ok';
        if (answer === 'refuse')
          return HttpResponse.json({ code: 400, message: '余额不足', data: null }, { status: 400 });
        if (answer === 'hold') await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({
          code: 200,
          message: '投注成功',
          data: { sysmsg: false, id: 7, author: 'demo001', content: '大 20.00', type: 'order' },
        });
      }),
    );
    return { sent, release: () => release() };
  }

  async function openPanel(path = '/lottery?room_id=1', button = '玩法') {
    const app = renderApp(path, { token: 'tok' });
    await screen.findByTestId('round-state');
    await app.user.click(screen.getByRole('button', { name: button }));
    const panel = await screen.findByRole('dialog', { name: '信用投注' });
    await tappable(within(panel).getByRole('button', { name: '清空' }));
    return { ...app, panel };
  }

  it('picks plays, sets amounts, sums up, and clears', async () => {
    const { user, panel } = await openPanel();
    const summary = within(panel).getByTestId('bet-summary');
    expect(summary).toHaveTextContent('共0单, 合计0.00元');
    expect(within(panel).getByLabelText('单注金额')).toHaveValue('10');

    await user.click(within(panel).getByRole('button', { name: '大 1.96' }));
    await user.click(within(panel).getByRole('button', { name: '单 1.96' }));
    expect(within(panel).getByRole('button', { name: '大 1.96' })).toHaveAttribute('aria-pressed', 'true');
    expect(summary).toHaveTextContent('共2单, 合计20.00元');
    await user.click(within(panel).getByRole('tab', { name: '和值' }));
    await user.click(within(panel).getByRole('button', { name: '13 12.66' }));
    await user.click(within(panel).getByRole('button', { name: '50' }));
    expect(summary).toHaveTextContent('共3单, 合计150.00元');
    const amount = within(panel).getByLabelText('单注金额');
    await user.clear(amount);
    await user.type(amount, '2.5');
    expect(summary).toHaveTextContent('共3单, 合计7.50元');
    await user.click(within(panel).getByRole('button', { name: '清空' }));
    expect(summary).toHaveTextContent('共0单, 合计0.00元');
    expect(amount).toHaveValue('10');

    await user.click(within(panel).getByRole('button', { name: '玩法介绍' }));
    const help = await screen.findByRole('dialog', { name: '玩法介绍' });
    expect(help).toHaveTextContent('三个号码之和：大 14–27');
  });

  it('checks in order: something picked, then the amount', async () => {
    const { user, panel } = await openPanel();
    const submit = within(panel).getByRole('button', { name: '立即投注' });
    await user.click(submit);
    expect(await screen.findByText('请选择投注内容')).toBeInTheDocument();
    await clearToasts();
    await user.click(within(panel).getByRole('button', { name: '大 1.96' }));
    await user.clear(within(panel).getByLabelText('单注金额'));
    await user.click(submit);
    expect(await screen.findByText('请输入投注金额')).toBeInTheDocument();
    await clearToasts();
    await user.type(within(panel).getByLabelText('单注金额'), '0.5');
    await user.click(submit);
    expect(await screen.findByText('单注金额不能低于1元')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '投注确认' })).not.toBeInTheDocument();
  });

  it('type 1: 特码 shows the numbers 01–49 as a grid, one line per number, sent as its own play', async () => {
    roomReplies(roomReply(1));
    const o = orders(['ok']);
    const { user, panel } = await openPanel('/lottery?room_id=2', '投注');
    await user.click(within(panel).getByRole('tab', { name: '特码' }));
    const grid = within(panel).getByRole('group', { name: '选择号码' });
    expect(within(grid).getAllByRole('button')).toHaveLength(49);
    expect(within(panel).getByText('赔率 47')).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: '07' }));
    await user.click(within(grid).getByRole('button', { name: '49' }));
    expect(within(panel).getByTestId('bet-summary')).toHaveTextContent('共2单, 合计20.00元');
    await user.click(within(panel).getByRole('button', { name: '立即投注' }));
    const confirm = await screen.findByRole('dialog', { name: '投注确认' });
    expect(within(confirm).getByLabelText('特码 07 金额')).toHaveValue('10');
    expect(within(confirm).getByLabelText('特码 49 金额')).toHaveValue('10');
    await user.click(await tappable(within(confirm).getByRole('button', { name: '确认投注' })));
    expect(await screen.findByText('投注成功')).toBeInTheDocument();
    expect(o.sent[0]?.body).toMatchObject({
      order: [
        { id: 1007, total: '10.00', data: [] },
        { id: 1049, total: '10.00', data: [] },
      ],
    });
  });

  it('confirms with editable and removable lines, posts once on a double tap, then says 投注成功', async () => {
    const o = orders(['hold']);
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: '大 1.96' }));
    await user.click(within(panel).getByRole('button', { name: '单 1.96' }));
    await user.click(within(panel).getByRole('button', { name: '20' }));
    await user.click(within(panel).getByRole('button', { name: '立即投注' }));

    const confirm = await screen.findByRole('dialog', { name: '投注确认' });
    expect(within(confirm).getByTestId('confirm-summary')).toHaveTextContent('共2单, 合计40.00元');
    const big = await tappable(within(confirm).getByLabelText('大小单双 大 金额'));
    await user.clear(big);
    await user.type(big, '25');
    await user.click(within(confirm).getByRole('button', { name: '删除 大小单双 单' }));
    expect(within(confirm).getByTestId('confirm-summary')).toHaveTextContent('共1单, 合计25.00元');

    const go = within(confirm).getByRole('button', { name: '确认投注' });
    await user.dblClick(go);
    await waitFor(() => expect(within(confirm).getByRole('button', { name: '提交中…' })).toBeDisabled());
    await user.click(within(confirm).getByRole('button', { name: '提交中…' }));
    o.release();
    expect(await screen.findByText('投注成功')).toBeInTheDocument();
    expect(o.sent).toHaveLength(1);
    expect(o.sent[0]?.body).toEqual({
      room_id: 1,
      expect: '20261122002',
      order: [{ id: 201, total: '25.00', data: [] }],
    });
    expect(o.sent[0]?.key).toMatch(/^[0-9a-f-]{16,}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '投注确认' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '信用投注' })).not.toBeInTheDocument());
    // Not connected: the order's message is shown here.
    expect(within(screen.getByRole('list', { name: '聊天消息' })).getByText('大 20.00')).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the confirmation; the retry is a new intent', async () => {
    const o = orders(['refuse', 'ok']);
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: '小 1.96' }));
    await user.click(within(panel).getByRole('button', { name: '立即投注' }));
    const confirm = await screen.findByRole('dialog', { name: '投注确认' });
    await user.click(await tappable(within(confirm).getByRole('button', { name: '确认投注' })));
    expect(await screen.findByText('余额不足')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '投注确认' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: '确认投注' }));
    expect(await screen.findByText('投注成功')).toBeInTheDocument();
    expect(o.sent).toHaveLength(2);
    expect(o.sent[1]?.key).not.toBe(o.sent[0]?.key);
  });
});
