import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Form } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { WindowCell, WindowFields } from './WindowFields';
import { MSG_WINDOW_ORDER, windowFormProblem, windowInitial, windowPayload } from './timeWindow';

/** A form holding only the fields under test, submitted by 确定保存. */
function Harness({ initial, onFinish }: { initial: object; onFinish: (v: object) => void }) {
  return (
    <App>
      <Form initialValues={initial} onFinish={onFinish}>
        <WindowFields />
        <Button htmlType="submit">确定保存</Button>
      </Form>
    </App>
  );
}

describe('the window of a form', () => {
  it('converts to and from the wire and checks the order', () => {
    const v = windowInitial({ starts_at: '2026-12-01 10:00', ends_at: null });
    expect(v.starts_at?.format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 10:00');
    expect(v.ends_at).toBeNull();
    expect(windowPayload(v)).toEqual({ starts_at: '2026-12-01 10:00', ends_at: null });
    expect(windowPayload({})).toEqual({ starts_at: null, ends_at: null });
    const start = dayjs('2026-12-01T10:00');
    expect(windowFormProblem({ starts_at: start, ends_at: start })).toBe(MSG_WINDOW_ORDER);
    expect(windowFormProblem({ starts_at: start, ends_at: start.subtract(1, 'minute') })).toBe(
      MSG_WINDOW_ORDER,
    );
    expect(windowFormProblem({ starts_at: start, ends_at: start.add(1, 'minute') })).toBeNull();
    expect(windowFormProblem({ starts_at: null, ends_at: start })).toBeNull();
  });

  it('refuses an end not after the start, sending nothing', async () => {
    const onFinish = vi.fn();
    const at = dayjs('2026-12-01T10:00');
    render(<Harness initial={{ starts_at: at, ends_at: at.subtract(1, 'hour') }} onFinish={onFinish} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '确定保存' }));
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('takes an empty window and one in order', async () => {
    const onFinish = vi.fn();
    const at = dayjs('2026-12-01T10:00');
    render(<Harness initial={{ starts_at: at, ends_at: at.add(1, 'day') }} onFinish={onFinish} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '确定保存' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('结束时间须晚于开始时间')).toBeNull();
  });

  it('tags a row 未开始 / 展示中 / 已结束', () => {
    const nowMs = Date.parse('2026-12-01T02:00:00Z'); // 10:00 Beijing
    const { rerender } = render(
      <WindowCell row={{ starts_at: '2026-12-01 11:00', ends_at: null }} nowMs={nowMs} />,
    );
    expect(screen.getByText('未开始')).toBeInTheDocument();
    rerender(<WindowCell row={{ starts_at: '2026-12-01 10:00', ends_at: null }} nowMs={nowMs} />);
    expect(screen.getByText('展示中')).toBeInTheDocument();
    rerender(<WindowCell row={{ starts_at: null, ends_at: '2026-12-01 10:00' }} nowMs={nowMs} />);
    expect(screen.getByText('已结束')).toBeInTheDocument();
  });
});
