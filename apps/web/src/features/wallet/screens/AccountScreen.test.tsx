import { user as userCall } from '@app/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, reply } from '@app/mobile/test/msw-contract';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';
import { useSession } from '@/shared/session/store';
import { venueBalances } from '@app/contract/wallet';

describe('/account and /money', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/money');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fmoney'));
  });

  it('shows total assets = central + venues, and the venues behind the switch', async () => {
    server.use(reply(userCall, { ...MEMBER, gameblance: '35.50' }));
    const { user } = renderApp('/account', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: '我的钱包' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent('1035.50'));
    expect(screen.getByTestId('wallet-central')).toHaveTextContent('1000.00');
    expect(screen.getByTestId('wallet-game')).toHaveTextContent('35.50');
    expect(screen.queryByRole('list', { name: '场馆钱包' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: '显示场馆余额' }));
    const list = await screen.findByRole('list', { name: '场馆钱包' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: '一键取回' })).toBeEnabled();
    expect(screen.getByText('下级转账')).toBeInTheDocument();
  });

  it('goes to /transfer, /transRecord and /fundsRecord from its tiles and rows', async () => {
    const { user, location, router } = renderApp('/money', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '场馆转账' }));
    await waitFor(() => expect(location()).toBe('/transfer'));
    await router.navigate('/money');
    await user.click(await screen.findByRole('button', { name: '交易记录' }));
    await waitFor(() => expect(location()).toBe('/transRecord'));
    await router.navigate('/money');
    await user.click(await screen.findByRole('button', { name: /^资金明细/ }));
    await waitFor(() => expect(location()).toBe('/fundsRecord'));
  });

  it('draws 存款, 取款, 场馆转账 and 下级转账 with icons of their own', async () => {
    renderApp('/money', { token: 'tok' });
    const names = ['存款', '取款', '场馆转账', '下级转账'];
    const icons = await Promise.all(
      names.map(
        async (name) => (await screen.findByRole('button', { name })).querySelector('svg')?.innerHTML,
      ),
    );
    expect(icons.every(Boolean)).toBe(true);
    expect(new Set(icons).size).toBe(names.length);
  });

  it('greys 下级转账 and tells a member it is for agents only', async () => {
    const { user, location } = renderApp('/money', { token: 'tok' });
    const tile = await screen.findByRole('button', { name: '下级转账' });
    expect(tile).toHaveClass('wallet-tile-secondary');
    expect(tile).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(useSession.getState().user?.isAgent).toBe(false));
    await user.click(tile);
    expect(await screen.findByText('下级转账仅对代理开放')).toBeInTheDocument();
    expect(location()).toBe('/money');
  });

  it('tells an agent to use the agent back office for 下级转账', async () => {
    server.use(reply(userCall, { ...MEMBER, isagent: 1 }));
    const { user, location } = renderApp('/money', { token: 'tok' });
    const tile = await screen.findByRole('button', { name: '下级转账' });
    await waitFor(() => expect(useSession.getState().user?.isAgent).toBe(true));
    await user.click(tile);
    expect(await screen.findByText('请在代理后台操作下级转账')).toBeInTheDocument();
    expect(screen.queryByText('下级转账仅对代理开放')).not.toBeInTheDocument();
    expect(location()).toBe('/money');
  });

  it('says why the venues failed, with 重试', async () => {
    server.use(fail(venueBalances, 500, '场馆维护中'));
    const { user } = renderApp('/account', { token: 'tok' });
    await user.click(await screen.findByRole('switch', { name: '显示场馆余额' }));
    expect(await screen.findByText('场馆维护中')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
