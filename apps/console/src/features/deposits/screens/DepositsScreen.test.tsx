import {
  consoleApproveDeposit,
  consoleDeposits,
  consoleRejectDeposit,
  type ConsoleDepositRow,
} from '@app/contract/console-money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import DepositsScreen from './DepositsScreen';

const beijing = (msAgo: number) => {
  const d = new Date(Date.now() - msAgo + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};

const row = (over: Partial<ConsoleDepositRow> = {}): ConsoleDepositRow => ({
  id: 7,
  deposit_no: 'D20261125103100000001',
  user_id: 42,
  username: 'zhangsan',
  paytype: 'bank',
  protocol: '',
  amount: '500.00',
  usdt_amount: '0.00',
  payer_name: '张三',
  payer_bank: '招商银行',
  payer_card_no: '6222000011112222',
  voucher_url: '/api/uploads/abababababababababababababababab.png',
  state: 1,
  created_at: beijing(12 * 60_000 + 5_000),
  reviewed_by: '',
  reviewed_at: null,
  review_note: '',
  ...over,
});

const usdt = row({
  id: 8,
  deposit_no: 'D20261125103100000002',
  username: 'lisi',
  paytype: 'usdt',
  protocol: 'TRC20',
  amount: '720.00',
  usdt_amount: '100.00',
  voucher_url: '',
  created_at: beijing(75 * 60_000),
});

// antd's table is heavy in jsdom: a loaded machine needs more than the default time.
describe('DepositsScreen', { timeout: 60_000 }, () => {
  it('lists pending deposits: member link, method, USDT due, voucher, age (overdue in red)', async () => {
    let asked: Record<string, unknown> = {};
    server.use(
      answer(consoleDeposits, (input) => {
        asked = input as Record<string, unknown>;
        return { rows: [row(), usdt], total: 2 };
      }),
    );
    renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    expect(await screen.findByText('D20261125103100000001')).toBeInTheDocument();
    expect(asked).toMatchObject({ state: '1', page: '1' });
    expect(screen.getByText('zhangsan').closest('a')).toHaveAttribute('href', '/members/42');
    expect(screen.getByText('银行卡转账')).toBeInTheDocument();
    expect(screen.getByText('USDT-TRC20')).toBeInTheDocument();
    expect(screen.getByText('应付 100.00 USDT')).toBeInTheDocument();
    expect(screen.getByAltText('付款凭证')).toHaveAttribute('src', row().voucher_url);
    // The clock the screen read and the row's time are seconds apart on a slow machine.
    expect(screen.getByText(/^1[1-3]分钟$/)).toBeInTheDocument();
    expect(screen.getByText(/^1小时1[45]分钟（超时）$/)).toBeInTheDocument();
  });

  it('shows who reviewed a reviewed deposit, and the empty state', async () => {
    server.use(
      answer(consoleDeposits, (input) =>
        String(input.state) === '3'
          ? {
              rows: [
                row({
                  state: 3,
                  reviewed_by: 'caiwu02',
                  reviewed_at: '2026-11-25 10:31:00',
                  review_note: '未到账',
                }),
              ],
              total: 1,
            }
          : { rows: [], total: 0 },
      ),
    );
    renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('已拒绝'));
    expect(await screen.findByText('已拒绝 · caiwu02')).toBeInTheDocument();
    expect(screen.getByText('原因：未到账')).toBeInTheDocument();
    expect(screen.getByText('2026-11-25 10:31')).toBeInTheDocument();
  });

  it('reject needs a reason, then sends it', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleDeposits, { rows: [row()], total: 1 }),
      answer(consoleRejectDeposit, (input) => {
        sent = input;
        return { id: 7, order_no: row().deposit_no, amount: '500.00', state: 3 };
      }),
    );
    renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    const user = userEvent.setup();
    await user.click(await screen.findByText(/^拒\s*绝$/));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('确认拒绝'));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(within(dialog).getByLabelText('拒绝原因'), '凭证与金额不符');
    await user.click(within(dialog).getByText('确认拒绝'));
    await waitFor(() => expect(sent).toEqual({ id: 7, reason: '凭证与金额不符' }));
    expect(await screen.findByText(/已拒绝存款/)).toBeInTheDocument();
  });

  it('a 409 shows the server message (who and when) and reads the list again', async () => {
    let reads = 0;
    server.use(
      answer(consoleDeposits, () => {
        reads += 1;
        return reads === 1
          ? { rows: [row()], total: 1 }
          : {
              rows: [row({ state: 2, reviewed_by: 'caiwu02', reviewed_at: '2026-11-25 10:31:00' })],
              total: 1,
            };
      }),
      answer(consoleApproveDeposit, {
        refuse: { status: 409, message: '该存款已由 caiwu02 于 2026-11-25 10:31 通过' },
      }),
    );
    renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    const user = userEvent.setup();
    await user.click(await screen.findByText(/^通\s*过$/));
    await user.click(await screen.findByText('确认通过'));
    expect(await screen.findByText('该存款已由 caiwu02 于 2026-11-25 10:31 通过')).toBeInTheDocument();
    expect(await screen.findByText('已通过 · caiwu02')).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('a list that fails to load says why and retries', async () => {
    let fail = true;
    server.use(
      answer(consoleDeposits, () =>
        fail ? { refuse: { status: 500, message: '服务器繁忙' } } : { rows: [row()], total: 1 },
      ),
    );
    renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByText(/^重\s*试$/));
    expect(await screen.findByText('D20261125103100000001')).toBeInTheDocument();
  });
});
