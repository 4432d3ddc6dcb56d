import { MSG_ACTIVITY_BUDGET } from '@app/contract/activity-limits';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ActivityLimitFields, budgetOk } from './ActivityLimitFields';

function Harness({ initial, onFinish }: { initial: object; onFinish: (v: object) => void }) {
  return (
    <App>
      <Form initialValues={initial} onFinish={onFinish}>
        <ActivityLimitFields />
        <Button htmlType="submit">确定保存</Button>
      </Form>
    </App>
  );
}

describe('the budget and per-member limit of an activity', () => {
  it('takes empty, 0 and yuan with two decimals; refuses anything else', async () => {
    expect(['', '0', '100', '99.99'].every(budgetOk)).toBe(true);
    expect(['abc', '1.234', '-1', '100000000.01'].some(budgetOk)).toBe(false);
    const onFinish = vi.fn();
    render(<Harness initial={{ budget: '12.345' }} onFinish={onFinish} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '确定保存' }));
    expect(await screen.findByText(MSG_ACTIVITY_BUDGET)).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
