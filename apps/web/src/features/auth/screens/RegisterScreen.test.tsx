import { MSG_INVITE_CODE } from '@app/contract/invite-code';
import { MSG_CONFIRM, MSG_PASSWORD, MSG_USERNAME } from '@app/contract/auth';
import { DEVICE_ID_PATTERN, register } from '@app/contract/auth-forms';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, networkError, replyWith } from '@app/mobile/test/msw-contract';
import { server } from '@test/msw/server';
import { dialogButton } from '@test/dialog';
import { renderApp, stubRoute } from '@test/render';
import { DEPOSIT_LIMIT_INVITE, PAY_PASSWORD_NOTE } from '../components/RegisterForm';
import { CAPTCHAS } from '../captcha';
import { MSG_CODE_MISSING, MSG_CODE_WRONG } from '../rules';

/** The image shown, and its code (what a person reads off it). */
function shownCaptcha() {
  const src = screen.getByRole('img', { name: '验证码' }).getAttribute('src') ?? '';
  const shown = CAPTCHAS.find((c) => src.endsWith(`/captcha/${c.file}`));
  if (!shown) throw new Error(`${src} is not one of the captcha images`);
  return shown;
}

function acceptRegistrations(message = '注册成功') {
  const sent: unknown[] = [];
  server.use(
    replyWith(
      register,
      async (request) => {
        sent.push(await request.json());
        return { api_token: 'tok-new' };
      },
      message,
    ),
  );
  return sent;
}

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);

describe('/reg2', () => {
  it('says, under the password, that it is also the initial payment password', async () => {
    renderApp('/reg2');
    expect(await screen.findByTestId('pay-password-note')).toHaveTextContent('同时作为初始支付密码');
  });

  it('shows the captcha field once a password is typed, with one of the 21 images', async () => {
    const { user } = renderApp('/reg2');
    await screen.findByPlaceholderText('请输入用户名');
    expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument();
    await user.type(field('请输入密码'), 'x');
    expect(field('请输入验证码')).toBeInTheDocument();
    const first = shownCaptcha();
    await user.click(screen.getByRole('button', { name: '看不清？换一张' }));
    expect(shownCaptcha()).not.toBe(first);
    expect(CAPTCHAS).toHaveLength(21);
  });

  it('highlights 注册 only when username, password, confirm and code are filled', async () => {
    const { user } = renderApp('/reg2');
    const button = await screen.findByRole('button', { name: '注册' });
    expect(button).not.toHaveClass('adm-button-primary');
    await user.type(field('请输入用户名'), 'player01');
    await user.type(field('请输入密码'), 'secret1');
    await user.type(field('请再次输入密码'), 'secret1');
    expect(button).not.toHaveClass('adm-button-primary');
    await user.type(field('请输入验证码'), 'abcd');
    expect(button).toHaveClass('adm-button-primary');
  });

  it('shows each validation message of spec §5 in order, sending nothing', async () => {
    const sent = acceptRegistrations();
    const { user } = renderApp('/reg2');
    const button = await screen.findByRole('button', { name: '注册' });
    const expectMessage = async (message: string) => {
      await user.click(button);
      expect(await screen.findByText(message)).toBeInTheDocument();
      const { default: Toast } = await import('antd-mobile/es/components/toast');
      act(() => Toast.clear());
    };

    await expectMessage(MSG_USERNAME);
    await user.type(field('请输入用户名'), 'abc12');
    await expectMessage(MSG_USERNAME);
    await user.type(field('请输入用户名'), '3');
    await user.type(field('请输入密码'), '12345');
    await expectMessage(MSG_PASSWORD);
    await user.type(field('请输入密码'), '6');
    await expectMessage(MSG_CONFIRM);
    await user.type(field('请再次输入密码'), '123457');
    await expectMessage(MSG_CONFIRM);
    await user.clear(field('请再次输入密码'));
    await user.type(field('请再次输入密码'), '123456');
    await expectMessage(MSG_CODE_MISSING);
    const before = shownCaptcha();
    await user.type(field('请输入验证码'), 'zzzz');
    await expectMessage(MSG_CODE_WRONG);
    // A wrong code is cleared and the image changes.
    expect(field('请输入验证码')).toHaveValue('');
    expect(shownCaptcha()).not.toBe(before);
    expect(sent).toEqual([]);
  });

  it('registers (password doubles as payment password), signs in, shows the message and goes back', async () => {
    const sent = acceptRegistrations('注册成功，欢迎加入');
    const extraRoutes = [stubRoute('/activity', false)];
    const { user, location, router } = renderApp('/activity', { extraRoutes });
    await screen.findByText('页面 /activity');
    await act(() => router.navigate('/reg2?pid=77'));
    await user.type(await screen.findByPlaceholderText('请输入用户名'), 'player01');
    await user.type(field('请输入密码'), 'secret1');
    await user.type(field('请再次输入密码'), 'secret1');
    const code = shownCaptcha().code.toLowerCase(); // compared case-insensitively
    await user.type(field('请输入验证码'), code);
    expect(field('推荐人ID（选填）')).toHaveValue('77');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功，欢迎加入')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/activity'));
    // The member is told what the payment password is (the login password just chosen).
    expect(await screen.findByRole('dialog')).toHaveTextContent(PAY_PASSWORD_NOTE);
    expect(sent).toEqual([
      {
        name: 'player01',
        realname: '',
        password: 'secret1',
        confirmPass: 'secret1',
        paypassword: 'secret1',
        code,
        pid: '77',
        device_id: expect.stringMatching(DEVICE_ID_PATTERN),
      },
    ]);
    expect(sessionStorage.getItem('token')).toBe('tok-new');
    // The same dialog offers a deposit limit (责任博彩); 设置存款限额 opens it, 稍后 would stay.
    expect(screen.getByRole('dialog')).toHaveTextContent(DEPOSIT_LIMIT_INVITE);
    await user.click(await dialogButton('设置存款限额'));
    await waitFor(() => expect(location()).toBe('/protection'));
  });

  it('an agent invite link shows its code instead of the referrer, checks it and sends it', async () => {
    const sent = acceptRegistrations();
    const { user } = renderApp('/reg2?invite=abcd2345');
    const invite = await screen.findByRole('textbox', { name: '邀请码' });
    expect(invite).toHaveValue('ABCD2345');
    expect(screen.queryByPlaceholderText('推荐人ID（选填）')).not.toBeInTheDocument();
    await user.type(field('请输入用户名'), 'player02');
    await user.type(field('请输入密码'), 'secret1');
    await user.type(field('请再次输入密码'), 'secret1');
    await user.type(field('请输入验证码'), shownCaptcha().code);
    await user.clear(invite);
    await user.type(invite, 'ab01');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText(MSG_INVITE_CODE)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(invite);
    await user.type(invite, 'wxyz6789');
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'player02', pid: '', invite_code: 'WXYZ6789' });
  });

  it('goes home after registering when the app was opened on /reg2', async () => {
    acceptRegistrations();
    const { user, location } = renderApp('/reg2');
    await user.type(await screen.findByPlaceholderText('请输入用户名'), 'player01');
    await user.type(field('请输入密码'), 'secret1');
    await user.type(field('请再次输入密码'), 'secret1');
    await user.type(field('请输入验证码'), shownCaptcha().code);
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(location()).toBe('/'));
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('1000.00'));
  });

  it('shows the server message when refused, and 注册失败 when the network fails', async () => {
    server.use(fail(register, 400, '用户名已存在'));
    const { user } = renderApp('/reg2');
    await user.type(await screen.findByPlaceholderText('请输入用户名'), 'player01');
    await user.type(field('请输入密码'), 'secret1');
    await user.type(field('请再次输入密码'), 'secret1');
    await user.type(field('请输入验证码'), shownCaptcha().code);
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('用户名已存在')).toBeInTheDocument();
    server.use(networkError(register));
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册失败')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('has a 返回登录 link', async () => {
    const { user, location } = renderApp('/reg2');
    await user.click(await screen.findByRole('link', { name: '返回登录' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });
});

describe('/reg', () => {
  it('is the variant whose button reads 注册并下载APP', async () => {
    renderApp('/reg?pid=5');
    expect(await screen.findByRole('button', { name: '注册并下载APP' })).toBeInTheDocument();
    expect(field('推荐人ID（选填）')).toHaveValue('5');
  });
});
