import {
  consoleReportDaily,
  consoleReportOperators,
  consoleReportSummary,
  type ReportDailyRow,
  type ReportSummary,
} from '@app/contract/console-reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import * as csv from '@app/contract/csv';
import ReportsScreen, { beijingDay } from './ReportsScreen';

// Canvas charts cannot draw in jsdom: the chart is replaced by one that records what it was given.
const { drawn } = vi.hoisted(() => ({ drawn: [] as { label: string; option: unknown }[] }));
vi.mock('../chart/EChart', () => ({
  EChart: (p: { label: string; option: unknown }) => {
    drawn.push(p);
    return <div role="img" aria-label={p.label} />;
  },
}));

const moneyDay = (day: string, deposits: string) => ({
  day,
  deposits,
  deposit_count: 1,
  withdrawals: '0.00',
  withdrawal_count: 0,
  adjust_in: '0.00',
  adjust_out: '0.00',
});
const zeroGames = (day: string) => ({
  day,
  venue_stake: '0.00',
  venue_payout: '0.00',
  lottery_stake: '0.00',
  lottery_payout: '0.00',
  house: '0.00',
});
const zeroPromo = (day: string) => ({
  day,
  rebates: '0.00',
  rebate_count: 0,
  red_packets: '0.00',
  red_packet_count: 0,
  bonuses: '0.00',
  bonus_count: 0,
  total: '0.00',
});

function summary(from: string, to: string): ReportSummary {
  return {
    from,
    to,
    money: {
      days: [moneyDay(from, '100.00'), moneyDay(to, '=1+1')],
      totals: { ...moneyDay('', '1300.50'), deposit_count: 2 },
      deposit_methods: [
        { method: '支付宝', count: 1, amount: '100.00' },
        { method: '银行卡转账', count: 1, amount: '1200.50' },
      ],
      withdrawal_methods: [],
    },
    games: {
      days: [zeroGames(from), zeroGames(to)],
      totals: { ...zeroGames(''), house: '-50.00' },
      venues: [{ code: 'AG', name: 'AG真人', bets: 2, stake: '150.00', payout: '200.00', house: '-50.00' }],
      lotteries: [],
    },
    promotions: { days: [zeroPromo(from), zeroPromo(to)], totals: zeroPromo('') },
    members: {
      days: [
        { day: from, new_members: 2, active_members: 3 },
        { day: to, new_members: 1, active_members: 2 },
      ],
      totals: { day: '', new_members: 3, active_members: 4 },
    },
  };
}

afterEach(() => vi.restoreAllMocks());

// antd's tables are heavy in jsdom: a loaded machine needs more than the default time.
describe('ReportsScreen', { timeout: 120_000 }, () => {
  it('asks for the last 7 Beijing days and shows the totals, tables and charts', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      answer(consoleReportSummary, (input) => {
        asked.push(input as Record<string, string>);
        return summary(input.from, input.to);
      }),
    );
    renderScreen(<ReportsScreen />);
    expect(await screen.findByText('每日资金')).toBeInTheDocument();
    expect(asked[0]).toEqual({ from: beijingDay(6), to: beijingDay(0) });
    expect(screen.getAllByText('¥1,300.50').length).toBeGreaterThan(0);
    expect(screen.getByText('银行卡转账')).toBeInTheDocument();
    expect(screen.getAllByText('所选日期内暂无数据').length).toBeGreaterThan(0); // no withdrawals
    expect(screen.getByRole('img', { name: '每日存提款图' })).toBeInTheDocument();
    const pie = drawn.find((d) => d.label === '存款方式占比图')?.option as { series: { data: unknown }[] };
    expect(pie.series[0]?.data).toEqual([
      { name: '支付宝', value: 100 },
      { name: '银行卡转账', value: 1200.5 },
    ]);
    await userEvent.click(screen.getByRole('tab', { name: '游戏' }));
    expect(await screen.findByText('AG真人')).toBeInTheDocument();
    expect(screen.getAllByText('¥-50.00').length).toBeGreaterThan(0);
  });

  it('exports a table as CSV with its totals row and a file name with the range', async () => {
    server.use(answer(consoleReportSummary, (input) => summary(input.from, input.to)));
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    renderScreen(<ReportsScreen />);
    const card = (await screen.findByText('每日资金')).closest('.ant-card') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: /导出CSV/ }));
    const [name, text] = saved.mock.calls[0] ?? [];
    expect(name).toBe(`每日资金_${beijingDay(6)}至${beijingDay(0)}.csv`);
    const lines = String(text).split('\r\n');
    expect(lines[0]).toBe('\uFEFF日期,存款金额,存款笔数,提款金额,提款笔数,人工加款,人工扣款');
    expect(lines[2]).toContain(",'=1+1,"); // a formula is neutralised
    expect(lines[3]).toBe('合计,1300.50,2,0.00,0,0.00,0.00');
  });

  it('日报 and 操作员: right-aligned figures, NGR named, liability not added up, CSV of the totals', async () => {
    const row = (day: string, ngr: string, liability: string): ReportDailyRow => ({
      day,
      registrations: 1,
      first_deposit_count: 1,
      first_deposit_amount: '100.00',
      second_deposit_count: 0,
      second_deposit_amount: '0.00',
      active_members: 2,
      deposits: '100.00',
      deposit_count: 1,
      withdrawals: '0.00',
      withdrawal_count: 0,
      adjust_in: '0.00',
      adjust_out: '0.00',
      stakes: '50.00',
      payouts: '20.00',
      ggr: '30.00',
      bonuses: '5.00',
      rebates: '1.00',
      red_packets: '2.00',
      ngr,
      liability_central: liability,
      liability_venues: '0.00',
      liability,
    });
    server.use(
      answer(consoleReportSummary, (input) => summary(input.from, input.to)),
      answer(consoleReportDaily, (input) => ({
        ...input,
        days: [row(input.from, '22.00', '900.00'), row(input.to, '22.00', '1000.00')],
        totals: { ...row('', '44.00', '1000.00'), registrations: 2 },
        ngr_deductions: ['活动彩金', '返水', '红包'],
      })),
      answer(consoleReportOperators, (input) => ({ ...input, operators: [] })),
    );
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    renderScreen(<ReportsScreen />);
    await userEvent.click(await screen.findByRole('tab', { name: '日报' }));
    expect(await screen.findByText(/NGR = GGR − 活动彩金 − 返水 − 红包/)).toBeInTheDocument();
    const card = screen
      .getByText('日报', { selector: '.ant-card-head-title' })
      .closest('.ant-card') as HTMLElement;
    const cell = (text: string) => within(card).getAllByText(text)[0]?.closest('td');
    expect(cell('¥44.00')).toHaveStyle({ textAlign: 'right' });
    expect(cell('¥22.00')).toHaveStyle({ textAlign: 'right' });
    await userEvent.click(within(card).getByRole('button', { name: /导出CSV/ }));
    const lines = String(saved.mock.calls[0]?.[1]).split('\r\n');
    expect(lines[0]).toContain('日期,注册人数,首存人数,首存金额');
    expect(lines[3]).toMatch(/^合计,2,.*,44\.00,1000\.00,0\.00,1000\.00$/);
    await userEvent.click(screen.getByRole('tab', { name: '操作员' }));
    expect(await screen.findByText('操作员工作量')).toBeInTheDocument();
  });

  it('shows the server refusal in Chinese, with 重试', async () => {
    server.use(answer(consoleReportSummary, { refuse: { status: 400, message: '报表范围不能超过92天' } }));
    renderScreen(<ReportsScreen />);
    expect(await screen.findByText('报表范围不能超过92天')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });

  it('shows 无权访问 to a role the server refuses', async () => {
    server.use(answer(consoleReportSummary, { refuse: { status: 403, message: '无权限执行此操作' } }));
    renderScreen(<ReportsScreen />);
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
  });
});
