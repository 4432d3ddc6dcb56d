import { user as userCall } from '@app/contract/auth';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { MEMBER } from '@test/msw/fixtures';
import { promoHandlers } from '@test/msw/promo';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

describe('/vip, /vip2, /iframepage', () => {
  it('a visitor starts on VIP1, 未达标, with the thresholds and the rate table', async () => {
    server.use(...promoHandlers);
    const { user } = renderApp('/vip');
    const panel = await screen.findByRole('tabpanel', { name: 'VIP1' });
    expect(panel).toHaveTextContent('未达标');
    expect(panel).toHaveTextContent('累计存款');
    expect(panel).toHaveTextContent('1000.00');
    expect(panel).toHaveTextContent('流水要求');
    expect(panel).toHaveTextContent('5000.00');
    expect(screen.getAllByRole('tab')).toHaveLength(10);
    const table = screen.getByRole('table', { name: '返水比例' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['等级', '真人', '体育', '电竞', '棋牌', '电子', '彩票']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('VIP10.5%0.6%0.6%0.7%0.8%0.3%');
    expect(screen.getByRole('region', { name: '活动规则' })).toHaveTextContent('90天');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'VIP5' }));
    expect(await screen.findByRole('tabpanel', { name: 'VIP5' })).toHaveTextContent('5000.00');
  });

  it('a member starts on their level (P3): 已达标 there, 未达标 above, progress of spec §4', async () => {
    // paysum 500.00; the entry at index 3 (VIP4) asks 4000.00: 12.5 → 13 %
    server.use(reply(userCall, { ...MEMBER, paysum: '500.00' }), ...promoHandlers);
    const { user } = renderApp('/vip2', { token: 'tok' });
    const panel = await screen.findByRole('tabpanel', { name: 'VIP3' });
    expect(panel).toHaveTextContent('已达标');
    expect(screen.getByRole('progressbar', { name: '存款进度' })).toHaveAttribute('aria-valuenow', '13');
    await user.click(screen.getByRole('tab', { name: 'VIP4' }));
    expect(await screen.findByRole('tabpanel', { name: 'VIP4' })).toHaveTextContent('未达标');
    await user.click(screen.getByRole('tab', { name: 'VIP2' }));
    expect(await screen.findByRole('tabpanel', { name: 'VIP2' })).toHaveTextContent('已达标');
  });

  it('100 % deposits without the turnover: says what is missing instead of promising a promotion', async () => {
    // paysum 4000.00 = VIP4's recharge (100 %), valid bets 3000.00 of its 20000.00.
    server.use(...promoHandlers, reply(userCall, { ...MEMBER, paysum: '4000.00' }));
    renderApp('/vip', { token: 'tok' });
    const mine = await screen.findByRole('region', { name: '我的等级' });
    expect(within(mine).getByRole('progressbar', { name: '存款进度' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(await within(mine).findByRole('progressbar', { name: '流水进度' })).toHaveAttribute(
      'aria-valuenow',
      '15',
    );
    expect(screen.getByTestId('vip-note')).toHaveTextContent(
      '存款已达标，还需有效投注 17000.00 元才能晋级 VIP4',
    );
  });

  it('/iframepage shows the same page under VIP特权', async () => {
    server.use(...promoHandlers);
    renderApp('/iframepage');
    expect(await screen.findByRole('tabpanel', { name: 'VIP1' })).toBeInTheDocument();
    expect(screen.getAllByText('VIP特权').length).toBeGreaterThan(0);
  });
});
