import { register } from '@app/contract/auth-forms';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createsOnce } from '@test/msw/creating';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';
import { PAY_PASSWORD_NOTE } from '../components/RegisterForm';
import { CAPTCHAS } from '../captcha';

/** The code of the captcha shown (what a person reads off it). */
function shownCode(): string {
  const src = screen.getByRole('img', { name: '验证码' }).getAttribute('src') ?? '';
  const shown = CAPTCHAS.find((c) => src.endsWith(`/captcha/${c.file}`));
  if (!shown) throw new Error(`${src} is not one of the captcha images`);
  return shown.code;
}

describe('/reg2, 注册 tapped twice (issue 30)', () => {
  it('sends one registration, shows no error and lands where one tap does, with the 支付密码 notice', async () => {
    const { handler, sent } = createsOnce(register, {
      data: { api_token: 'tok-new' },
      message: '注册成功',
      refusal: '用户名已存在',
    });
    server.use(handler);
    const { user, location, router } = renderApp('/activity', {
      extraRoutes: [stubRoute('/activity', false)],
    });
    await screen.findByText('页面 /activity');
    await act(() => router.navigate('/reg2'));
    await user.type(await screen.findByPlaceholderText('请输入用户名'), 'player01');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'secret1');
    await user.type(screen.getByPlaceholderText('请再次输入密码'), 'secret1');
    await user.type(screen.getByPlaceholderText('请输入验证码'), shownCode());

    await user.dblClick(screen.getByRole('button', { name: '注册' }));

    expect(await screen.findByText('注册成功')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/activity'));
    expect(await screen.findByRole('dialog')).toHaveTextContent(PAY_PASSWORD_NOTE);
    expect(screen.queryByText('用户名已存在')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[\w-]{16,}$/);
    expect(sessionStorage.getItem('token')).toBe('tok-new');
  });
});
