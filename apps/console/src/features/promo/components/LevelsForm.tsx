import type { VipLevelRow } from '@app/contract/console-promo';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { QueryError } from '@/shared/QueryError';
import { vipLevelsQuery } from '@/shared/promoCosts';

export interface LevelColumn {
  /** The form field of each level's row. */
  field: string;
  title: ReactNode;
  /** The cell's accessible name after the level (真人, 累计存款…). */
  label: string;
  /** What the cell holds: a percent or a yuan amount. */
  unit: '%' | '¥';
  /** A client-side check (the server checks again): the message, or null when fine. */
  check: (text: string) => string | null;
  /** The field's value read from a level. */
  read: (l: VipLevelRow) => string;
  /** A cell that cannot change (VIP1's thresholds). */
  fixed?: (level: number) => boolean;
}

export type LevelsValues = { levels: Record<string, string | number>[] };

/**
 * The ten VIP levels as one table-like form: a row per level, a cell per column, one save. The
 * form reloads whenever the server's levels change (after a save, or another operator's).
 */
interface Props {
  title: string;
  intro: ReactNode;
  columns: LevelColumn[];
  busy: boolean;
  /** The server's refusal of the last save (kept until the next one), or null. */
  error?: string | null;
  onSave: (v: LevelsValues) => void;
}

/**
 * A refusal on screen, one line per reason: the server joins several (every promotion a rebate change
 * would make worth more than 0) with '；'.
 */
function Refusal({ text }: { text: string }) {
  const [first = '', ...rest] = text.split('；');
  return (
    <Alert
      type="error"
      showIcon
      title={first}
      description={
        rest.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {rest.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )
      }
    />
  );
}

export function LevelsForm(props: Props) {
  const query = useQuery(vipLevelsQuery);
  const levels = query.data?.levels;
  return (
    <Card title={props.title}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={props.intro} />
        {props.error && <Refusal text={props.error} />}
        {query.isError && !levels ? (
          <QueryError error={query.error} retry={() => void query.refetch()} />
        ) : (
          // A form of its own for each reading of the levels (a save, or another operator's change
          // read afresh): it starts from what the server holds, never from what was typed before.
          <LevelsTable key={query.dataUpdatedAt} {...props} levels={levels} loading={query.isFetching} />
        )}
      </Space>
    </Card>
  );
}

function LevelsTable(props: Props & { levels: VipLevelRow[] | undefined; loading: boolean }) {
  const [form] = Form.useForm<LevelsValues>();
  const { levels, columns } = props;
  const initial = useMemo(
    () =>
      levels && {
        levels: levels.map((l) => ({
          level: l.level,
          ...Object.fromEntries(columns.map((c) => [c.field, c.read(l)])),
        })),
      },
    [levels, columns],
  );
  return (
    <Form
      form={form}
      initialValues={initial}
      onFinish={() => props.onSave(form.getFieldsValue(true))}
      disabled={props.busy}
    >
      <Table<VipLevelRow>
        rowKey="level"
        size="small"
        loading={props.loading}
        dataSource={levels ?? []}
        columns={levelTableColumns(columns)}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
      />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={props.busy} disabled={!levels}>
          保存
        </Button>
        <Button htmlType="button" onClick={() => form.resetFields()} disabled={props.busy}>
          放弃修改
        </Button>
      </Space>
    </Form>
  );
}

async function levelCheck(c: LevelColumn, text: string): Promise<void> {
  const problem = c.check(text.trim());
  if (problem) throw new Error(problem);
}

function levelTableColumns(columns: LevelColumn[]): TableColumnsType<VipLevelRow> {
  return [
    {
      title: '等级',
      dataIndex: 'level',
      width: 80,
      render: (n: number) => <Typography.Text strong>VIP{n}</Typography.Text>,
    },
    ...columns.map((c) => ({
      title: c.title,
      key: c.field,
      render: (_: unknown, l: VipLevelRow, i: number) => (
        <Form.Item
          name={['levels', i, c.field]}
          style={{ margin: 0 }}
          rules={[{ validator: (_r, v: unknown) => levelCheck(c, String(v ?? '')) }]}
        >
          <Input
            aria-label={`VIP${l.level} ${c.label}`}
            prefix={c.unit === '¥' ? '¥' : undefined}
            suffix={c.unit === '%' ? '%' : undefined}
            disabled={c.fixed?.(l.level) ?? false}
            style={{ maxWidth: c.unit === '%' ? 110 : 170 }}
          />
        </Form.Item>
      ),
    })),
  ];
}
