import { logoff } from '@app/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@/shared/session/store';
import { dialogButton } from './dialog';
import { TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp } from './render';

describe('更多', () => {
  it('shows who is signed in and leads to the screens below the tabs', async () => {
    const { user, location } = renderApp('/more', { token: TOKEN });
    expect(await screen.findByText('agent01')).toBeInTheDocument();
    expect(screen.getByText('标准负盈利方案 · 负盈利分成')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /下级代理/ }));
    expect(await screen.findByRole('heading', { name: '下级代理' })).toBeInTheDocument();
    expect(location()).toBe('/agents');
  });

  it('退出登录: asks first, tells the server, forgets the session, shows the sign-in form', async () => {
    let loggedOff = '';
    server.use(
      http.post(logoff.path, ({ request }) => {
        loggedOff = request.headers.get('Authorization') ?? '';
        return HttpResponse.json({ code: 200, message: 'ok', data: null });
      }),
    );
    const { user, location } = renderApp('/more', { token: TOKEN });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await user.click(await dialogButton('退出'));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(loggedOff).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('still signs out here when the server cannot be reached', async () => {
    server.use(http.post(logoff.path, () => HttpResponse.error()));
    const { user, location } = renderApp('/more', { token: TOKEN });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await user.click(await dialogButton('退出'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
