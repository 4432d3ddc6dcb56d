/* 开始时间 / 结束时间 fields of a form (both optional, Beijing time), and the list's window column. */
import { WINDOW_STATE_LABELS, windowState, type WindowState } from '@app/contract/time-window';
import { DatePicker, Form, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { windowFormProblem, WINDOW_FORMAT } from './timeWindow';

const STATE_COLOURS: Record<WindowState, string> = { pending: 'blue', live: 'green', ended: 'default' };

/** The two pickers; 结束时间 is checked against 开始时间 (结束时间须晚于开始时间). */
export function WindowFields({ what = '展示' }: { what?: string }) {
  return (
    <Space size="middle" wrap>
      <Form.Item label="开始时间" name="starts_at" extra={`留空：立即${what}`}>
        <DatePicker showTime={{ format: 'HH:mm' }} format={WINDOW_FORMAT} allowClear aria-label="开始时间" />
      </Form.Item>
      <Form.Item
        label="结束时间"
        name="ends_at"
        extra={`留空：一直${what}`}
        dependencies={['starts_at']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_: unknown, end: Dayjs | null | undefined) => {
              const problem = windowFormProblem({
                starts_at: getFieldValue('starts_at') as Dayjs | null,
                ends_at: end,
              });
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          }),
        ]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format={WINDOW_FORMAT} allowClear aria-label="结束时间" />
      </Form.Item>
    </Space>
  );
}

/** A row's window and its state now: 未开始 / 展示中 / 已结束. */
export function WindowCell({
  row,
  nowMs,
}: {
  row: { starts_at: string | null; ends_at: string | null };
  nowMs?: number;
}) {
  // The moment the list was drawn (a refetch draws it again).
  const [drawnAt] = useState(() => Date.now());
  const state = windowState(row, nowMs ?? drawnAt);
  return (
    <Space direction="vertical" size={0}>
      <Tag color={STATE_COLOURS[state]}>{WINDOW_STATE_LABELS[state]}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.starts_at ?? '不限'} ～ {row.ends_at ?? '不限'}
      </Typography.Text>
    </Space>
  );
}
