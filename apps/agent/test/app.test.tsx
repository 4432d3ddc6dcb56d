import { agentOverview } from '@app/contract/agent-office';
import { MSG_NOT_AGENT } from '@app/contract/agent-office';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, raw } from '@app/mobile/test/msw-contract';
import { TOKEN_KEY } from '@/shared/session/store';
import { TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp } from './render';

describe('the frame: guard, tab bar, header', () => {
  it('sends a visitor without a session to #/login, keeping where it wanted to go', async () => {
    const { location } = renderApp('/members');
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fmembers');
  });

  it('goes to the overview from an unknown path, with the five tabs', async () => {
    const { location, user } = renderApp('/nowhere', { token: TOKEN });
    expect(await screen.findByText('本期预估佣金（元）')).toBeInTheDocument();
    expect(location()).toBe('/');
    const tabs = screen.getByRole('navigation', { name: '底部导航' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['概览', '会员', '账单', '推广', '更多']);
    expect(within(tabs).getByRole('link', { name: '概览' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: '账单' }));
    expect(await screen.findByRole('heading', { name: '佣金账单' })).toBeInTheDocument();
    expect(location()).toBe('/statements');
  });

  it('has a back arrow below the tabs, to the parent screen when opened directly', async () => {
    const { location, user } = renderApp('/report', { token: TOKEN });
    expect(await screen.findByRole('heading', { name: '团队报表' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '底部导航' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByRole('heading', { name: '更多' })).toBeInTheDocument();
    expect(location()).toBe('/more');
  });
});

describe('a session that ends anywhere', () => {
  it('401: signs out to #/login with the server message, the token forgotten', async () => {
    server.use(fail(agentOverview, 401, '登录已过期，请重新登录'));
    const { location } = renderApp('/', { token: TOKEN });
    expect(await screen.findByRole('alert')).toHaveTextContent('登录已过期，请重新登录');
    expect(location()).toBe('/login');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('403: a member who is no agent (any more) hears why, on #/login', async () => {
    server.use(fail(agentOverview, 403, MSG_NOT_AGENT));
    const { location } = renderApp('/more', { token: TOKEN });
    expect(await screen.findByText(MSG_NOT_AGENT)).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fmore');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a reply that breaks the contract shows an error with 重试, never a blank screen', async () => {
    server.use(raw(agentOverview, '<html>502 Bad Gateway</html>', { status: 502 }));
    renderApp('/', { token: TOKEN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('服务器异常，请稍后再试');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('keeps the token under its own key', async () => {
    renderApp('/', { token: TOKEN });
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBe(TOKEN));
    expect(TOKEN_KEY).toBe('agent_token');
  });
});
