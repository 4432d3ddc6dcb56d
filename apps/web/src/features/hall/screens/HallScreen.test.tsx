import { balance, refreshUserMoney, user } from '@app/contract/auth';
import { gameList } from '@app/contract/games';
import { venueBalances } from '@app/contract/wallet';
import { bannerList, homeNotice } from '@app/contract/site';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, raw, reply, replyWith } from '@app/mobile/test/msw-contract';
import { gamesOf, MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

describe('the hall', () => {
  it('shows the banners, the notices, the visitor card and the platforms of the first tab', async () => {
    renderApp('/');
    const banner = await screen.findByRole('img', { name: '横幅1' });
    expect(banner).toHaveAttribute('src', '/assets-seed/banner1.jpg');
    // The carousel (its code loads after the first picture) shows every banner.
    expect(await screen.findByRole('img', { name: '横幅2' }, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText(/欢迎光临本站\s+每日存款送红包/)).toBeInTheDocument();
    expect(screen.getByText('您好，欢迎光临')).toBeInTheDocument();

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['真人', '体育', '电竞', '棋牌', '电子', '彩票']);
    expect(screen.getByRole('tab', { name: '真人' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('button', { name: /REALBET平台/ })).toBeInTheDocument();
    // Platforms with app_state 0 are not shown.
    expect(within(panel).queryByText('隐藏平台')).not.toBeInTheDocument();
  });

  it('loads each category when its tab first opens', async () => {
    const asked: string[] = [];
    server.use(
      replyWith(gameList, (request) => {
        const category = new URL(request.url).searchParams.get('category') ?? '';
        asked.push(category);
        return gamesOf(category);
      }),
    );
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: /REALBET平台/ });
    expect(asked).toEqual(['realbet']);
    await user.click(screen.getByRole('tab', { name: '彩票' }));
    expect(await screen.findByRole('button', { name: /LOTTERY平台/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '彩票' })).toHaveAttribute('aria-selected', 'true');
    expect(asked).toEqual(['realbet', 'lottery']);
  });

  it('tells a visitor to log in before playing, depositing or withdrawing', async () => {
    const { user, location } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /REALBET平台/ }));
    expect(await screen.findByText('请登录！')).toBeInTheDocument();
    for (const name of ['存款', '取款']) {
      await user.click(screen.getByRole('button', { name }));
      expect(location()).toBe('/');
    }
  });

  it('opens the public VIP page for a visitor, and the transfer page, which asks them to log in', async () => {
    const extraRoutes = [
      stubRoute('/vip2', false),
      { ...stubRoute('/transfer', false), login: 'confirm' as const },
    ];
    const { user, location, router } = renderApp('/', { extraRoutes });
    await user.click(await screen.findByRole('button', { name: 'VIP' }));
    expect(await screen.findByText('页面 /vip2')).toBeInTheDocument();
    expect(location()).toBe('/vip2');

    await act(() => router.navigate(-1));
    await user.click(await screen.findByRole('button', { name: '转账' }));
    expect(await screen.findByText('精彩内容等你来体验，快来登录吧！')).toBeInTheDocument();
    expect(location()).toBe('/transfer');
  });

  it('takes a member to the game of a platform and to the shortcuts', async () => {
    const extraRoutes = [
      stubRoute('/gamePage', false),
      stubRoute('/lottery', false),
      stubRoute('/vip2', false),
    ];
    const { user, location, router } = renderApp('/', { token: 'tok', extraRoutes });
    await user.click(await screen.findByRole('button', { name: /REALBET平台/ }));
    expect(await screen.findByText('页面 /gamePage')).toBeInTheDocument();
    expect(location()).toBe('/gamePage?name=REALBET%E5%B9%B3%E5%8F%B0&type=realbet&code=realbet1');

    await act(() => router.navigate(-1));
    await user.click(await screen.findByRole('tab', { name: '彩票' }));
    await user.click(await screen.findByRole('button', { name: /LOTTERY平台/ }));
    await waitFor(() => expect(location()).toBe('/lottery?name=lottery1'));

    await act(() => router.navigate(-1));
    await user.click(await screen.findByRole('button', { name: 'VIP' }));
    await waitFor(() => expect(location()).toBe('/vip2'));
  });

  it('shows the member card with name, VIP and the central balance', async () => {
    renderApp('/', { token: 'tok' });
    expect(await screen.findByText('demo001')).toBeInTheDocument();
    expect(screen.getByText('VIP3')).toBeInTheDocument();
    expect(screen.queryByText('您好，欢迎光临')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('1000.00')).toHaveLength(2)); // header and card
  });

  it('says where the money is when the central wallet is empty and venues hold it (自动转账)', async () => {
    server.use(
      reply(user, { ...MEMBER, balance: '0.00' }),
      reply(refreshUserMoney, { ...MEMBER, balance: '0.00' }),
      reply(balance, { balance: '0.00' }),
    );
    const { user: tap, location } = renderApp('/', { token: 'tok' });
    const hint = await screen.findByTestId('hall-venue-money');
    // The default venues: AG真人 10.00, BBIN 20.00, PG电子 5.50 (two named, then how many).
    expect(hint).toHaveTextContent('另有 35.50 在游戏场馆中（AG真人 10.00、BBIN 20.00 等3个场馆）');
    await tap.click(within(hint).getByRole('button', { name: '去钱包取回' }));
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it('says nothing of venues when the central wallet holds money, or when no venue does', async () => {
    const first = renderApp('/', { token: 'tok' });
    await waitFor(() => expect(screen.getAllByText('1000.00')).toHaveLength(2));
    expect(screen.queryByTestId('hall-venue-money')).not.toBeInTheDocument();
    first.unmount();
    server.use(
      reply(user, { ...MEMBER, balance: '0.00' }),
      reply(refreshUserMoney, { ...MEMBER, balance: '0.00' }),
      reply(balance, { balance: '0.00' }),
      reply(venueBalances, [{ name: 'AG真人', platname: 'AG', balance: '0.00' }]),
    );
    renderApp('/', { token: 'tok' });
    await waitFor(() => expect(screen.getAllByText('0.00')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('hall-venue-money')).not.toBeInTheDocument();
  });

  it('shows an empty state for each empty block', async () => {
    server.use(reply(bannerList, null), reply(homeNotice, []), reply(gameList, []));
    renderApp('/');
    expect(await screen.findByText('暂无轮播图')).toBeInTheDocument();
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
    expect(await screen.findByText('暂无游戏')).toBeInTheDocument();
  });

  it('shows an error with 重试 for each failed block, never a blank page, and retries', async () => {
    server.use(
      fail(bannerList, 500, '轮播图服务不可用'),
      raw(homeNotice, '<html>502</html>', { status: 502 }),
      fail(gameList, 400, '分类无效'),
    );
    const { user } = renderApp('/');
    expect(await screen.findByText('轮播图服务不可用')).toBeInTheDocument();
    expect(await screen.findByText('服务器异常，请稍后再试')).toBeInTheDocument();
    expect(await screen.findByText('分类无效')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '重试' })).toHaveLength(3);
    // The rest of the page is still there.
    expect(screen.getByText('您好，欢迎光临')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '底部导航' })).toBeInTheDocument();

    server.resetHandlers();
    const banners = screen.getByRole('region', { name: '轮播图' });
    await user.click(within(banners).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('img', { name: '横幅1' })).toBeInTheDocument();
  });

  it('shows loading placeholders while the blocks load', async () => {
    renderApp('/');
    expect(await screen.findByRole('status', { name: '轮播图加载中' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '公告加载中' })).toBeInTheDocument();
    await screen.findByRole('img', { name: '横幅1' });
  });

  it('offers 返回顶部 after 200 px of scroll', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('img', { name: '横幅1' });
    expect(screen.queryByRole('button', { name: '返回顶部' })).not.toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { value: 201, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await user.click(await screen.findByRole('button', { name: '返回顶部' }));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
