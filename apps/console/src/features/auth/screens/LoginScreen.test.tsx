import {
  consoleEnrollTotp,
  consoleLogin,
  consoleSetPassword,
  consoleVerifyTotp,
} from '@app/contract/console-auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import LoginScreen from './LoginScreen';

const dashboard = { path: '/', element: <p>仪表盘页面</p> };

/** The walk has many steps, each validated by antd in its own tick: on a loaded machine 1 s is short. */
const SLOW = { timeout: 5000 };

describe('LoginScreen', () => {
  it('says why a sign-in was refused and keeps what was typed', async () => {
    server.use(answer(consoleLogin, { refuse: { status: 401, message: '用户名或密码错误' } }));
    renderScreen(<LoginScreen />, { path: '/login', operator: null, routes: [dashboard] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    await user.type(screen.getByLabelText('用户名'), 'boss');
    await user.type(screen.getByLabelText('密码'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(screen.getByLabelText('用户名')).toHaveValue('boss');
  });

  it('walks a new operator through a new password, the TOTP enrolment and the code', async () => {
    let sentCode = '';
    server.use(
      answer(consoleLogin, { next: 'password', csrf: 'c1' }),
      answer(consoleSetPassword, { next: 'enroll', csrf: 'c1' }),
      answer(consoleEnrollTotp, {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/%E5%A8%B1:boss?secret=JBSWY3DPEHPK3PXP&issuer=x',
      }),
      answer(consoleVerifyTotp, (input) => {
        sentCode = String(input.code);
        return input.code === '123456'
          ? TEST_OPERATOR
          : { refuse: { status: 400, message: '动态验证码错误' } };
      }),
    );
    const { router } = renderScreen(<LoginScreen />, { path: '/login', operator: null, routes: [dashboard] });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('用户名', {}, SLOW), 'boss');
    await user.type(screen.getByLabelText('密码'), 'one-time-pass');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    await user.type(await screen.findByLabelText('新密码', {}, SLOW), 'short');
    await user.type(screen.getByLabelText('确认新密码'), 'other');
    await user.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('密码为10-64位', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不一致', {}, SLOW)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'boss-password-1');
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'boss-password-1');
    await user.click(screen.getByRole('button', { name: /下一步/ }));

    expect(await screen.findByText('JBSWY3DPEHPK3PXP', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByAltText('动态验证码绑定二维码', {}, SLOW)).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png/),
    );
    await user.type(screen.getByLabelText('动态验证码'), '000000');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('动态验证码错误');
    await user.clear(screen.getByLabelText('动态验证码'));
    await user.type(screen.getByLabelText('动态验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
    expect(sentCode).toBe('123456');
  }, 60_000);
});
