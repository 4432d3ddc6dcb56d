import { consoleDashboard, type Dashboard } from '@app/contract/console-admin';
import { consoleApprovals } from '@app/contract/console-approvals';
import { consoleSupportFigures } from '@app/contract/console-support';
import type { ConsoleSession } from '@app/contract/console-auth';
import type { OperatorRole } from '@app/contract/console-define';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioContext, started } from '@test/audio';
import { answer, server } from '@test/msw';
import { beijingDay } from '@/shared/format';
import { sessionQuery } from '@/shared/session';
import { DASHBOARD_POLL_MS, dashboardQuery } from '../api';
import DashboardScreen from './DashboardScreen';

function figures(deposits: number, agents = 1): Dashboard {
  return {
    pending: {
      deposits: { count: deposits, amount: '1500.50' },
      withdrawals: { count: 2, amount: '300.00' },
      risk_withdrawals: { count: 1, amount: '900.00' },
      activity_applications: 4,
      agent_applications: agents,
    },
    today: {
      day: '2030-05-10',
      deposits: { count: 7, amount: '12345.00' },
      withdrawals: { count: 1, amount: '200.00' },
      new_members: 9,
      online_members: 11,
    },
  };
}

function renderAs(role: OperatorRole) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session: ConsoleSession = { id: 1, name: 'op01', role, csrf: 'x', idle_minutes: 30 };
  client.setQueryData(sessionQuery.queryKey, session);
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MemoryRouter>
          <DashboardScreen />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  started.mockClear();
  vi.stubGlobal('AudioContext', FakeAudioContext);
  window.localStorage.clear();
  server.use(answer(consoleApprovals, { total: 2, pending: 2, items: [] }));
  server.use(answer(consoleSupportFigures, { rows: [] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('DashboardScreen', () => {
  it('shows the queues, with links only to the queues the role may open, and today', async () => {
    server.use(answer(consoleDashboard, figures(3)));
    renderAs('support');
    const deposits = await screen.findByTestId('queue-deposits');
    expect(within(deposits).getByText('3')).toBeInTheDocument();
    expect(within(deposits).getByText('合计 ¥1,500.50')).toBeInTheDocument();
    expect(within(deposits).queryByRole('link')).toBeNull();
    const agent = screen.getByTestId('queue-agent');
    expect(within(agent).getByRole('link', { name: '去处理' })).toHaveAttribute(
      'href',
      '/applications/agent',
    );
    expect(within(screen.getByTestId('queue-activity')).queryByRole('link')).toBeNull();
    expect(screen.getByText('今日数据（北京时间 2030-05-10）')).toBeInTheDocument();
    expect(screen.getByText('¥12,345.00')).toBeInTheDocument();
    expect(screen.getByText('7 笔')).toBeInTheDocument();
    expect(screen.getByText('11')).toBeInTheDocument();
    // 客服 approves nothing: no 待复核 figure.
    expect(screen.queryByTestId('queue-approvals')).toBeNull();
  });

  it('polls every 5 seconds and beeps when a queue the role works grows', async () => {
    expect(dashboardQuery.refetchInterval).toBe(DASHBOARD_POLL_MS);
    expect(DASHBOARD_POLL_MS).toBe(5000);
    let current = figures(3);
    server.use(answer(consoleDashboard, () => current));
    const client = renderAs('finance');
    await screen.findByText('合计 ¥1,500.50');
    const approvals = await screen.findByTestId('queue-approvals');
    await waitFor(() => expect(within(approvals).getByText('2')).toBeInTheDocument());
    expect(within(approvals).getByRole('link', { name: '去处理' })).toHaveAttribute('href', '/approvals');
    expect(started).not.toHaveBeenCalled(); // the first load is not news

    // A queue finance does not work (agent applications) grows: no beep.
    current = figures(3, 5);
    await act(() => client.refetchQueries({ queryKey: dashboardQuery.queryKey }));
    expect(started).not.toHaveBeenCalled();

    current = figures(4, 5);
    await act(() => client.refetchQueries({ queryKey: dashboardQuery.queryKey }));
    await waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    expect(within(screen.getByTestId('queue-deposits')).getByText('4')).toBeInTheDocument();

    // Fewer (one reviewed): no beep.
    current = figures(2, 5);
    await act(() => client.refetchQueries({ queryKey: dashboardQuery.queryKey }));
    await waitFor(() =>
      expect(within(screen.getByTestId('queue-deposits')).getByText('2')).toBeInTheDocument(),
    );
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('stays quiet with 声音提醒 off, remembered in the browser', async () => {
    let current = figures(1);
    server.use(answer(consoleDashboard, () => current));
    const client = renderAs('admin');
    await screen.findByText('合计 ¥1,500.50');
    await userEvent.click(screen.getByRole('switch', { name: '声音提醒' }));
    expect(window.localStorage.getItem('console.dashboard.sound')).toBe('off');
    current = figures(6);
    await act(() => client.refetchQueries({ queryKey: dashboardQuery.queryKey }));
    await waitFor(() =>
      expect(within(screen.getByTestId('queue-deposits')).getByText('6')).toBeInTheDocument(),
    );
    expect(started).not.toHaveBeenCalled();
    // Turning it back on plays one beep at once (the click lets the browser play sound).
    await userEvent.click(screen.getByRole('switch', { name: '声音提醒' }));
    expect(started).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('console.dashboard.sound')).toBe('on');
  });

  it('shows the server’s message with 重试 when it cannot load', async () => {
    server.use(answer(consoleDashboard, { refuse: { status: 500, message: '服务器繁忙' } }));
    renderAs('finance');
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    server.use(answer(consoleDashboard, figures(3)));
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('合计 ¥1,500.50')).toBeInTheDocument();
  });

  it('shows today’s desk figures per operator to the roles that work the desk', async () => {
    const asked: string[] = [];
    server.use(answer(consoleDashboard, figures(1)));
    server.use(
      answer(consoleSupportFigures, (input) => {
        asked.push(input.day);
        return {
          rows: [
            {
              operator: { id: 7, name: 'kefu01', nickname: '小美' },
              conversations: 12,
              closed: 10,
              first_response_median: 45,
              first_response_avg: 75,
              ratings: 4,
              rating_avg: 4.5,
            },
          ],
        };
      }),
    );
    renderAs('support');
    const card = await screen.findByTestId('support-figures');
    expect(await within(card).findByText('小美（kefu01）')).toBeInTheDocument();
    expect(within(card).getByText('45 秒')).toBeInTheDocument();
    expect(within(card).getByText('1 分 15 秒')).toBeInTheDocument();
    expect(within(card).getByText('4.5')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '客服工作台' })).toHaveAttribute('href', '/support');
    expect(asked).toEqual([beijingDay(0)]);
    expect(within(card).getByText(`今日客服（北京时间 ${beijingDay(0)}）`)).toBeInTheDocument();
  });

  it('says when the desk figures fail, and hides them from roles outside the desk', async () => {
    server.use(answer(consoleDashboard, figures(1)));
    server.use(answer(consoleSupportFigures, { refuse: { status: 500, message: '服务器错误' } }));
    renderAs('finance');
    const card = await screen.findByTestId('support-figures');
    expect(await within(card).findByText('客服数据加载失败，稍后自动重试')).toBeInTheDocument();
    cleanup();
    renderAs('risk');
    await screen.findByText('合计 ¥1,500.50');
    expect(screen.queryByTestId('support-figures')).toBeNull();
  });
});
