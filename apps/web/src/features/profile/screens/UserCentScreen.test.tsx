import { logoff } from '@app/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { replyWith } from '@app/mobile/test/msw-contract';
import { SWITCHES_KEY } from '@/shared/session/store';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';
import { MSG_LOGOUT_CONFIRM } from '../rules';
import { dialogButton } from '@test/dialog';

/** Answers logoff and counts the calls. */
function acceptLogoff() {
  const calls = { count: 0 };
  server.use(
    replyWith(logoff, () => {
      calls.count++;
      return null;
    }),
  );
  return calls;
}

const toggle = (name: string) => screen.getByRole('switch', { name });

describe('/userCent', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/userCent');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2FuserCent'));
  });

  it('shows the three switches, with their defaults, under a 设置 header with a back arrow', async () => {
    renderApp('/userCent', { token: 'tok' });
    // The balance header on top, the screen's title bar with its way back under it.
    await screen.findByRole('banner');
    expect(screen.getByRole('heading', { level: 1, name: '设置' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: '消息时间显示' })).toBeChecked();
    expect(toggle('中奖提示')).toBeChecked();
    expect(toggle('静音模式')).not.toBeChecked();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeEnabled();
  });

  it('asks before logging out, and 取消 keeps the session', async () => {
    const logoffs = acceptLogoff();
    const { user, location } = renderApp('/userCent', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG_LOGOUT_CONFIRM)).toBeInTheDocument();
    await user.click(await dialogButton('取消'));
    await waitFor(() => expect(screen.queryByText(MSG_LOGOUT_CONFIRM)).not.toBeInTheDocument());
    expect(location()).toBe('/userCent');
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(logoffs.count).toBe(0);
  });

  it('logs out after 确定: tells the server, clears both storages and lands on /login', async () => {
    const logoffs = acceptLogoff();
    localStorage.setItem('token', 'tok');
    const { user, location } = renderApp('/userCent', { token: 'tok' });
    await user.click(await screen.findByRole('switch', { name: '静音模式' }));
    expect(localStorage.getItem(SWITCHES_KEY)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG_LOGOUT_CONFIRM)).toBeInTheDocument();
    await user.click(await dialogButton('确定'));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeInTheDocument();
    expect(logoffs.count).toBe(1);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  it('keeps the switches across reloads', async () => {
    const { user, unmount } = renderApp('/userCent', { token: 'tok' });
    await user.click(await screen.findByRole('switch', { name: '静音模式' }));
    await user.click(toggle('消息时间显示'));
    expect(toggle('静音模式')).toBeChecked();
    expect(toggle('消息时间显示')).not.toBeChecked();
    expect(JSON.parse(localStorage.getItem(SWITCHES_KEY) ?? 'null')).toEqual({
      showMessageTime: false,
      winPrompt: true,
      quietMode: true,
    });
    unmount();

    // A reload: the store starts again from storage.
    vi.resetModules();
    const { useSession } = await import('@/shared/session/store');
    expect(useSession.getState().switches).toEqual({
      showMessageTime: false,
      winPrompt: true,
      quietMode: true,
    });
  });

  it('ignores switches it cannot read and keeps the defaults', async () => {
    localStorage.setItem(SWITCHES_KEY, '{"quietMode":"yes","winPrompt":false');
    vi.resetModules();
    const broken = await import('@/shared/session/store');
    expect(broken.useSession.getState().switches.quietMode).toBe(false);
    localStorage.setItem(SWITCHES_KEY, '{"quietMode":"yes","winPrompt":false}');
    vi.resetModules();
    const partial = await import('@/shared/session/store');
    expect(partial.useSession.getState().switches).toEqual({
      showMessageTime: true,
      winPrompt: false,
      quietMode: false,
    });
  });
});
