import { toCsv } from '@app/contract/csv';
import { DATE_FILTER_LABELS, DATE_FILTER_VALUES } from '@app/contract/member';
import { describe, expect, it } from 'vitest';
import { FUNDS_COLUMNS } from './fundsCsv';
import { recordColumns } from './recordsCsv';
import { signedMoney } from './rules';

describe('资金明细 and 导出CSV', () => {
  it.each([
    [25_000, '+250.00'],
    [-10_050, '-100.50'],
    [1, '+0.01'],
    [0, '0.00'],
  ])('signedMoney(%i) = %s', (cents, text) => expect(signedMoney(cents)).toBe(text));

  it('offers the date filters up to 近90天, 近30天 being the spec’s default', () => {
    expect(DATE_FILTER_VALUES.map((d) => DATE_FILTER_LABELS[d])).toEqual([
      '今天',
      '近7天',
      '近15天',
      '近30天',
      '近90天',
    ]);
  });

  it('writes a negative amount as a number and a formula-like reference as text', () => {
    const entry = {
      id: '7',
      reason: 'transfer',
      label: '额度转换',
      amount: -5_000,
      reference: '+SUM(A1)',
      createdAt: Date.UTC(2026, 10, 28, 2),
    };
    expect(toCsv(FUNDS_COLUMNS, [entry])).toBe(
      "\uFEFF时间（北京时间）,类型,金额（元）,备注,流水号\r\n2026-11-28 10:00:00,额度转换,-50.00,'+SUM(A1),7\r\n",
    );
  });

  it("names a record's type, way and state in Chinese", () => {
    const record = {
      orderNo: 'T1',
      amount: 1_000,
      payWay: 'AG真人',
      state: 1,
      createdAt: Date.UTC(2026, 10, 28),
    };
    expect(toCsv(recordColumns(3), [record]).split('\r\n')[1]).toBe(
      'T1,转入,10.00,中心钱包 → AG真人,成功,2026-11-28 08:00:00',
    );
  });
});
