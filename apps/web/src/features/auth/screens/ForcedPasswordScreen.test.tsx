import { balance, logoff, MSG_MUST_CHANGE_PASSWORD, user } from '@app/contract/auth';
import { login } from '@app/contract/auth-forms';
import { changePassword, MSG_PASSWORD_CHANGED, MSG_PASSWORD_UNCHANGED } from '@app/contract/member';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, replyWith } from '@app/mobile/test/msw-contract';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

const ONE_TIME = 'Ab3kXy7mPq';

/**
 * A server whose member signed in with a one-time password: /api/user says so until editPassword
 * succeeds, every other member call answers 403 meanwhile. Returns what was sent and called.
 */
function oneTimeServer() {
  const state = { held: true, changes: [] as unknown[], balanceCalls: 0 };
  server.use(
    replyWith(login, () => ({ api_token: 'tok-once', must_change_password: true })),
    replyWith(user, () => ({ ...MEMBER, must_change_password: state.held })),
    replyWith(changePassword, async (request) => {
      state.changes.push(await request.json());
      state.held = false;
      return null;
    }),
    // As the server: every other call answers 403 while the hold is on.
    http.post(balance.path, () => {
      state.balanceCalls += 1;
      return state.held
        ? HttpResponse.json({ code: 403, message: MSG_MUST_CHANGE_PASSWORD, data: null }, { status: 403 })
        : HttpResponse.json({ code: 200, message: 'ok', data: { balance: '1000.00' } });
    }),
  );
  return state;
}

const forcedScreen = () => screen.findByRole('heading', { name: '修改登录密码' });

describe('the forced 修改登录密码 after a one-time password', () => {
  it('comes right after signing in with it, whatever the address, with no header or tab bar', async () => {
    const state = oneTimeServer();
    const { user: u, router } = renderApp('/login');
    await u.type(await screen.findByPlaceholderText('请输入用户名'), 'demo001');
    await u.type(screen.getByPlaceholderText('请输入密码'), ONE_TIME);
    await u.click(screen.getByRole('button', { name: '登录' }));
    expect(await forcedScreen()).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_MUST_CHANGE_PASSWORD);
    expect(screen.queryByTestId('header-balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '返回' })).not.toBeInTheDocument();
    await router.navigate('/mine');
    expect(await forcedScreen()).toBeInTheDocument();
    await router.navigate('/withdrawal');
    expect(await forcedScreen()).toBeInTheDocument();
    // The poll stops once the member's reply says so (at most the one call before it answered).
    const calls = state.balanceCalls;
    expect(calls).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(state.balanceCalls).toBe(calls);
  });

  it('checks the fields, then changes the password and goes on to the app with the same session', async () => {
    const state = oneTimeServer();
    const { user: u, location } = renderApp('/', { token: 'tok-once' });
    await forcedScreen();
    const submit = () => u.click(screen.getByRole('button', { name: '确认修改' }));
    await submit();
    expect(await screen.findByText('请输入旧密码')).toBeInTheDocument();
    await u.type(screen.getByPlaceholderText('请输入客服提供的一次性密码'), ONE_TIME);
    await u.type(screen.getByPlaceholderText('请输入新密码'), ONE_TIME);
    await u.type(screen.getByPlaceholderText('请输入确认密码'), ONE_TIME);
    await submit();
    expect(await screen.findByText(MSG_PASSWORD_UNCHANGED)).toBeInTheDocument();
    expect(state.changes).toEqual([]);

    await u.clear(screen.getByPlaceholderText('请输入新密码'));
    await u.type(screen.getByPlaceholderText('请输入新密码'), 'mine12345');
    await u.clear(screen.getByPlaceholderText('请输入确认密码'));
    await u.type(screen.getByPlaceholderText('请输入确认密码'), 'mine12345');
    await submit();
    expect(await screen.findByText(MSG_PASSWORD_CHANGED)).toBeInTheDocument();
    expect(state.changes).toEqual([{ password: ONE_TIME, paypassword: 'mine12345' }]);
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('1000.00'));
    expect(screen.queryByRole('heading', { name: '修改登录密码' })).not.toBeInTheDocument();
    expect(location()).toBe('/');
    expect(sessionStorage.getItem('token')).toBe('tok-once');
  });

  it('shows the server’s refusal of a wrong one-time password and stays', async () => {
    oneTimeServer();
    server.use(fail(changePassword, 400, '原密码错误'));
    const { user: u } = renderApp('/', { token: 'tok-once' });
    await forcedScreen();
    await u.type(screen.getByPlaceholderText('请输入客服提供的一次性密码'), 'wrong1234');
    await u.type(screen.getByPlaceholderText('请输入新密码'), 'mine12345');
    await u.type(screen.getByPlaceholderText('请输入确认密码'), 'mine12345');
    await u.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('原密码错误')).toBeInTheDocument();
    expect(await forcedScreen()).toBeInTheDocument();
  });

  it('has 退出登录 as the only other way out', async () => {
    oneTimeServer();
    let loggedOff = 0;
    server.use(
      replyWith(logoff, () => {
        loggedOff += 1;
        return null;
      }),
    );
    const { user: u, location } = renderApp('/mine', { token: 'tok-once' });
    await forcedScreen();
    await u.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(loggedOff).toBe(1);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeInTheDocument();
  });
});
