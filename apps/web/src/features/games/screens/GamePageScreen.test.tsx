import { gameUrl } from '@app/contract/games';
import { agentLoginUrl, serviceUrl } from '@app/contract/site';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG_NOT_AGENT } from '@app/contract/agent-office';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { leaveApp } from '@/shared/navigation/leave';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

vi.mock('@/shared/navigation/leave', () => ({ leaveApp: vi.fn() }));
afterEach(() => vi.mocked(leaveApp).mockClear());

describe('/gamePage', () => {
  it('tells a visitor 请登录！ and sends them to /login with the way back', async () => {
    let asked = 0;
    server.use(
      replyWith(gameUrl, () => {
        asked++;
        return { url: '/demo-game/?ticket=x' };
      }),
    );
    const { location } = renderApp('/gamePage?name=AG&type=realbet&code=', {
      extraRoutes: [stubRoute('/login', false)],
    });
    expect(
      await screen.findByText('请登录！', { selector: '.adm-toast-main *, .adm-toast-main' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(location()).toMatch(/^\/login\?redirect=/), { timeout: 3000 });
    expect(decodeURIComponent(location())).toBe('/login?redirect=/gamePage?name=AG&type=realbet&code=');
    expect(asked).toBe(0);
  });

  it('shows a member the game in a sandboxed iframe, asking with the query', async () => {
    let body: unknown;
    server.use(
      replyWith(gameUrl, async (request) => {
        body = await request.json();
        return { url: '/demo-game/?ticket=abc123' };
      }),
    );
    renderApp('/gamePage?name=PP&type=concise&code=pp_wolf_gold', { token: 'tok' });
    const frame = await screen.findByTitle('PP');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/demo-game/?ticket=abc123');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(body).toEqual({
      plat_name: 'PP',
      game_type: 'concise',
      game_code: 'pp_wolf_gold',
      is_mobile_url: 1,
    });
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
  });

  it("titles the game with the venue's name, never its code", async () => {
    server.use(reply(gameUrl, { url: '/demo-game/?ticket=abc123' }));
    renderApp('/gamePage?name=AG&type=realbet&code=', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: 'AG真人' })).toBeInTheDocument();
    expect(await screen.findByTitle('AG真人')).toHaveAttribute('src', '/demo-game/?ticket=abc123');
    expect(screen.queryByRole('heading', { name: 'AG' })).toBeNull();
  });

  it('offers a new window for an external game, never an iframe', async () => {
    server.use(reply(gameUrl, { url: 'https://games.example/play' }));
    renderApp('/gamePage?name=AG&type=realbet&code=', { token: 'tok' });
    expect(await screen.findByRole('button', { name: '打开游戏' })).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows the server message when the game cannot open, with 重试', async () => {
    server.use(fail(gameUrl, 400, '游戏平台无效'));
    renderApp('/gamePage?name=XX&type=realbet&code=', { token: 'tok' });
    expect(await screen.findByText('游戏平台无效')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('a reply with a javascript: URL is refused at the boundary', async () => {
    server.use(reply(gameUrl, { url: 'javascript:alert(1)' }));
    renderApp('/gamePage?name=AG&type=realbet&code=', { token: 'tok' });
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('dailiD=1 leaves for the agent back office with its ticket, in this tab, never a frame', async () => {
    server.use(reply(agentLoginUrl, { url: '/agent/#/ticket?t=abc' }));
    renderApp('/gamePage?dailiD=1', { token: 'tok' });
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/agent/#/ticket?t=abc'));
    expect(leaveApp).toHaveBeenCalledTimes(1);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('dailiD=1 for a member who is not an agent says so, with 重试', async () => {
    server.use(fail(agentLoginUrl, 403, MSG_NOT_AGENT));
    renderApp('/gamePage?dailiD=1', { token: 'tok' });
    expect(await screen.findByText(MSG_NOT_AGENT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it('dailiD=2 opens customer service, for visitors too', async () => {
    server.use(reply(serviceUrl, { url: '/support/' }));
    renderApp('/gamePage?dailiD=2');
    expect(await screen.findByTitle('在线客服')).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/support\/#\/\?v=[0-9a-f]{32}$/),
    );
  });

  it('without a game says so, with the way back', async () => {
    renderApp('/gamePage', { token: 'tok' });
    expect(await screen.findByText('游戏不存在')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
  });
});
