import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

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
});
