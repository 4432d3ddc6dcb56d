import { payRange, payWays } from '@app/contract/cashier';
import { protection } from '@app/contract/protection';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

/* 责任博彩 before the first deposit (issue 32): /recharge offers a deposit limit until one exists or
 * the member skips it. */

const NO_SESSION_LIMIT = { minutes: 0, pending: null };

describe('the deposit-limit prompt on /recharge', () => {
  beforeEach(() => {
    server.use(
      reply(payWays, { card: 0, usdt: 0, wechat: 0, alipay: 0 }),
      reply(payRange, { min_price: '100.00', max_price: '50000.00' }),
    );
  });

  it('offers a deposit limit; 设置存款限额 opens /protection', async () => {
    const { user, location } = renderApp('/recharge', { token: 'tok' });
    const prompt = await screen.findByRole('region', { name: '设置存款限额' });
    await user.click(within(prompt).getByRole('button', { name: '设置存款限额' }));
    await waitFor(() => expect(location()).toBe('/protection'));
  });

  it('跳过 hides it, and it stays hidden on the next visit', async () => {
    const first = renderApp('/recharge', { token: 'tok' });
    const prompt = await screen.findByRole('region', { name: '设置存款限额' });
    await first.user.click(within(prompt).getByRole('button', { name: '跳过' }));
    expect(screen.queryByRole('region', { name: '设置存款限额' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/recharge', { token: 'tok' });
    expect(await screen.findByRole('form', { name: '存款' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('region', { name: '设置存款限额' })).not.toBeInTheDocument();
  });

  it('is not shown to a member who has a deposit limit', async () => {
    server.use(
      reply(protection, {
        limits: [
          {
            kind: 'deposit',
            period: 'week',
            amount: '500.00',
            used: '0.00',
            remaining: '500.00',
            resets_at: '2030-03-02 12:00:00',
            pending: null,
          },
        ],
        break: null,
        reality_check: 0,
        session_limit: NO_SESSION_LIMIT,
      }),
    );
    renderApp('/recharge', { token: 'tok' });
    expect(await screen.findByRole('form', { name: '存款' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('region', { name: '设置存款限额' })).not.toBeInTheDocument();
  });
});
