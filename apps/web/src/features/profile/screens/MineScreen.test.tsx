import { user as userCall } from '@app/contract/auth';
import { logoff } from '@app/contract/auth';
import { uploadAvatar } from '@app/contract/member';
import { serviceUrl } from '@app/contract/site';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { dialogButton } from '@test/dialog';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';
import { MINE_TILES } from '../components/tiles';
import { MSG_LOGOUT_CONFIRM } from '../rules';

const png = () =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0])], 'me.png', { type: 'image/png' });

describe.each(['/mine', '/mine_old'])('%s', (path) => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp(path);
    await waitFor(() => expect(location()).toBe(`/login?redirect=${encodeURIComponent(path)}`));
  });

  it('shows the member: name, VIP badge, days since joining, balance with refresh, and the tab bar', async () => {
    renderApp(path, { token: 'tok' });
    expect(await screen.findByTestId('mine-username')).toHaveTextContent('demo001');
    expect(screen.getByText('VIP3')).toBeInTheDocument();
    expect(screen.getByText('加入12天')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('mine-balance')).toHaveTextContent('1000.00'));
    expect(
      within(screen.getByRole('region', { name: '中心钱包' })).getByRole('button', { name: '刷新余额' }),
    ).toBeEnabled();
    expect(screen.getByRole('navigation', { name: '底部导航' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '客服' })).toBeInTheDocument();
  });

  it('links every tile of spec §2 to its route, each with its icon above the label', async () => {
    renderApp(path, { token: 'tok' });
    const nav = await screen.findByRole('navigation', { name: '会员中心' });
    for (const tile of MINE_TILES) {
      const link = within(nav).getByRole('link', { name: tile.label });
      expect(link).toHaveAttribute('href', `#${tile.to}`);
      expect(link.firstElementChild?.tagName.toLowerCase()).toBe('svg');
      expect(link.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    }
    const routes = MINE_TILES.map((t) => t.to.split('?')[0]);
    for (const r of [
      '/vip',
      '/activity',
      '/money',
      '/transRecord',
      '/betRecord',
      '/userCent',
      '/message',
      '/fanshui',
      '/activityRecord',
      '/welfare',
      '/app',
      '/boutBallBet',
      '/userInfo',
      '/inviter',
      '/password',
    ]) {
      expect(routes).toContain(r);
    }
  });

  it('shows one tile per screen: VIP特权 (/vip) and 我的钱包 (/money), no /vip2, /iframepage, /account', async () => {
    renderApp(path, { token: 'tok' });
    const nav = await screen.findByRole('navigation', { name: '会员中心' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs.filter((h) => h === '#/vip')).toHaveLength(1);
    expect(hrefs.filter((h) => h === '#/money')).toHaveLength(1);
    for (const gone of ['#/vip2', '#/iframepage', '#/account']) expect(hrefs).not.toContain(gone);
    for (const name of ['VIP等级', '会员权益', '资金账户']) {
      expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it('names the payment-password tile 支付密码, as its form does', async () => {
    renderApp(path, { token: 'tok' });
    const nav = await screen.findByRole('navigation', { name: '会员中心' });
    expect(within(nav).getByRole('link', { name: '支付密码' })).toHaveAttribute('href', '#/password?type=2');
    expect(within(nav).queryByRole('link', { name: '取款密码' })).not.toBeInTheDocument();
  });

  it('says 今天加入 for a member who joined today', async () => {
    server.use(reply(userCall, { ...MEMBER, joinday: 0 }));
    renderApp(path, { token: 'tok' });
    expect(await screen.findByText('今天加入')).toBeInTheDocument();
    expect(screen.queryByText('加入0天')).not.toBeInTheDocument();
  });

  it('a tile opens its screen', async () => {
    const { user, location } = renderApp(path, { token: 'tok' });
    await user.click(await screen.findByRole('link', { name: '个人资料' }));
    await waitFor(() => expect(location()).toBe('/userInfo'));
  });

  it('offers 申请代理 to a member who is not an agent', async () => {
    renderApp(path, { token: 'tok' });
    expect(await screen.findByRole('link', { name: '申请代理' })).toHaveAttribute('href', '#/applyagent');
    expect(screen.queryByRole('link', { name: '代理登录' })).not.toBeInTheDocument();
  });

  it('offers 代理登录 (/gamePage?dailiD=1) to an agent', async () => {
    server.use(reply(userCall, { ...MEMBER, isagent: 1 }));
    renderApp(path, { token: 'tok' });
    expect(await screen.findByRole('link', { name: '代理登录' })).toHaveAttribute(
      'href',
      '#/gamePage?dailiD=1',
    );
    expect(screen.queryByRole('link', { name: '申请代理' })).not.toBeInTheDocument();
  });

  it('asks 您确定要退出登录吗? and logs out on 确定', async () => {
    let logoffs = 0;
    server.use(replyWith(logoff, () => ((logoffs += 1), null)));
    const { user, location } = renderApp(path, { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG_LOGOUT_CONFIRM)).toBeInTheDocument();
    await user.click(await dialogButton('取消'));
    await waitFor(() => expect(screen.queryByText(MSG_LOGOUT_CONFIRM)).not.toBeInTheDocument());
    expect(location()).toBe(path);
    expect(logoffs).toBe(0);

    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(await dialogButton('确定'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(logoffs).toBe(1);
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('/mine avatar', () => {
  it('uploads a picked PNG as the multipart field file, shows 上传成功 and the new avatar', async () => {
    let avatar = '';
    let sent: FormDataEntryValue | null = null;
    server.use(
      replyWith(userCall, () => ({ ...MEMBER, avatar })),
      replyWith(
        uploadAvatar,
        async (request) => {
          sent = (await request.formData()).get('file');
          avatar = '/uploads/avatars/0123456789abcdef0123456789abcdef.png';
          return { avatar };
        },
        '上传成功',
      ),
    );
    const { user } = renderApp('/mine', { token: 'tok' });
    await screen.findByTestId('mine-username');
    const input = screen.getByLabelText('上传头像');
    expect(input).toHaveAttribute('accept', 'image/gif,image/png,image/jpeg');
    await user.upload(input, png());
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    const file = sent as unknown as Blob | null;
    expect([file?.size, file?.type]).toEqual([10, 'image/png']);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '头像' })).toHaveAttribute(
        'src',
        '/uploads/avatars/0123456789abcdef0123456789abcdef.png',
      ),
    );
  });

  it('refuses other types before sending anything', async () => {
    const upload = vi.fn(() => ({ avatar: 'x' }));
    server.use(replyWith(uploadAvatar, upload));
    renderApp('/mine', { token: 'tok' });
    await screen.findByTestId('mine-username');
    const svg = new File(['<svg onload="alert(1)"/>'], 'x.png', { type: 'image/svg+xml' });
    fireEvent.change(screen.getByLabelText('上传头像'), { target: { files: [svg] } });
    expect(await screen.findByText('头像仅支持GIF、PNG、JPG格式的图片')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the server refusal, or 上传失败 when the upload breaks', async () => {
    server.use(fail(uploadAvatar, 400, '头像仅支持GIF、PNG、JPG格式的图片'));
    const { user } = renderApp('/mine', { token: 'tok' });
    await screen.findByTestId('mine-username');
    await user.upload(screen.getByLabelText('上传头像'), png());
    expect(await screen.findByText('头像仅支持GIF、PNG、JPG格式的图片')).toBeInTheDocument();

    server.use(fail(uploadAvatar, 500, 'Internal'));
    await user.upload(screen.getByLabelText('上传头像'), png());
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
  });

  it('the headset opens customer service in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    server.use(reply(serviceUrl, { url: 'https://support.example.com/chat' }));
    const { user } = renderApp('/mine', { token: 'tok' });
    await screen.findByTestId('mine-username');
    await user.click(screen.getByRole('button', { name: '客服' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://support.example.com/chat', '_blank', 'noopener,noreferrer'),
    );
    open.mockRestore();
  });

  it('the headset asks for a new ticket on every tap, our desk getting the visitor key', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let n = 0;
    server.use(replyWith(serviceUrl, () => ({ url: `/support/#/?t=ticket${(n += 1)}` })));
    const { user } = renderApp('/mine', { token: 'tok' });
    await screen.findByTestId('mine-username');
    expect(n).toBe(0); // nothing asked ahead of the tap: a ticket lives 60 s
    await user.click(screen.getByRole('button', { name: '客服' }));
    await user.click(screen.getByRole('button', { name: '客服' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    const key = localStorage.getItem('support_visitor_key');
    expect(open.mock.calls.map((c) => c[0])).toEqual([
      `http://localhost:3000/support/#/?t=ticket1&v=${key}`,
      `http://localhost:3000/support/#/?t=ticket2&v=${key}`,
    ]);
    open.mockRestore();
  });

  it('a failed member load shows an error with 重试, not a blank page', async () => {
    server.use(fail(userCall, 500, '服务器繁忙'));
    renderApp('/mine', { token: 'tok' });
    expect(await screen.findByRole('alert')).toHaveTextContent('重试');
  });
});
