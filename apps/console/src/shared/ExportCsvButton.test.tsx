import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@test/render';
import * as csv from '@app/contract/csv';
import { ExportCsvButton, type FetchPage } from './ExportCsvButton';

interface Row {
  id: number;
  name: string;
  amount: string;
}

const COLUMNS: csv.CsvColumn<Row>[] = [
  { title: 'ID', value: (r) => r.id },
  { title: '会员名', value: (r) => r.name },
  { title: '金额', value: (r) => r.amount },
];

/** A list of `total` rows served `pageSize` at a time; each page resolves when `release` is called. */
function pagedList(total: number) {
  const all = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `m${i + 1}`, amount: `${i}.50` }));
  const fetchPage = vi.fn<FetchPage<Row>>(async (page, pageSize) => ({
    total,
    rows: all.slice((page - 1) * pageSize, page * pageSize),
  }));
  return { all, fetchPage };
}

afterEach(() => vi.restoreAllMocks());

describe('ExportCsvButton', () => {
  it('reads every page one after another and saves them all as one CSV', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const { fetchPage } = pagedList(5);
    let release: () => void = () => {};
    fetchPage.mockImplementationOnce(async (page, pageSize) => {
      await new Promise<void>((resolve) => (release = resolve));
      return { total: 5, rows: pagedList(5).all.slice((page - 1) * pageSize, page * pageSize) };
    });
    renderScreen(<ExportCsvButton list="会员" fetchPage={fetchPage} columns={COLUMNS} pageSize={2} />);
    await userEvent.click(screen.getByRole('button', { name: /导出CSV/ }));
    const busy = await screen.findByRole('button', { name: /导出中/ });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(fetchPage.mock.calls).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    const [name, text] = saved.mock.calls[0] ?? [];
    expect(name).toMatch(/^会员-\d{8}-\d{4}\.csv$/);
    expect(text).toBe(
      '\uFEFFID,会员名,金额\r\n1,m1,0.50\r\n2,m2,1.50\r\n3,m3,2.50\r\n4,m4,3.50\r\n5,m5,4.50\r\n',
    );
    expect(await screen.findByText('已导出 5 条')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导出CSV/ })).toBeEnabled();
  });

  it('shows the progress as pages read out of pages to read', async () => {
    vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const { all } = pagedList(6);
    let release: () => void = () => {};
    const fetchPage = vi.fn<FetchPage<Row>>(async (page, pageSize) => {
      if (page === 2) await new Promise<void>((resolve) => (release = resolve));
      return { total: 6, rows: all.slice((page - 1) * pageSize, page * pageSize) };
    });
    renderScreen(<ExportCsvButton list="存款审核" fetchPage={fetchPage} columns={COLUMNS} pageSize={2} />);
    await userEvent.click(screen.getByRole('button', { name: /导出CSV/ }));
    expect(await screen.findByRole('button', { name: /导出中 1\/3/ })).toBeDisabled();
    release();
    expect(await screen.findByText('已导出 6 条')).toBeInTheDocument();
  });

  it('stops at the cap and says how many rows were left out', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const { fetchPage } = pagedList(7);
    renderScreen(
      <ExportCsvButton list="会员" fetchPage={fetchPage} columns={COLUMNS} pageSize={2} max={3} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /导出CSV/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect((saved.mock.calls[0]?.[1] ?? '').split('\r\n')).toHaveLength(5); // header, 3 rows, ''
    expect(
      await screen.findByText('共 7 条，超过单次导出上限 3 条，只导出了前 3 条；请缩小筛选范围后分批导出'),
    ).toBeInTheDocument();
  });

  it('says in Chinese when a page could not be read, and saves nothing', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const fetchPage = vi.fn<FetchPage<Row>>(async () => {
      throw new Error('网络异常，请检查网络后重试');
    });
    renderScreen(<ExportCsvButton list="会员" fetchPage={fetchPage} columns={COLUMNS} />);
    await userEvent.click(screen.getByRole('button', { name: /导出CSV/ }));
    expect(await screen.findByText('导出失败：网络异常，请检查网络后重试')).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /导出CSV/ })).toBeEnabled();
  });
});
