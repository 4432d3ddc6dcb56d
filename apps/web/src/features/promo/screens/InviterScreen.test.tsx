import { inviteStats } from '@app/contract/agents';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, reply } from '@app/mobile/test/msw-contract';
import { INVITE, promoHandlers } from '@test/msw/promo';
import { beijingToday } from '../rules';
import { server } from '@test/msw/server';
import { tappable } from '@test/dialog';
import { renderApp } from '@test/render';

const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

describe('/inviter', () => {
  beforeEach(() => server.use(...promoHandlers));
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else setClipboard(undefined);
    Reflect.deleteProperty(document, 'execCommand'); // the own property a test set
  });

  it('shows the invite link of the member and copies it: 复制成功！', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    const { user } = renderApp('/inviter', { token: 'tok' });
    setClipboard(writeText); // after user-event's set-up, which puts its own clipboard in place
    const link = await screen.findByTestId('invite-link');
    // From getVisitUrl (https://m.example.com/?pid=42): its address and pid, as a route the app reads.
    expect(link.textContent).toBe('https://m.example.com/#/login?type=1&pid=42');
    await user.click(screen.getByRole('button', { name: '立即邀请' }));
    const sheet = await screen.findByRole('menu', { name: '分享' });
    expect(
      within(sheet)
        .getAllByRole('menuitem')
        .map((b) => b.textContent),
    ).toEqual(['复制链接', '保存图片', '保存二维码', '取消']);
    await user.click(await tappable(within(sheet).getByRole('menuitem', { name: '复制链接' })));
    expect(await screen.findByText('复制成功！')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link.textContent);
  });

  it('falls back to execCommand (链接已复制到剪贴板), else says 复制链接失败', async () => {
    const { user } = renderApp('/inviter', { token: 'tok' });
    setClipboard(() => Promise.reject(new Error('denied')));
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    await user.click(await screen.findByRole('button', { name: '立即邀请' }));
    await user.click(await tappable(await screen.findByRole('menuitem', { name: '复制链接' })));
    expect(await screen.findByText('链接已复制到剪贴板')).toBeInTheDocument();
    expect(exec).toHaveBeenCalledWith('copy');

    await clearToasts();
    exec.mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: '立即邀请' }));
    await user.click(await tappable(await screen.findByRole('menuitem', { name: '复制链接' })));
    expect(await screen.findByText('复制链接失败')).toBeInTheDocument();
  });

  it('shows the bonus introduction and the details with counters and records', async () => {
    const { user } = renderApp('/inviter', { token: 'tok' });
    await user.click(await screen.findByRole('tab', { name: '奖金介绍' }));
    expect(screen.getByRole('region', { name: '奖金介绍' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '明细' }));
    const overview = await screen.findByLabelText('下级概况', { selector: 'dl' });
    expect(overview).toHaveTextContent('下级人数3');
    expect(overview).toHaveTextContent('本月存款300.00');
    const table = screen.getByRole('table', { name: '礼金记录' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026-11-208.00推荐奖金');
    await user.click(screen.getByRole('tab', { name: '好友明细' }));
    const friends = await screen.findByRole('table', { name: '好友明细' });
    expect(within(friends).getAllByRole('row')[1]).toHaveTextContent('fr***nd2026-11-18300.00120.50');
    expect(screen.queryByRole('table', { name: '礼金记录' })).not.toBeInTheDocument();
  });

  it('奖金介绍 shows the bonus, the friend’s conditions and the turnover the server answers', async () => {
    server.use(
      reply(inviteStats, {
        ...INVITE,
        bonus_rule: { amount: '38.00', min_deposit: '100.00', min_bets: '500.00', turnover_multiple: 3 },
      }),
    );
    const { user } = renderApp('/inviter', { token: 'tok' });
    await user.click(await screen.findByRole('tab', { name: '奖金介绍' }));
    expect(await screen.findByTestId('bonus-amount')).toHaveTextContent('每位达标好友 38.00 元');
    expect(screen.getByTestId('bonus-conditions')).toHaveTextContent(
      '好友注册后累计存款满 100.00 元，且有效投注满 500.00 元',
    );
    expect(screen.getByTestId('bonus-turnover')).toHaveTextContent(
      '奖金需完成 3 倍有效投注（打码量）后方可取款',
    );
    expect(screen.queryByTestId('bonus-none')).not.toBeInTheDocument();
  });

  it('奖金介绍 promises no bonus when the server offers none (bonus_rule null or absent)', async () => {
    server.use(reply(inviteStats, { ...INVITE, bonus_rule: null }));
    const { user } = renderApp('/inviter', { token: 'tok' });
    await user.click(await screen.findByRole('tab', { name: '奖金介绍' }));
    const intro = screen.getByRole('region', { name: '奖金介绍' });
    expect(await within(intro).findByTestId('bonus-none')).toHaveTextContent('平台当前未开放推荐奖金');
    expect(within(intro).queryByTestId('bonus-amount')).not.toBeInTheDocument();
    // No figure of the app's own anywhere in the tab.
    expect(intro.textContent).not.toMatch(/\d+(\.\d+)? ?元|\d+ ?倍/);
  });

  it('奖金介绍 asks a visitor to log in for the figures', async () => {
    const { user } = renderApp('/inviter');
    await user.click(await screen.findByRole('tab', { name: '奖金介绍' }));
    const intro = screen.getByRole('region', { name: '奖金介绍' });
    expect(intro).toHaveTextContent('登录后查看推荐奖金金额与领取条件');
    expect(within(intro).getByRole('link', { name: '去登录' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Finviter',
    );
  });

  it('the date range uses antd-mobile pickers and sends the chosen days', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(inviteStats.path, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ code: 200, message: 'ok', data: INVITE });
      }),
    );
    const { user, container } = renderApp('/inviter', { token: 'tok' });
    await user.click(await screen.findByRole('tab', { name: '明细' }));
    await screen.findByRole('table', { name: '礼金记录' });
    expect(container.querySelector('select, input[type="date"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: '开始日期：未选择' }));
    await user.click(await tappable(screen.getAllByText('确定').at(-1) as HTMLElement));
    await user.click(screen.getByRole('button', { name: '结束日期：未选择' }));
    await user.click(await tappable(screen.getAllByText('确定').at(-1) as HTMLElement));
    await user.click(screen.getByRole('button', { name: '查询' }));
    const today = beijingToday();
    await waitFor(() => expect(sent.at(-1)).toEqual({ start_date: today, end_date: today }));
  }, 40_000);

  it('without inviteInfo (a back end of the family that lacks it: 404) the details show empty, not an error', async () => {
    server.use(fail(inviteStats, 404, 'Not Found'));
    const { user } = renderApp('/inviter', { token: 'tok' });
    await user.click(await screen.findByRole('tab', { name: '明细' }));
    expect(await screen.findByText('暂无明细数据')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in for the link', async () => {
    renderApp('/inviter');
    expect(await screen.findByRole('link', { name: '去登录' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Finviter',
    );
  });
});
