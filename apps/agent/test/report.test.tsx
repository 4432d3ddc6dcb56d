import { agentTeamReport } from '@app/contract/agent-office';
import * as csv from '@app/contract/csv';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { REPORT_DAYS, TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { bodyOf, renderApp } from './render';

/** 2026-11-20 15:00 Beijing. */
const NOW = Date.parse('2026-11-20T07:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('团队报表', () => {
  it('reads this month by day and category, with the totals', async () => {
    const sent: unknown[] = [];
    server.use(
      replyWith(agentTeamReport, async (request) => {
        sent.push(await bodyOf(request));
        return { days: REPORT_DAYS };
      }),
    );
    renderApp('/report', { token: TOKEN });
    const totals = await screen.findByRole('region', { name: '合计' });
    expect(sent).toEqual([{ start_date: '2026-11-01', end_date: '2026-11-20' }]);
    expect(totals).toHaveTextContent('新增会员2');
    expect(totals).toHaveTextContent('存款500.00');
    expect(totals).toHaveTextContent('取款150.00');
    expect(totals).toHaveTextContent('有效投注420.00');
    expect(totals).toHaveTextContent('团队负盈利25.50');
    expect(
      within(totals)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['类别有效投注负盈利', '体育120.00-20.00', '彩票300.0045.50']);
    const days = within(screen.getByRole('list', { name: '每日明细' })).getAllByRole('listitem');
    expect(days[0]).toHaveTextContent('2026-11-01新增 2 人');
    expect(days[1]).toHaveTextContent('2026-11-02新增 0 人');
    expect(days[1]).toHaveTextContent('取款50.00');
  });

  it('exports the days as CSV (the contract’s CSV, yuan with two places)', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => undefined);
    const { user } = renderApp('/report', { token: TOKEN });
    await screen.findByRole('region', { name: '合计' });
    await user.click(screen.getByRole('button', { name: '导出CSV' }));
    expect(saved).toHaveBeenCalledTimes(1);
    const [name, text = ''] = saved.mock.calls[0] ?? [];
    expect(name).toMatch(/^团队报表-20261120-\d{4}\.csv$/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF日期,新增会员,存款,取款,真人有效投注,真人负盈利,体育有效投注,体育负盈利,电竞有效投注,电竞负盈利,棋牌有效投注,棋牌负盈利,电子有效投注,电子负盈利,彩票有效投注,彩票负盈利,有效投注合计,负盈利合计',
    );
    expect(lines[1]).toBe(
      '2026-11-01,2,500.00,100.00,0.00,0.00,120.00,-20.00,0.00,0.00,0.00,0.00,0.00,0.00,300.00,45.50,420.00,25.50',
    );
    expect(lines).toHaveLength(4); // header, two days, the closing line break
    expect(await screen.findByText('已导出 2 天')).toBeInTheDocument();
  });

  it('refuses a range longer than the contract allows, and an upside-down one', async () => {
    const sent: unknown[] = [];
    server.use(
      replyWith(agentTeamReport, async (request) => {
        sent.push(await bodyOf(request));
        return { days: [] };
      }),
    );
    renderApp('/report', { token: TOKEN });
    expect(await screen.findByText('该时段暂无团队数据')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-01-01' } });
    const tooLong = agentTeamReport.request.safeParse({ start_date: '2026-01-01', end_date: '2026-11-20' });
    expect(await screen.findByRole('alert')).toHaveTextContent(tooLong.error?.issues[0]?.message ?? '?');
    expect(screen.getByRole('button', { name: '导出CSV' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-21' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('结束日期不能早于开始日期');
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(sent.at(-1)).toEqual({ start_date: '2026-10-01', end_date: '2026-11-20' }));
    expect(sent).toHaveLength(2);
  });

  it('a failure shows the message with 重试', async () => {
    server.use(fail(agentTeamReport, 500, '服务器异常，请稍后再试'));
    renderApp('/report', { token: TOKEN });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
    server.use(reply(agentTeamReport, { days: [] }));
  });
});
