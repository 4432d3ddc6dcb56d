import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { yuan } from '@/shared/format';
import { sumAmounts } from '../amounts';
import { downloadCsv, toCsv } from '@app/contract/csv';

export interface ReportColumn<R> {
  key: string;
  title: string;
  value: (row: R) => string | number;
  /** An amount (shown as ¥, summed exactly); else a count or a label. */
  money?: boolean;
  /** Added up for the totals row when the server gives none (counts and amounts). */
  sum?: boolean;
  /** Words (a name, a role): aligned left like the first column; figures are right-aligned. */
  text?: boolean;
}

interface Props<R> {
  title: string;
  /** The table's name in the CSV file's name. */
  file: string;
  range: { from: string; to: string };
  columns: ReportColumn<R>[];
  rows: R[];
  /** The range's totals from the server; else the columns marked `sum` are added up here. */
  totals?: R;
  extra?: ReactNode;
}

type Cell = string | number;

function summed<R>(columns: ReportColumn<R>[], rows: R[]): Record<string, Cell> {
  return Object.fromEntries(
    columns.map((c, i) => {
      if (i === 0) return [c.key, '合计'];
      if (!c.sum) return [c.key, ''];
      const values = rows.map((r) => c.value(r));
      return [
        c.key,
        c.money ? sumAmounts(values.map(String)) : values.reduce<number>((s, v) => s + Number(v), 0),
      ];
    }),
  );
}

const alignOf = <R,>(c: ReportColumn<R>, i: number) => (i === 0 || c.text ? 'left' : 'right');

const cellsOf = <R,>(columns: ReportColumn<R>[], row: R): Record<string, Cell> =>
  Object.fromEntries(columns.map((c, i) => [c.key, i === 0 && c.value(row) === '' ? '合计' : c.value(row)]));

/** A report table with its totals row and 导出CSV (the same cells as shown, amounts unformatted). */
export function ReportTable<R>({ title, file, range, columns, rows, totals, extra }: Props<R>) {
  const data = rows.map((r) => cellsOf(columns, r));
  const total = totals ? cellsOf(columns, totals) : summed(columns, rows);
  const show = (c: ReportColumn<R>, v: Cell) => (c.money && v !== '' ? yuan(v) : v);
  const tableColumns: ColumnsType<Record<string, Cell>> = columns.map((c, i) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.title,
    align: alignOf(c, i),
    render: (v: Cell) => show(c, v),
  }));
  const exportCsv = () => {
    const csvColumns = columns.map((c) => ({
      title: c.title,
      value: (r: Record<string, Cell>) => r[c.key] ?? '',
    }));
    downloadCsv(`${file}_${range.from}至${range.to}.csv`, toCsv(csvColumns, [...data, total]));
  };
  return (
    <Card
      size="small"
      title={title}
      extra={
        <>
          {extra}
          <Button size="small" icon={<DownloadOutlined />} onClick={exportCsv} disabled={rows.length === 0}>
            导出CSV
          </Button>
        </>
      }
      style={{ marginBottom: 16 }}
    >
      <Table<Record<string, Cell>>
        size="small"
        rowKey={(r) => String(r[columns[0]?.key ?? ''])}
        columns={tableColumns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '所选日期内暂无数据' }}
        summary={() =>
          rows.length === 0 ? null : (
            <Table.Summary>
              <Table.Summary.Row>
                {columns.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i} align={alignOf(c, i)}>
                    <Typography.Text strong>{show(c, total[c.key] ?? '')}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          )
        }
      />
    </Card>
  );
}
