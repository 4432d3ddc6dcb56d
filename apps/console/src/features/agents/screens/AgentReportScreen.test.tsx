import { consoleAgentReport, type AgentReportRow } from '@app/contract/console-agents';
import * as csv from '@app/contract/csv';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { operator } from './agents-fixtures';
import AgentReportScreen from './AgentReportScreen';

const row = (id: number, username: string, money: Partial<AgentReportRow> = {}): AgentReportRow => ({
  agent: { id, username },
  new_members: 2,
  deposits: '100.00',
  withdrawals: '20.00',
  valid: '860.00',
  net_loss: '676.00',
  paid: '5.00',
  payable: '12.34',
  ...money,
});

describe('AgentReportScreen', () => {
  it('shows each agent over the last 7 Beijing days with a totals row, and exports both as CSV', async () => {
    const seen: Record<string, unknown>[] = [];
    server.use(
      answer(consoleAgentReport, (q) => {
        seen.push(q);
        return { rows: [row(10, 'topagent'), row(11, '=cmd', { net_loss: '-30.10', new_members: 1 })] };
      }),
    );
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    renderScreen(<AgentReportScreen />, { operator: operator('finance') });
    const top = (await screen.findByText('topagent')).closest('tr') as HTMLElement;
    expect(top).toHaveTextContent('¥676.00');
    const total = (await screen.findByText('合计')).closest('tr') as HTMLElement;
    expect(total).toHaveTextContent('3');
    expect(total).toHaveTextContent('¥645.90');
    expect(total).toHaveTextContent('¥24.68');
    const [query] = seen;
    expect(query?.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(query?.start_date) < String(query?.end_date)).toBe(true);

    const exportButton = within(document.body).getByText('导出CSV').closest('button') as HTMLButtonElement;
    await waitFor(() => expect(exportButton).toBeEnabled());
    await userEvent.click(exportButton);
    const [name, text] = saved.mock.calls[0] ?? [];
    expect(name).toBe(`代理报表_${String(query?.start_date)}至${String(query?.end_date)}.csv`);
    const lines = String(text).split('\r\n');
    expect(lines[0]).toBe('\uFEFF代理,新增直属会员,存款,取款,有效投注,负盈利,已发佣金,待发佣金');
    expect(lines[1]).toBe('topagent,2,100.00,20.00,860.00,676.00,5.00,12.34');
    expect(lines[2]).toBe("'=cmd,1,100.00,20.00,860.00,-30.10,5.00,12.34"); // a formula neutralised
    expect(lines[3]).toBe('合计,3,200.00,40.00,1720.00,645.90,10.00,24.68');
  }, 40_000);

  it('says so when no agent has anything in the range', async () => {
    server.use(answer(consoleAgentReport, { rows: [] }));
    renderScreen(<AgentReportScreen />, { operator: operator('risk') });
    expect(await screen.findByText('所选日期内暂无代理数据')).toBeInTheDocument();
    expect(within(document.body).getByText('导出CSV').closest('button')).toBeDisabled();
  });
});
