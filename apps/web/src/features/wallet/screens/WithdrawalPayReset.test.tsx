import { user as userCall } from '@app/contract/auth';
import { MSG_MUST_CHANGE_PAY_PASSWORD, withdraw } from '@app/contract/withdrawals';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

/* /withdrawal while the payment password is a one-time one an operator set (issue 29). */
describe('/withdrawal with a one-time payment password', () => {
  it('says so, offers 修改支付密码 and sends no withdrawal', async () => {
    server.use(reply(userCall, { ...MEMBER, mobile: '13800138000', must_change_pay_password: true }));
    const { user, location } = renderApp('/withdrawal', {
      token: 'tok',
      extraRoutes: [stubRoute('/password', true)],
    });
    const notice = await screen.findByTestId('pay-password-reset');
    expect(notice).toHaveTextContent(MSG_MUST_CHANGE_PAY_PASSWORD);
    expect(screen.getByRole('button', { name: '立即取款' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '修改支付密码' }));
    await waitFor(() => expect(location()).toBe('/password?type=2'));
  });

  it('shows the notice once the server refuses a withdrawal for it', async () => {
    let held = false;
    server.use(
      replyWith(userCall, () => ({ ...MEMBER, mobile: '13800138000', must_change_pay_password: held })),
      fail(withdraw, 403, MSG_MUST_CHANGE_PAY_PASSWORD),
    );
    const { user } = renderApp('/withdrawal?type=3', { token: 'tok' });
    await user.type(await screen.findByPlaceholderText('请输入支付宝账号'), 'a@example.com');
    await user.type(screen.getByPlaceholderText('请输入真实姓名'), '张三');
    await user.type(screen.getByPlaceholderText('请输入取款金额'), '100');
    await user.type(screen.getByPlaceholderText('请输入支付密码'), 'Ab3kXy7mPq');
    held = true;
    await user.click(screen.getByRole('button', { name: '立即取款' }));
    expect(await screen.findByTestId('pay-password-reset')).toHaveTextContent(MSG_MUST_CHANGE_PAY_PASSWORD);
  });
});
