import { balance, user } from '@app/contract/auth';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '@app/mobile/test/msw-contract';
import { server } from '@test/msw/server';
import { dialogButton } from '@test/dialog';
import { renderApp } from '@test/render';

/* The 快来登录吧 question belongs to its page: it never stays over the next one (issue 30, item 11). */

const INVITE = '精彩内容等你来体验，快来登录吧！';

describe('the login invite', () => {
  it('goes when the visitor goes back: nothing is left over the hall', async () => {
    const { router, location } = renderApp('/', {});
    await act(() => router.navigate('/transfer'));
    expect(await screen.findByRole('dialog')).toHaveTextContent(INVITE);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location()).toBe('/'));
    await waitFor(() => expect(screen.queryByText(INVITE)).not.toBeInTheDocument());
  });

  it('a session ending on /transfer shows 认证失败 alone, one tap from /login', async () => {
    server.use(fail(balance, 401, ''), fail(user, 401, ''));
    const { location, user: tap } = renderApp('/transfer', { token: 'tok' });
    expect(await screen.findByText('认证失败')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.queryByText(INVITE)).not.toBeInTheDocument();
    await tap.click(await dialogButton('确定'));
    await waitFor(() => expect(screen.queryByText('认证失败')).not.toBeInTheDocument());
    expect(screen.queryByText(INVITE)).not.toBeInTheDocument();
  });
});
