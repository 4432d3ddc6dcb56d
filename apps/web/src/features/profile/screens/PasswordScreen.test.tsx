import { logoff } from '@app/contract/auth';
import { changePassword } from '@app/contract/member';
import { changePayPassword } from '@app/contract/withdrawals';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

function accept() {
  const sent: { login: unknown[]; pay: unknown[]; logoff: number } = { login: [], pay: [], logoff: 0 };
  server.use(
    replyWith(changePassword, async (r) => (sent.login.push(await r.json()), null), '密码修改成功！'),
    replyWith(changePayPassword, async (r) => (sent.pay.push(await r.json()), null), '修改成功'),
    replyWith(logoff, () => ((sent.logoff += 1), null)),
  );
  return sent;
}

async function fill(user: ReturnType<typeof renderApp>['user'], old: string, next: string, confirm: string) {
  if (old) await user.type(await screen.findByLabelText('旧密码'), old);
  if (next) await user.type(screen.getByLabelText('新密码'), next);
  if (confirm) await user.type(screen.getByLabelText('确认密码'), confirm);
  await user.click(screen.getByRole('button', { name: '确认修改' }));
}

describe('/password', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/password?type=1');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fpassword%3Ftype%3D1'));
  });

  it.each([
    ['', '', '', '请输入旧密码'],
    ['secret123', '', '', '请输入新密码'],
    ['secret123', 'brandnew1', '', '请输入确认密码'],
    ['12345', 'brandnew1', 'brandnew1', '请输入正确的旧密码长度'],
    ['secret123', '12345', '12345', '请输入正确的新密码长度'],
    ['secret123', 'brandnew1', 'brandnew2', '两次密码不一致！'],
    ['secret123', 'secret123', 'secret123', '新旧密码不能一致！'],
  ])('old %s, new %s, confirm %s → %s (nothing sent)', async (old, next, confirm, message) => {
    const sent = accept();
    const { user } = renderApp('/password?type=1', { token: 'tok' });
    await screen.findByLabelText('旧密码');
    await fill(user, old, next, confirm);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent.login).toEqual([]);
  });

  it('type=1 changes the login password, says 密码修改成功！, logs out and goes to /login', async () => {
    const sent = accept();
    const { user, location } = renderApp('/password?type=1', { token: 'tok' });
    expect(await screen.findByRole('form', { name: '修改登录密码' })).toBeInTheDocument();
    expect(screen.getByLabelText('新密码')).toHaveAttribute('maxlength', '16');
    await fill(user, 'secret123', 'brandnew1', 'brandnew1');
    expect(await screen.findByText('密码修改成功！')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sent.login).toEqual([{ password: 'secret123', paypassword: 'brandnew1' }]);
    expect(sent.pay).toEqual([]);
    expect(sent.logoff).toBe(1);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('any other type changes the withdrawal password and stays signed in', async () => {
    const sent = accept();
    const { user, location } = renderApp('/password?type=2', { token: 'tok' });
    expect(await screen.findByRole('form', { name: '修改支付密码' })).toBeInTheDocument();
    expect(screen.getByLabelText('新密码')).toHaveAttribute('maxlength', '18');
    await fill(user, 'secret123', 'newpay12345678901', 'newpay12345678901');
    expect(await screen.findByText('密码修改成功！')).toBeInTheDocument();
    expect(sent.pay).toEqual([{ password: 'secret123', paypassword: 'newpay12345678901' }]);
    expect(sent.login).toEqual([]);
    expect(sent.logoff).toBe(0);
    expect(location()).not.toBe('/login');
    expect(sessionStorage.getItem('token')).toBe('tok');
  });

  it('without a type it is the withdrawal password too', async () => {
    renderApp('/password', { token: 'tok' });
    expect(await screen.findByRole('form', { name: '修改支付密码' })).toBeInTheDocument();
    // The balance header on top, the screen's title bar with its way back under it.
    await screen.findByRole('banner');
    expect(screen.getByRole('heading', { level: 1, name: '修改密码' })).toBeInTheDocument();
  });

  it('shows the server refusal (wrong old password) and stays', async () => {
    server.use(fail(changePassword, 400, '原密码错误'), reply(logoff, null));
    const { user, location } = renderApp('/password?type=1', { token: 'tok' });
    await fill(user, 'wrong123', 'brandnew1', 'brandnew1');
    expect(await screen.findByText('原密码错误')).toBeInTheDocument();
    expect(location()).toBe('/password?type=1');
    expect(screen.getByRole('button', { name: '确认修改' })).toBeEnabled();
  });

  it('says the payment password starts as the login password, and links customer service', async () => {
    const { user, location } = renderApp('/password?type=2', {
      token: 'tok',
      extraRoutes: [stubRoute('/kefu', false)],
    });
    expect(await screen.findByTestId('pay-password-origin')).toHaveTextContent(
      '未修改过的支付密码即注册时设置的登录密码',
    );
    await user.click(screen.getByRole('button', { name: '联系在线客服' }));
    await waitFor(() => expect(location()).toBe('/kefu'));
  });

  it('the login password form has no payment-password note', async () => {
    renderApp('/password?type=1', { token: 'tok' });
    await screen.findByLabelText('旧密码');
    expect(screen.queryByTestId('pay-password-origin')).toBeNull();
  });
});
