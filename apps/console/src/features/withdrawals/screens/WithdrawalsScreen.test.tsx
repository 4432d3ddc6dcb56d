import {
  consoleApproveWithdrawal,
  consoleRejectWithdrawal,
  consoleWithdrawal,
  consoleWithdrawals,
  type ConsoleWithdrawalDetail,
  type ConsoleWithdrawalRow,
} from '@app/contract/console-money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import WithdrawalsScreen from './WithdrawalsScreen';

const row = (over: Partial<ConsoleWithdrawalRow> = {}): ConsoleWithdrawalRow => ({
  id: 11,
  order_no: 'W20261125103100000001',
  user_id: 42,
  username: 'zhangsan',
  kind: 'bank',
  amount: '800.00',
  account: '6222000011112222',
  account_name: '张三',
  bank: '招商银行',
  qr_url: '',
  usdt_fee: '0.00',
  usdt_receive: '0.00',
  holds: [],
  state: 1,
  created_at: '2026-11-25 10:20:00',
  reviewed_by: '',
  reviewed_at: null,
  review_note: '',
  risk_score: 0,
  risk_state: 0,
  ...over,
});
const usdt = row({
  id: 12,
  order_no: 'W20261125103100000002',
  username: 'lisi',
  kind: 'usdt',
  account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  account_name: 'TRC20',
  bank: '',
  usdt_fee: '1.00',
  usdt_receive: '99.00',
});

const detail: ConsoleWithdrawalDetail = {
  withdrawal: row(),
  turnover: { done: '300.00', required: '1000.00' },
  balance: '120.00',
  risk: { score: 0, hold_score: 60, flags: [], links: [], state: 0, by: '', at: '', note: '' },
  member: {
    realname: '张三',
    name_differs: false,
    bound_at: '2026-10-01 09:00:00',
    resets: [],
    lifetime: { deposits: '5000.00', withdrawals: '3000.00', win_loss: '-1200.00' },
  },
  history: {
    deposits: [
      {
        ref: 'D1',
        label: '银行卡转账',
        amount: '1000.00',
        state: '已通过',
        created_at: '2026-11-24 09:00:00',
      },
    ],
    withdrawals: [
      {
        ref: 'W20261125103100000001',
        label: '银行卡',
        amount: '800.00',
        state: '审核中',
        created_at: '2026-11-25 10:20:00',
      },
    ],
    bets: [
      { ref: 'AG', label: '真人视讯', amount: '300.00', state: '已结算', created_at: '2026-11-24 20:00:00' },
    ],
  },
  warnings: {
    account_bound_by: [{ user_id: 77, username: 'wangwu' }],
    account_used_by: [],
    shared_ips: [
      {
        ip: '203.0.113.9',
        members: [
          { user_id: 78, username: 'zhaoliu' },
          { user_id: 79, username: 'sunqi' },
        ],
      },
    ],
  },
};

const open = () => renderScreen(<WithdrawalsScreen />, { path: '/withdrawals', route: '/withdrawals' });

// antd's table is heavy in jsdom: a loaded machine needs more than the default time.
describe('WithdrawalsScreen', { timeout: 60_000 }, () => {
  it('lists withdrawals: kind, destination, USDT fee and amount received', async () => {
    server.use(answer(consoleWithdrawals, { rows: [row(), usdt], total: 2, newest_pending_id: 12 }));
    open();
    expect(await screen.findByText('W20261125103100000001')).toBeInTheDocument();
    expect(screen.getByText('zhangsan').closest('a')).toHaveAttribute('href', '/members/42');
    expect(screen.getByText('银行卡')).toBeInTheDocument();
    expect(screen.getByText('6222000011112222')).toBeInTheDocument();
    expect(screen.getByText('招商银行 · 张三')).toBeInTheDocument();
    expect(screen.getByText('到账 99.00 USDT')).toBeInTheDocument();
    expect(screen.getByText('手续费 1.00 USDT')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('the drawer shows turnover, history and the warnings naming the other members', async () => {
    server.use(
      answer(consoleWithdrawals, { rows: [row()], total: 1, newest_pending_id: 11 }),
      answer(consoleWithdrawal, detail),
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('W20261125103100000001'));
    expect(await screen.findByText('此收款账户也被其他会员绑定')).toBeInTheDocument();
    expect(screen.getByText('wangwu').closest('a')).toHaveAttribute('href', '/members/77');
    expect(screen.getByText('该会员的登录IP也被其他会员使用')).toBeInTheDocument();
    expect(screen.getByText(/203\.0\.113\.9/)).toBeInTheDocument();
    expect(screen.getByText('zhaoliu')).toBeInTheDocument();
    expect(screen.getByText('已完成 ¥300.00 / 需完成 ¥1,000.00')).toBeInTheDocument();
    expect(screen.getByText('真人视讯')).toBeInTheDocument();
    expect(screen.getByText('银行卡转账')).toBeInTheDocument();
  });

  it('reject from the drawer needs a reason, then sends it', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleWithdrawals, { rows: [row()], total: 1, newest_pending_id: 11 }),
      answer(consoleWithdrawal, detail),
      answer(consoleRejectWithdrawal, (input) => {
        sent = input;
        return { id: 11, order_no: row().order_no, amount: '800.00', state: 3 };
      }),
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('W20261125103100000001'));
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByText(/^拒\s*绝$/));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('确认拒绝'));
    if (!dialog) throw new Error('no reject dialog');
    await user.click(within(dialog).getByText('确认拒绝'));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(within(dialog).getByLabelText('拒绝原因'), '收款人与会员不符');
    await user.click(within(dialog).getByText('确认拒绝'));
    await waitFor(() => expect(sent).toEqual({ id: 11, reason: '收款人与会员不符' }));
  });

  it('a 409 shows the server message naming who and reads the list again', async () => {
    let reads = 0;
    server.use(
      answer(consoleWithdrawals, () => {
        reads += 1;
        return reads === 1
          ? { rows: [row()], total: 1, newest_pending_id: 11 }
          : {
              rows: [row({ state: 2, reviewed_by: 'caiwu02', reviewed_at: '2026-11-25 10:31:00' })],
              total: 1,
              newest_pending_id: 0,
            };
      }),
      answer(consoleApproveWithdrawal, {
        refuse: { status: 409, message: '该提现已由 caiwu02 于 2026-11-25 10:31 通过' },
      }),
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText(/^通\s*过$/));
    await user.click(await screen.findByText('确认通过'));
    expect(await screen.findByText('该提现已由 caiwu02 于 2026-11-25 10:31 通过')).toBeInTheDocument();
    expect(await screen.findByText('已通过 · caiwu02')).toBeInTheDocument();
    // Read again after the refusal (and, on a slow machine, by the 15 s refresh too).
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
