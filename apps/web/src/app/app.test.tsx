import { balance, logoff, refreshUserMoney, user } from '@app/contract/auth';
import { app, homeNotice } from '@app/contract/site';
import { act, screen, waitFor, within } from '@testing-library/react';
import { lazy, Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from '@app/mobile/router';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { appRoutes, type AppRoute } from '@/app/routes';
import { BALANCE_POLL_MS, useLogout } from '@/shared/session/api';
import { MEMBER, SITE } from '@test/msw/fixtures';
import { promoHandlers } from '@test/msw/promo';
import { server } from '@test/msw/server';
import { dialogButton } from '@test/dialog';
import { renderApp, stubRoute } from '@test/render';

afterEach(() => {
  vi.useRealTimers();
});

describe('routing', () => {
  it('sends a visitor from a (login) route to /login with the wanted path, and unknown paths to /', async () => {
    const extraRoutes = [stubRoute('/userCent', true)];
    const guarded = renderApp('/userCent?tab=2', { extraRoutes });
    await waitFor(() => expect(guarded.location()).toBe('/login?redirect=%2FuserCent%3Ftab%3D2'));
    guarded.unmount();

    const unknown = renderApp('/no/such/page');
    await waitFor(() => expect(unknown.location()).toBe('/'));
    expect(await screen.findByText('您好，欢迎光临')).toBeInTheDocument();
  });

  it('asks a visitor on /transfer to log in first; 确定 goes to /login', async () => {
    const first = renderApp('/transfer');
    expect(await screen.findByRole('dialog')).toHaveTextContent('精彩内容等你来体验，快来登录吧！');
    await first.user.click(await dialogButton('确定'));
    await waitFor(() => expect(first.location()).toBe('/login?redirect=%2Ftransfer'));
  });

  it('takes a visitor who declines to log in on /transfer back home', async () => {
    const second = renderApp('/transfer');
    await screen.findByText('精彩内容等你来体验，快来登录吧！');
    await second.user.click(await dialogButton('取消'));
    await waitFor(() => expect(second.location()).toBe('/'));
  });

  it('lets a member through the guard', async () => {
    const extraRoutes = [stubRoute('/userCent', true)];
    renderApp('/userCent', { extraRoutes, token: 'tok' });
    expect(await screen.findByText('页面 /userCent')).toBeInTheDocument();
  });

  it('scrolls to the top after each navigation', async () => {
    const { user } = renderApp('/');
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: '登录' }));
    await screen.findByRole('heading', { name: '账号登录' });
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    vi.mocked(window.scrollTo).mockClear();
    await user.click(screen.getByRole('link', { name: '立即注册' }));
    await screen.findByRole('heading', { name: '账号注册' });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('says 已在当前页面！ when going to the page already shown', async () => {
    const { user, location } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: '大厅' }));
    expect(await screen.findByText('已在当前页面！')).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('says 已在当前页面！ for a plain link to the page already shown, and follows the others', async () => {
    function Links() {
      return (
        <>
          <Link to="/links?tab=2">本页</Link>
          <Link to="/links">本页无参数</Link>
          <Link to="/links?tab=3">另一标签</Link>
        </>
      );
    }
    const links: AppRoute = {
      ...stubRoute('/links', false),
      screen: lazy(() => Promise.resolve({ default: Links })),
    };
    const { user, location } = renderApp('/links?tab=2', { extraRoutes: [links] });
    await user.click(await screen.findByRole('link', { name: '本页' }));
    expect(await screen.findByText('已在当前页面！')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '本页无参数' }));
    expect(location()).toBe('/links?tab=2');
    await user.click(screen.getByRole('link', { name: '另一标签' }));
    await waitFor(() => expect(location()).toBe('/links?tab=3'));
  });

  it.each([
    ['/message', () => import('@/features/content/screens/DiscoverScreen'), /官方资讯/],
    ['/message?type=1', () => import('@/features/content/screens/KefuScreen'), '公告'],
    ['/kefu', () => import('@/features/content/screens/HelpScreen'), '联系人工客服'],
    ['/hongbao', () => import('@/features/promo/screens/WelfareScreen'), /红包/],
  ])(
    'says 已在当前页面！ for the plain <Link> of a real screen shown at its own target %s',
    async (at, load, name) => {
      // The screen is mounted at the path its link names, so the link points at the page shown.
      const path = at.split('?')[0] ?? at;
      server.use(...promoHandlers); // the welfare screen's red-packet calls
      const real: AppRoute = { ...stubRoute(path, false), screen: lazy(load) };
      const { user, location } = renderApp(at, { extraRoutes: [real], token: 'tok' });
      const link = (await screen.findAllByRole('link', { name })).find(
        (a) => !a.closest('nav[aria-label="底部导航"]'),
      );
      if (!link) throw new Error('no link');
      await user.click(link);
      expect(await screen.findByText('已在当前页面！')).toBeInTheDocument();
      expect(location()).toBe(at);
    },
  );

  it('shows 页面加载失败 with 重新加载 when a screen fails, keeps the frame, and recovers on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    const broken: AppRoute = {
      path: '/discover',
      screen: lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))),
      login: false,
      header: 'main',
      tabs: true,
    };
    const { router } = renderApp('/discover', { extraRoutes: [broken] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('页面加载失败，请检查网络后重试');
    expect(within(alert).getByRole('button', { name: '重新加载' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '底部导航' })).toBeInTheDocument();

    await act(() => router.navigate('/'));
    expect(await screen.findByText('您好，欢迎光临')).toBeInTheDocument();
    expect(screen.queryByText('页面加载失败，请检查网络后重试')).not.toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });

  it('has the tab bar 客服, 大厅, 发现, 优惠, 我的 on layout pages only', async () => {
    const extraRoutes = [stubRoute('/kefu', false)];
    const { user, location } = renderApp('/', { extraRoutes });
    const tabs = within(await screen.findByRole('navigation', { name: '底部导航' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['客服', '大厅', '发现', '优惠', '我的']);
    expect(screen.getByRole('link', { name: '大厅' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: '客服' }));
    await waitFor(() => expect(location()).toBe('/kefu'));
    await screen.findByText('页面 /kefu');
    // /kefu is a top-level route: no tab bar.
    expect(screen.queryByRole('navigation', { name: '底部导航' })).not.toBeInTheDocument();
  });
});

describe('header', () => {
  it('offers 登录 and 注册 to a visitor', async () => {
    const { user, location } = renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('button', { name: '登录' })).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: '注册' }));
    await waitFor(() => expect(location()).toBe('/reg2'));
  });

  it('shows a member the central balance, refreshed with refreshusermoney', async () => {
    server.use(reply(refreshUserMoney, { ...MEMBER, balance: '1234.50' }));
    const { user } = renderApp('/', { token: 'tok' });
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(within(header).getByTestId('header-balance')).toHaveTextContent('1000.00'));
    expect(within(header).queryByRole('button', { name: '登录' })).not.toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: '刷新余额' }));
    await waitFor(() => expect(within(header).getByTestId('header-balance')).toHaveTextContent('1234.50'));
  });

  it('is hidden where the route says none, and a back arrow with a title where it says back', async () => {
    const message: AppRoute = { ...stubRoute('/message', true), header: 'back', title: '消息中心' };
    const bare: AppRoute = { ...stubRoute('/bare', false), header: 'none' };
    const extraRoutes = [message, bare];
    const { user, location, router } = renderApp('/', { extraRoutes, token: 'tok' });
    await screen.findByRole('banner');
    await act(() => router.navigate('/message'));
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { name: '消息中心' })).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: '返回' }));
    await waitFor(() => expect(location()).toBe('/'));

    await act(() => router.navigate('/bare'));
    await screen.findByText('页面 /bare');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});

describe('the route table', () => {
  it('gives the main header to every route but the hidden four, the two with a back arrow and the two full-screen ones', () => {
    const by = (variant: string) =>
      appRoutes
        .filter((r) => r.header === variant)
        .map((r) => r.path)
        .sort();
    // Spec §2; /lottery's room header shows the balance itself and a game runs full screen.
    expect(by('none')).toEqual([
      '/abouts',
      '/activity',
      '/activityInfo',
      '/gamePage',
      '/login',
      '/lottery',
      '/mine',
      '/reg',
      '/reg2',
      '/transfer',
    ]);
    expect(by('back')).toEqual(['/message']); // /abouts draws the same bar, titled by its type
    expect(appRoutes.find((r) => r.path === '/recharge')).toMatchObject({ header: 'main', title: '存款' });
    expect(appRoutes.find((r) => r.path === '/withdrawal')).toMatchObject({ header: 'main', title: '取款' });
  });

  it('shows the balance header with a title bar and back arrow under it on a titled top-level route', async () => {
    const titled: AppRoute = { ...stubRoute('/titled', true), header: 'main', title: '存款' };
    const { user, location, router } = renderApp('/', { extraRoutes: [titled], token: 'tok' });
    await screen.findByRole('banner');
    await act(() => router.navigate('/titled'));
    await screen.findByText('页面 /titled');
    const header = screen.getByRole('banner');
    await waitFor(() => expect(within(header).getByTestId('header-balance')).toHaveTextContent('1000.00'));
    expect(within(header).getByRole('button', { name: '一键回收' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '存款' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('session', () => {
  it('shows messageNum on 我的: the notices not yet seen, read once /message is opened', async () => {
    server.use(reply(homeNotice, ['公告一', '公告二']));
    const extraRoutes = [{ ...stubRoute('/message', true), header: 'back' as const, title: '消息中心' }];
    const { router } = renderApp('/', { extraRoutes, token: 'tok' });
    const tabs = await screen.findByRole('navigation', { name: '底部导航' });
    expect(await within(tabs).findByTestId('message-badge')).toHaveTextContent('2');
    await act(() => router.navigate('/message'));
    await screen.findByText('页面 /message');
    await act(() => router.navigate('/'));
    await screen.findByRole('navigation', { name: '底部导航' });
    expect(screen.queryByTestId('message-badge')).not.toBeInTheDocument();
  });

  it('polls the balance every 2.5 s, re-rendering only what shows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(replyWith(balance, () => ({ balance: String(1000 + 100 * ++calls) })));
    const renders = vi.fn();
    function Quiet() {
      return (
        <Profiler id="screen" onRender={renders}>
          <p>不显示余额的页面</p>
        </Profiler>
      );
    }
    const quiet: AppRoute = {
      path: '/quiet',
      screen: lazy(() => Promise.resolve({ default: Quiet })),
      login: true,
      header: 'none',
      tabs: false,
    };
    renderApp('/quiet', { extraRoutes: [quiet], token: 'tok' });
    await screen.findByText('不显示余额的页面');
    await waitFor(() => expect(calls).toBe(1));
    const rendersBefore = renders.mock.calls.length;
    for (let i = 2; i <= 4; i++) {
      await act(() => vi.advanceTimersByTimeAsync(BALANCE_POLL_MS));
      await waitFor(() => expect(calls).toBe(i));
    }
    expect(renders).toHaveBeenCalledTimes(rendersBefore);
  });

  it('shows the new balance after a poll where the balance is shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(replyWith(balance, () => ({ balance: ++calls === 1 ? '1000.00' : '1200.00' })));
    renderApp('/', { token: 'tok' });
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(within(header).getByTestId('header-balance')).toHaveTextContent('1000.00'));
    await act(() => vi.advanceTimersByTimeAsync(BALANCE_POLL_MS));
    await waitFor(() => expect(within(header).getByTestId('header-balance')).toHaveTextContent('1200.00'));
  });

  it('a 401 from a poll shows 认证失败 once, clears both storages and goes to /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('token', 'tok');
    let polls = 0;
    server.use(
      replyWith(balance, () => {
        polls++;
        return { balance: '1000.00' };
      }),
    );
    const { location } = renderApp('/', { token: 'tok' });
    await waitFor(() => expect(polls).toBe(1));
    // The session ends on the server: every member call now answers 401.
    server.use(fail(balance, 401, 'Unauthenticated.'), fail(user, 401, 'Unauthenticated.'));
    await act(() => vi.advanceTimersByTimeAsync(BALANCE_POLL_MS));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('认证失败')).toBeInTheDocument();
    expect(within(dialog).getByText('您的账号登录过期，请重新登录')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();

    // More time, more failing calls: still one dialog, and the polls have stopped.
    await act(() => vi.advanceTimersByTimeAsync(BALANCE_POLL_MS * 3));
    expect(screen.getAllByText('认证失败')).toHaveLength(1);
  });

  it('a session ending on a (login) page also goes to /login', async () => {
    const extraRoutes = [stubRoute('/userCent', true)];
    server.use(fail(balance, 401, ''), fail(user, 401, ''));
    const { location } = renderApp('/userCent', { extraRoutes, token: 'tok' });
    expect(await screen.findByRole('dialog')).toHaveTextContent('认证失败');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('logout tells the server, clears both storages and goes to /login', async () => {
    let loggedOff = false;
    server.use(
      replyWith(logoff, () => {
        loggedOff = true;
        return null;
      }),
    );
    function Logout() {
      const logout = useLogout();
      return (
        <button type="button" onClick={() => void logout()}>
          退出登录
        </button>
      );
    }
    const route: AppRoute = {
      path: '/userCent',
      screen: lazy(() => Promise.resolve({ default: Logout })),
      login: true,
      header: 'main',
      tabs: false,
    };
    localStorage.setItem('token', 'tok');
    const { user, location } = renderApp('/userCent', { extraRoutes: [route], token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(loggedOff).toBe(true);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('restores the session of 自动登录 in a new tab from localStorage', async () => {
    vi.resetModules();
    localStorage.setItem('token', 'tok-remembered');
    const { useSession } = await import('@/shared/session/store');
    expect(useSession.getState().token).toBe('tok-remembered');
    expect(sessionStorage.getItem('token')).toBe('tok-remembered');
  });
});

describe('maintenance', () => {
  it('site_state 0 shows only repair_tips', async () => {
    server.use(reply(app, { ...SITE, site_state: 0, repair_tips: '系统升级中，预计一小时后恢复' }));
    renderApp('/');
    expect(await screen.findByText('系统升级中，预计一小时后恢复')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '底部导航' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('site_state 1 shows the app', async () => {
    renderApp('/');
    expect(await screen.findByRole('tab', { name: '真人' })).toBeInTheDocument();
  });

  it('an open app learns within 30 s that the operator switched maintenance on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/');
      expect(await screen.findByRole('tab', { name: '真人' })).toBeInTheDocument();
      server.use(reply(app, { ...SITE, site_state: 0, repair_tips: '临时维护' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(29_000);
      });
      expect(screen.queryByText('临时维护')).not.toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_500);
      });
      expect(await screen.findByText('临时维护')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
