import { user as userCall } from '@app/contract/auth';
import { updateProfile } from '@app/contract/member';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, replyWith } from '@app/mobile/test/msw-contract';
import { tappable } from '@test/dialog';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

/** Answers updateuserinfo like the server: saves what is sent, the member reload shows it. */
function acceptProfile() {
  const saved = { mobile: '', email: '', birthday: '' };
  const bodies: unknown[] = [];
  server.use(
    replyWith(userCall, () => ({ ...MEMBER, ...saved })),
    replyWith(
      updateProfile,
      async (request) => {
        const body = (await request.json()) as typeof saved;
        bodies.push(body);
        for (const k of ['mobile', 'email', 'birthday'] as const) if (body[k]) saved[k] = body[k];
        return null;
      },
      '修改成功',
    ),
  );
  return bodies;
}

describe('/userInfo', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/userInfo');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2FuserInfo'));
  });

  it('shows avatar, username and real name read-only, birthday, mobile and email', async () => {
    server.use(
      replyWith(userCall, () => ({
        ...MEMBER,
        mobile: '13812345678',
        email: 'me@example.com',
        birthday: '1990-05-06',
      })),
    );
    renderApp('/userInfo', { token: 'tok' });
    // The balance header on top, the screen's title bar with its way back under it.
    await screen.findByRole('banner');
    expect(screen.getByRole('heading', { level: 1, name: '个人资料' })).toBeInTheDocument();
    expect(await screen.findByLabelText('用户名')).toHaveValue('demo001');
    expect(screen.getByLabelText('用户名')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('真实姓名')).toHaveValue('张三');
    expect(screen.getByLabelText('真实姓名')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('上传头像')).toBeInTheDocument();
    expect(screen.getByLabelText('出生日期')).toHaveTextContent('1990-05-06');
    expect(screen.getByLabelText('手机号码')).toHaveValue('13812345678');
    expect(screen.getByLabelText('邮箱')).toHaveValue('me@example.com');
  });

  it.each([
    ['手机号码', '1381234567', '请输入正确手机号'],
    ['邮箱', 'me@example', '请输入正确邮箱号'],
  ])('checks %s: %s → %s, and sends nothing', async (label, value, message) => {
    const bodies = acceptProfile();
    const { user } = renderApp('/userInfo', { token: 'tok' });
    await user.type(await screen.findByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('a member without a real name fills it in once: checked first, sent, then read-only', async () => {
    let realname = '';
    const bodies: unknown[] = [];
    server.use(
      replyWith(userCall, () => ({ ...MEMBER, realname })),
      replyWith(
        updateProfile,
        async (request) => {
          const body = (await request.json()) as { realname?: string };
          bodies.push(body);
          realname = body.realname ?? realname;
          return null;
        },
        '修改成功',
      ),
    );
    const { user } = renderApp('/userInfo', { token: 'tok' });
    const field = await screen.findByLabelText('真实姓名');
    expect(field).not.toHaveAttribute('readonly');
    expect(field).toHaveAttribute('placeholder', '须与银行卡姓名一致，填写后不可修改');
    await user.type(field, '王1');
    await user.type(screen.getByLabelText('手机号码'), '123');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请输入正确的真实姓名')).toBeInTheDocument(); // before the mobile's
    expect(bodies).toEqual([]);
    await user.clear(field);
    await user.type(field, '王小明');
    await user.clear(screen.getByLabelText('手机号码'));
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ realname: '王小明', mobile: '', email: '', birthday: '' }]),
    );
    await waitFor(() => expect(screen.getByLabelText('真实姓名')).toHaveAttribute('readonly'));
    expect(screen.getByLabelText('真实姓名')).toHaveValue('王小明');
  });

  it('checks the mobile before the email (spec §5 order)', async () => {
    acceptProfile();
    const { user } = renderApp('/userInfo', { token: 'tok' });
    await user.type(await screen.findByLabelText('手机号码'), '123');
    await user.type(screen.getByLabelText('邮箱'), 'x');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请输入正确手机号')).toBeInTheDocument();
    expect(screen.queryByText('请输入正确邮箱号')).not.toBeInTheDocument();
  });

  it('a birthday the server cannot read is refused with the format message', async () => {
    server.use(replyWith(userCall, () => ({ ...MEMBER, birthday: '1990/05/06' })));
    const { user } = renderApp('/userInfo', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请输入正确的日期格式：YYYY-MM-DD')).toBeInTheDocument();
  });

  it('picks a birthday with the date picker and saves mobile, email and birthday', async () => {
    const bodies = acceptProfile();
    const { user } = renderApp('/userInfo', { token: 'tok' });
    await user.type(await screen.findByLabelText('手机号码'), '13812345678');
    await user.type(screen.getByLabelText('邮箱'), 'me@example.com');
    await user.click(screen.getByLabelText('出生日期'));
    expect(await screen.findByText('选择出生日期')).toBeInTheDocument();
    await user.click(await tappable(await screen.findByText('确定')));
    await waitFor(() => expect(screen.getByLabelText('出生日期')).toHaveTextContent('1990-01-01'));

    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(bodies).toEqual([{ mobile: '13812345678', email: 'me@example.com', birthday: '1990-01-01' }]);
  });

  it('shows the server refusal and keeps what was typed', async () => {
    server.use(fail(updateProfile, 400, '出生日期不能晚于今天'));
    const { user } = renderApp('/userInfo', { token: 'tok' });
    await user.type(await screen.findByLabelText('邮箱'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('出生日期不能晚于今天')).toBeInTheDocument();
    expect(screen.getByLabelText('邮箱')).toHaveValue('me@example.com');
    expect(screen.getByRole('button', { name: '确认修改' })).toBeEnabled();
  });

  it('a failed member load shows an error with 重试', async () => {
    server.use(fail(userCall, 500, '服务器繁忙'));
    renderApp('/userInfo', { token: 'tok' });
    expect(await screen.findByRole('alert')).toHaveTextContent('重试');
  });
});
