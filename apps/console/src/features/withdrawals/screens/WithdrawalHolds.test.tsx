/* The withdrawal review's account-takeover holds (red tag in the queue, red reasons in the drawer,
 * 通过 disabled with the reason), the member facts beside them, and the queue's filter form. */
import {
  consoleWithdrawal,
  consoleWithdrawals,
  type ConsoleWithdrawalDetail,
  type ConsoleWithdrawalRow,
} from '@app/contract/console-money';
import { msgWithdrawalHeld } from '@app/contract/withdrawal-review';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import WithdrawalsScreen from './WithdrawalsScreen';

const holds = [
  { reason: '客服于 11-27 14:03 重置了登录密码', until: '2026-11-28 14:03:00' },
  { reason: '持卡人“李四”与会员实名“张三”不一致', until: '2026-11-28 14:20:00' },
];
const held: ConsoleWithdrawalRow = {
  id: 21,
  order_no: 'W20261127142000000021',
  user_id: 42,
  username: 'zhangsan',
  kind: 'bank',
  amount: '800.00',
  account: '6222000011112222',
  account_name: '李四',
  bank: '招商银行',
  qr_url: '',
  usdt_fee: '0.00',
  usdt_receive: '0.00',
  holds,
  state: 1,
  created_at: '2026-11-27 14:20:00',
  reviewed_by: '',
  reviewed_at: null,
  review_note: '',
  risk_score: 0,
  risk_state: 0,
};
const detail: ConsoleWithdrawalDetail = {
  withdrawal: held,
  member: {
    realname: '张三',
    name_differs: true,
    bound_at: '2026-11-27 14:10:00',
    resets: [{ by: 'kefu01', at: '2026-11-27 14:03:00', kind: '登录密码' }],
    lifetime: { deposits: '5000.00', withdrawals: '3000.00', win_loss: '-1200.00' },
  },
  turnover: { done: '300.00', required: '300.00' },
  balance: '120.00',
  risk: { score: 0, hold_score: 60, flags: [], links: [], state: 0, by: '', at: '', note: '' },
  history: {
    deposits: [],
    withdrawals: [],
    bets: [
      {
        ref: '加拿大28 第3345678期',
        label: '大',
        amount: '10.00',
        state: '未中奖',
        created_at: '2026-11-27 13:00:00',
      },
    ],
  },
  warnings: { account_bound_by: [], account_used_by: [], shared_ips: [] },
};

const open = (route = '/withdrawals') =>
  renderScreen(<WithdrawalsScreen />, { path: route, route: '/withdrawals' });
const list = (rows: ConsoleWithdrawalRow[]) => ({ rows, total: rows.length, newest_pending_id: 21 });

// antd's forms typed into one key at a time: 41 s on a loaded machine, 71 s in a CI run beside others.
describe('WithdrawalsScreen holds and filters', { timeout: 120_000 }, () => {
  it('tags a held withdrawal red in the queue; its 通过 is disabled, 拒绝 is not', async () => {
    server.use(answer(consoleWithdrawals, list([held])));
    open();
    const tag = await screen.findByText('暂缓至 11-28 14:20');
    expect(tag.closest('.ant-tag')).toHaveClass('ant-tag-error');
    const rowEl = tag.closest('tr');
    if (!rowEl) throw new Error('no row');
    expect(within(rowEl).getByRole('button', { name: /通\s*过/ })).toBeDisabled();
    expect(within(rowEl).getByRole('button', { name: /拒\s*绝/ })).toBeEnabled();
  });

  it('the drawer shows every reason in red, the names side by side, resets and lifetime figures', async () => {
    server.use(answer(consoleWithdrawals, list([held])), answer(consoleWithdrawal, detail));
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('W20261127142000000021'));
    const drawer = await screen.findByRole('dialog');
    expect(
      await within(drawer).findByText('疑似账户被盗用：暂缓出款至 11-28 14:20，期间不能通过，可以拒绝'),
    ).toBeInTheDocument();
    for (const h of holds) {
      const reason = within(drawer).getByText(`${h.reason}（至 ${h.until.slice(5, 16)}）`);
      expect(reason).toHaveClass('ant-typography-danger');
    }
    expect(within(drawer).getByText('持卡人 李四')).toHaveClass('ant-typography-danger');
    expect(within(drawer).getByText('会员实名 张三')).toHaveClass('ant-typography-danger');
    expect(within(drawer).getByText('不一致')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-11-27 14:10')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-11-27 14:03 kefu01 重置了登录密码')).toBeInTheDocument();
    expect(within(drawer).getByText('¥5,000.00')).toBeInTheDocument();
    expect(within(drawer).getByText('¥3,000.00')).toBeInTheDocument();
    expect(within(drawer).getByText('输 ¥1,200.00')).toBeInTheDocument();
    expect(within(drawer).getByText('加拿大28 第3345678期')).toBeInTheDocument();
    const approve = within(drawer).getByRole('button', { name: /通\s*过/ });
    expect(approve).toBeDisabled();
    await user.hover(approve.parentElement ?? approve);
    expect(await screen.findByText(msgWithdrawalHeld(holds))).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /拒\s*绝/ })).toBeEnabled();
  });

  it('a withdrawal without holds: no tag, names in plain text, 通过 enabled', async () => {
    const clear = { ...held, holds: [], account_name: '张三' };
    server.use(
      answer(consoleWithdrawals, list([clear])),
      answer(consoleWithdrawal, {
        ...detail,
        withdrawal: clear,
        member: { ...detail.member, name_differs: false },
      }),
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('W20261127142000000021'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('持卡人 张三')).not.toHaveClass('ant-typography-danger');
    expect(within(drawer).queryByText(/疑似账户被盗用/)).toBeNull();
    expect(within(drawer).getByRole('button', { name: /通\s*过/ })).toBeEnabled();
    expect(screen.queryByText(/^暂缓至/)).toBeNull();
  });

  it('the filter form refuses a bad amount in Chinese, then sends the filters to the server', async () => {
    const asked: Record<string, unknown>[] = [];
    server.use(
      answer(consoleWithdrawals, (input) => {
        asked.push(input as Record<string, unknown>);
        return list([held]);
      }),
    );
    open();
    const user = userEvent.setup();
    await screen.findByText('W20261127142000000021');
    const form = screen.getByRole('form', { name: '筛选提现' });
    await user.type(within(form).getByLabelText('最低金额'), '300');
    await user.type(within(form).getByLabelText('最高金额'), '100');
    await user.click(within(form).getByRole('button', { name: /查\s*询/ }));
    expect(await within(form).findByText('最低金额不能大于最高金额')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('最高金额'));
    await user.type(within(form).getByLabelText('最高金额'), 'abc');
    await user.click(within(form).getByRole('button', { name: /查\s*询/ }));
    expect(await within(form).findByText('请输入正确的金额')).toBeInTheDocument();
    const before = asked.length;
    await user.clear(within(form).getByLabelText('最高金额'));
    await user.type(within(form).getByLabelText('最高金额'), '900');
    await user.type(within(form).getByLabelText('会员名'), 'zhang');
    await user.type(within(form).getByLabelText('真实姓名'), '张');
    await user.click(within(form).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(asked.slice(before).at(-1)).toMatchObject({
        username: 'zhang',
        realname: '张',
        min_amount: '300',
        max_amount: '900',
        page: '1',
      }),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('reads the filters from the address', async () => {
    const asked: Record<string, unknown>[] = [];
    server.use(
      answer(consoleWithdrawals, (input) => {
        asked.push(input as Record<string, unknown>);
        return list([]);
      }),
    );
    open('/withdrawals?kind=usdt&order_no=W2026&from=2026-11-01&to=2026-11-27');
    await waitFor(() =>
      expect(asked[0]).toMatchObject({
        kind: 'usdt',
        order_no: 'W2026',
        from: '2026-11-01',
        to: '2026-11-27',
      }),
    );
    expect(await screen.findByDisplayValue('W2026')).toBeInTheDocument();
  });
});
