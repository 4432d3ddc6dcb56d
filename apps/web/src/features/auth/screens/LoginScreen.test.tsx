import { MSG_LOGIN_MISSING, TRIAL_ACCOUNT } from '@app/contract/auth';
import { DEVICE_ID_PATTERN, login } from '@app/contract/auth-forms';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, replyWith } from '@app/mobile/test/msw-contract';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

/** Answers login_pc with a token and records what was sent. */
function acceptLogins() {
  const sent: unknown[] = [];
  server.use(
    replyWith(login, async (request) => {
      sent.push(await request.json());
      return { api_token: 'tok-login' };
    }),
  );
  return sent;
}

const fillAndSubmit = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.type(screen.getByPlaceholderText('请输入用户名'), 'demo001');
  await user.type(screen.getByPlaceholderText('请输入密码'), 'demo123');
  await user.click(screen.getByRole('button', { name: '登录' }));
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/login', () => {
  it('enables 登录 only when both fields are filled, and sends nothing before', async () => {
    const sent = acceptLogins();
    const { user } = renderApp('/login');
    const button = await screen.findByRole('button', { name: '登录' });
    expect(button).toBeDisabled();
    await user.type(screen.getByPlaceholderText('请输入用户名'), 'demo001');
    expect(button).toBeDisabled();
    await user.click(button);
    await user.type(screen.getByPlaceholderText('请输入密码'), 'demo123');
    expect(button).toBeEnabled();
    expect(sent).toEqual([]);
    expect(screen.getByPlaceholderText('请输入用户名')).toHaveAttribute('maxLength', '16');
    expect(screen.getByPlaceholderText('请输入密码')).toHaveAttribute('maxLength', '16');
  });

  it('says what is missing when submitted empty with Enter', async () => {
    const sent = acceptLogins();
    const { user } = renderApp('/login');
    await user.type(await screen.findByPlaceholderText('请输入用户名'), '{Enter}');
    expect(await screen.findByText(MSG_LOGIN_MISSING)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows and hides the password', async () => {
    const { user } = renderApp('/login');
    const password = await screen.findByPlaceholderText('请输入密码');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('logs in: token in sessionStorage only, member loaded, home, balance in the header', async () => {
    const sent = acceptLogins();
    const { user, location } = renderApp('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(location()).toBe('/'));
    // The device id: random, kept on the device, the same on every sign-in from it.
    const device = localStorage.getItem('device_id');
    expect(device).toMatch(DEVICE_ID_PATTERN);
    expect(sent).toEqual([{ name: 'demo001', password: 'demo123', device_id: device }]);
    expect(sessionStorage.getItem('token')).toBe('tok-login');
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('1000.00'));
    expect(await screen.findByText('demo001')).toBeInTheDocument();
    // Never the password.
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('demo123');
  });

  it('with 自动登录 also keeps the token for new tabs', async () => {
    acceptLogins();
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('checkbox', { name: '自动登录' }));
    await fillAndSubmit(user);
    await waitFor(() => expect(location()).toBe('/'));
    expect(localStorage.getItem('token')).toBe('tok-login');
  });

  it('follows a safe redirect back to the (login) page the guard came from', async () => {
    acceptLogins();
    const extraRoutes = [stubRoute('/vip2', true)];
    const { user, location } = renderApp('/vip2?x=1', { extraRoutes });
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fvip2%3Fx%3D1'));
    await fillAndSubmit(user);
    expect(await screen.findByText('页面 /vip2')).toBeInTheDocument();
    expect(location()).toBe('/vip2?x=1');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil', 'javascript:alert(1)'])(
    'ignores the unsafe redirect %s and goes home',
    async (target) => {
      acceptLogins();
      const { user, location } = renderApp(`/login?redirect=${encodeURIComponent(target)}`);
      await fillAndSubmit(user);
      await waitFor(() => expect(location()).toBe('/'));
    },
  );

  it('shows the server message when the login is refused and stays', async () => {
    server.use(fail(login, 400, '账号或密码错误'));
    const { user, location } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByText('账号或密码错误')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('免费试玩 signs in with the trial account', async () => {
    const sent = acceptLogins();
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: '免费试玩' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(sent).toEqual([
      {
        name: TRIAL_ACCOUNT.name,
        password: TRIAL_ACCOUNT.password,
        device_id: expect.stringMatching(DEVICE_ID_PATTERN),
      },
    ]);
  });

  it('忘记密码 and 在线客服 open customer service in a new window without access to the app', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: '在线客服' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://support.example.com/chat', '_blank', 'noopener,noreferrer'),
    );
    await user.click(screen.getByRole('button', { name: '忘记密码' }));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('links to registration, keeping the referrer', async () => {
    const { user, location } = renderApp('/login?pid=88');
    await user.click(await screen.findByRole('link', { name: '立即注册' }));
    await waitFor(() => expect(location()).toBe('/reg2?pid=88'));
    expect(await screen.findByPlaceholderText('推荐人ID（选填）')).toHaveValue('88');
  });

  it('type=1 shows the registration form, pid fills the referrer', async () => {
    renderApp('/login?type=1&pid=123');
    expect(await screen.findByRole('heading', { name: '账号注册' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('推荐人ID（选填）')).toHaveValue('123');
    expect(screen.queryByRole('button', { name: '登录' })).not.toBeInTheDocument();
  });
});
