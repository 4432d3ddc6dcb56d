import { describe, expect, it, vi } from 'vitest';
import { csvCell, exportFileName, fetchAllPages, toCsv, type PageReader } from './csv';

describe('csv', () => {
  it('starts with a BOM, ends lines with CRLF, quotes commas, quotes and line breaks', () => {
    const text = toCsv(
      [{ title: '名称', value: (r: { n: string }) => r.n }],
      [{ n: 'a,b' }, { n: '说"好"' }],
    );
    expect(text).toBe('\uFEFF名称\r\n"a,b"\r\n"说""好"""\r\n');
    expect(csvCell('一\n二')).toBe('"一\n二"');
  });

  it('neutralises cells that a spreadsheet would run as a formula, but keeps numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('-50.00')).toBe('-50.00');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('1234.50')).toBe('1234.50');
  });

  it('names the file by the list and the local time', () => {
    expect(exportFileName('操作日志', new Date(2026, 10, 28, 9, 5))).toBe('操作日志-20261128-0905.csv');
  });
});

describe('fetchAllPages', () => {
  /** A list of `total` numbers served `size` at a time (the server's page size). */
  const list = (total: number, size: number) =>
    vi.fn<PageReader<number>>(async (page) => ({
      total,
      rows: Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size),
    }));

  it('reads page after page at the size the server chose, reporting progress', async () => {
    const read = list(7, 3);
    const progress: [number, number][] = [];
    const all = await fetchAllPages(read, 100, (done, pages) => progress.push([done, pages]));
    expect(all).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7], total: 7, capped: false });
    expect(read.mock.calls.map(([p]) => p)).toEqual([1, 2, 3]);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('stops at the cap and says the list was longer', async () => {
    const read = list(50, 10);
    expect(await fetchAllPages(read, 15)).toMatchObject({ total: 50, capped: true });
    expect((await fetchAllPages(read, 15)).rows).toHaveLength(15);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('stops on an empty page when the list shrank while it was read, and on an empty list', async () => {
    const read = vi.fn<PageReader<number>>(async (page) => ({ total: 10, rows: page === 1 ? [1, 2] : [] }));
    expect(await fetchAllPages(read, 100)).toEqual({ rows: [1, 2], total: 10, capped: false });
    expect(read).toHaveBeenCalledTimes(2);
    expect(await fetchAllPages(list(0, 10), 100)).toEqual({ rows: [], total: 0, capped: false });
  });
});
