import { app as appCall } from '@app/contract/site';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { SITE } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

const WELCOME = '<p>欢迎光临本站<img src=x onerror="window.__pwned=1"></p>';

beforeEach(() => {
  sessionStorage.clear();
  server.use(reply(appCall, { ...SITE, index_modal: WELCOME }));
});

describe('/home', () => {
  it('shows the welcome modal once per session, sanitised', async () => {
    const first = renderApp('/home');
    const dialog = await screen.findByRole('dialog', { name: '欢迎来到测试娱乐城' });
    const body = await within(dialog).findByLabelText('欢迎信息');
    expect(body).toHaveTextContent('欢迎光临本站');
    expect(body.querySelector('[onerror]')).toBeNull();
    await first.user.click(within(dialog).getByRole('button', { name: '我知道了' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    renderApp('/home');
    await screen.findByRole('tab', { name: '真人' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('one header: the main one (logo, 登录) and the title bar with the menu; a welcome that brings its heading shows it once', async () => {
    server.use(reply(appCall, { ...SITE, index_modal: '<h3>欢迎来到测试娱乐城</h3><p>祝您游戏愉快</p>' }));
    renderApp('/home');
    const dialog = await screen.findByRole('dialog', { name: '欢迎来到测试娱乐城' });
    expect(within(dialog).getAllByText('欢迎来到测试娱乐城')).toHaveLength(2); // the name, and the heading…
    expect(within(dialog).getAllByText('欢迎来到测试娱乐城')[0]).toHaveClass('visually-hidden'); // …shown once
    expect(screen.getAllByRole('button', { name: '登录' })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: '登录' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '首页' })).toBeInTheDocument();
  });

  it('has the six categories in a sidebar with their platform grids', async () => {
    sessionStorage.setItem('welcomeSeen', '1');
    const { user } = renderApp('/home');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['真人', '体育', '电竞', '棋牌', '电子', '彩票']);
    expect(screen.getByRole('tablist', { name: '游戏分类' })).toHaveAttribute('aria-orientation', 'vertical');
    expect(
      await screen.findByRole('list', { name: '真人平台' }).then((l) => within(l).getByText('REALBET平台')),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '体育' }));
    expect(await screen.findByText('SPORT平台')).toBeInTheDocument();
    expect(screen.queryByText('隐藏平台')).not.toBeInTheDocument();
    // Arrow keys move between categories.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: '电竞' })).toHaveAttribute('aria-selected', 'true');
  });

  it('takes a tap on a platform to the game launcher', async () => {
    sessionStorage.setItem('welcomeSeen', '1');
    const { user, location } = renderApp('/home', { extraRoutes: [stubRoute('/gamePage', false)] });
    await user.click(await screen.findByRole('button', { name: /REALBET平台/ }));
    await waitFor(() =>
      expect(location()).toBe('/gamePage?name=REALBET%E5%B9%B3%E5%8F%B0&type=realbet&code=realbet1'),
    );
  });

  it('opens the notices in the notice modal, and the side menu', async () => {
    sessionStorage.setItem('welcomeSeen', '1');
    const { user, location } = renderApp('/home', { extraRoutes: [stubRoute('/activity', false)] });
    await user.click(await screen.findByRole('button', { name: '查看公告' }));
    const modal = screen.getByRole('dialog', { name: '公告' });
    expect(
      within(modal)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['欢迎光临本站', '每日存款送红包']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const menu = screen.getByRole('navigation', { name: '侧边菜单' });
    await user.click(within(menu).getByRole('button', { name: '优惠活动' }));
    await waitFor(() => expect(location()).toBe('/activity'));
  });

  it('the download banner and the red-packet popup close for the session', async () => {
    sessionStorage.setItem('welcomeSeen', '1');
    const first = renderApp('/home');
    const banner = await screen.findByRole('complementary', { name: 'APP下载' });
    expect(within(banner).getByRole('link', { name: '立即下载' })).toHaveAttribute('href', '/app');
    await first.user.click(within(banner).getByRole('button', { name: '关闭下载提示' }));
    expect(screen.queryByRole('complementary', { name: 'APP下载' })).not.toBeInTheDocument();
    await first.user.click(await screen.findByRole('button', { name: '关闭红包活动' }));
    expect(screen.queryByRole('link', { name: '抢红包' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/home');
    await screen.findByRole('tab', { name: '真人' });
    expect(screen.queryByRole('complementary', { name: 'APP下载' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '抢红包' })).not.toBeInTheDocument();
  });
});

describe('/index_old and /discover', () => {
  it('/index_old: banners, notices, quick links and platforms in tabs across the top', async () => {
    renderApp('/index_old');
    expect(await screen.findByRole('img', { name: '横幅1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '帮助中心' })).toHaveAttribute('href', '/boutBallBet');
    expect(await screen.findByRole('tablist', { name: '游戏分类' })).toHaveAttribute(
      'aria-orientation',
      'horizontal',
    );
    expect(await screen.findByText('REALBET平台')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('/discover: official news to /message, and 精彩专题 to the sponsorship topics', async () => {
    renderApp('/discover');
    expect(await screen.findByRole('link', { name: /官方资讯/ })).toHaveAttribute('href', '/message');
    expect(screen.getByRole('link', { name: /精彩专题/ })).toHaveAttribute('href', '/zhanzhu');
    await act(async () => undefined);
  });
});
