import { consoleProtectionReport } from '@app/contract/console-protection';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import ProtectionReportScreen from './ProtectionReportScreen';

describe('责任博彩报表', () => {
  it('lists members near a limit with a link to each, and breaks per day', async () => {
    server.use(
      answer(consoleProtectionReport, {
        near: [
          {
            member_id: 7,
            name: 'player07',
            kind: 'loss',
            period: 'week',
            amount: '500.00',
            used: '450.00',
            percent: 90,
            resets_at: '2026-12-01 10:00:00',
          },
        ],
        days: [{ day: '2026-11-29', timeouts: 2, exclusions: 1, ended: 3 }],
      }),
    );
    renderScreen(<ProtectionReportScreen />);
    const near = await screen.findByRole('region', { name: '接近限额的会员' });
    const row = within(near).getByRole('row', { name: /player07/ });
    expect(within(row).getByRole('link', { name: 'player07' })).toHaveAttribute('href', '/members/7');
    expect(row).toHaveTextContent('每7天亏损限额');
    expect(row).toHaveTextContent('90%');
    const days = screen.getByRole('region', { name: '暂停与自我排除' });
    expect(within(days).getByRole('row', { name: /2026-11-29/ })).toHaveTextContent('2026-11-29213');
  });

  it('says when nobody is near a limit', async () => {
    server.use(answer(consoleProtectionReport, { near: [], days: [] }));
    renderScreen(<ProtectionReportScreen />);
    expect(await screen.findByText('暂无接近限额的会员')).toBeInTheDocument();
  });
});
