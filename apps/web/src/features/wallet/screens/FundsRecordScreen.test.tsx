import * as csv from '@app/contract/csv';
import type { ReplyOf } from '@app/contract/define';
import { fundsRecords, fundsSummary } from '@app/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, reply } from '@app/mobile/test/msw-contract';
import { server } from '@test/msw/server';
import { withOffsetParents } from '@test/layout';
import { renderApp } from '@test/render';

type Wire = NonNullable<ReplyOf<typeof fundsRecords>['data']>[number];

const ENTRIES: Wire[] = [
  {
    id: '31',
    reason: 'deposit',
    label: '存款入账',
    amount: '250.00',
    reference: 'D20261128000001',
    created_at: '2026-11-28 10:00:00',
  },
  {
    id: '30',
    reason: 'withdrawal',
    label: '提款冻结',
    amount: '-100.00',
    reference: 'W20261127000001',
    created_at: '2026-11-27 09:30:00',
  },
  // A venue an operator named like a formula: the file must not run it.
  {
    id: '29',
    reason: 'transfer',
    label: '额度转换',
    amount: '-10.00',
    reference: '=HYPERLINK("x")',
    created_at: '2026-11-26 08:00:00',
  },
];

/** 资金明细 of `total` entries, `size` a page (the ENTRIES over and over), recording each request. */
function entries(total: number, size = 20) {
  const sent: { date: number; page: number }[] = [];
  server.use(
    http.post(fundsRecords.path, async ({ request }) => {
      const body = (await request.json()) as { date: number; page: number };
      sent.push(body);
      const from = (body.page - 1) * size;
      const data = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => {
        const e = ENTRIES[(from + i) % ENTRIES.length] as Wire;
        return { ...e, id: String(1000 - from - i) };
      });
      return HttpResponse.json({ code: 200, message: 'ok', data: { data, total } });
    }),
  );
  return sent;
}

describe('/fundsRecord', () => {
  withOffsetParents();
  afterEach(() => vi.restoreAllMocks());

  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/fundsRecord');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2FfundsRecord'));
  });

  it('shows the lifetime net deposits on top: deposits, withdrawals and the net, red when negative', async () => {
    server.use(reply(fundsSummary, { deposits: '300.00', withdrawals: '500.50', net: '-200.50' }));
    renderApp('/fundsRecord', { token: 'tok' });
    const card = await screen.findByRole('region', { name: '累计净存款' });
    await waitFor(() => expect(within(card).getByTestId('funds-net')).toHaveTextContent('-200.50'));
    expect(within(card).getByTestId('funds-net')).toHaveClass('funds-out');
    expect(card).toHaveTextContent('存款 − 提款');
    expect(card).toHaveTextContent('累计存款300.00');
    expect(card).toHaveTextContent('累计提款500.50');
  });

  it('lists the entries signed, in green and red, newest first, 近30天 by default', async () => {
    const sent = entries(3);
    renderApp('/fundsRecord', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '资金明细' });
    const [deposit, withdrawal] = within(list).getAllByRole('listitem');
    expect(deposit).toHaveTextContent('存款入账');
    expect(deposit).toHaveTextContent('2026-11-28 10:00:00');
    expect(deposit).toHaveTextContent('D20261128000001');
    expect(within(deposit as HTMLElement).getByText('+250.00')).toHaveClass('funds-in');
    expect(within(withdrawal as HTMLElement).getByText('-100.00')).toHaveClass('funds-out');
    expect(sent[0]).toEqual({ date: 4, page: 1 });
    expect(screen.getByRole('button', { name: '近30天' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
  });

  it('reaches back 90 days with 近90天', async () => {
    const sent = entries(0);
    const { user } = renderApp('/fundsRecord', { token: 'tok' });
    expect(await screen.findByText('暂无资金明细')).toBeInTheDocument();
    const labels = within(screen.getByRole('group', { name: '日期' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels).toEqual(['今天', '近7天', '近15天', '近30天', '近90天']);
    await user.click(screen.getByRole('button', { name: '近90天' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ date: 5, page: 1 }));
    expect(screen.getByRole('button', { name: '近90天' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says what went wrong and retries when the entries cannot be read', async () => {
    server.use(fail(fundsRecords, 500, '服务器繁忙'));
    const { user } = renderApp('/fundsRecord', { token: 'tok' });
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器繁忙');
    entries(1);
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('list', { name: '资金明细' })).toBeInTheDocument();
  });

  it('导出CSV saves every page of the filter: BOM, Chinese titles, signed yuan, no formula', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const sent = entries(25);
    const { user } = renderApp('/fundsRecord', { token: 'tok' });
    await screen.findByRole('list', { name: '资金明细' });
    await user.click(screen.getByRole('button', { name: '近90天' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ date: 5, page: 2 }));
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '导出CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const [name, text = ''] = saved.mock.calls[0] ?? [];
    expect(name).toMatch(/^资金明细-\d{8}-\d{4}\.csv$/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFF时间（北京时间）,类型,金额（元）,备注,流水号');
    expect(lines[1]).toBe('2026-11-28 10:00:00,存款入账,250.00,D20261128000001,1000');
    expect(lines[2]).toBe('2026-11-27 09:30:00,提款冻结,-100.00,W20261127000001,999');
    expect(lines[3]).toBe(`2026-11-26 08:00:00,额度转换,-10.00,"'=HYPERLINK(""x"")",998`);
    expect(lines).toHaveLength(27); // the header, 25 entries and the final CRLF
    // After the list's own pages, the export's: both pages, with the screen's filter.
    expect(sent.slice(-2)).toEqual([
      { date: 5, page: 1 },
      { date: 5, page: 2 },
    ]);
    expect(await screen.findByText('已导出 25 条')).toBeInTheDocument();
  });

  it('导出CSV is disabled while it reads (导出中…), and a failure says so in Chinese', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    entries(3);
    const { user } = renderApp('/fundsRecord', { token: 'tok' });
    await screen.findByRole('list', { name: '资金明细' });
    let release: () => void = () => {};
    server.use(
      http.post(fundsRecords.path, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ code: 500, message: '服务器繁忙', data: null }, { status: 500 });
      }),
    );
    await user.click(screen.getByRole('button', { name: '导出CSV' }));
    expect(await screen.findByRole('button', { name: '导出中…' })).toBeDisabled();
    release();
    expect(await screen.findByText('导出失败：服务器繁忙')).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '导出CSV' })).toBeEnabled();
  });
});
