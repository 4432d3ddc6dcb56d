/* The withdrawal review's risk (issue 31): 待风控 in the queue, the panel's score, flags and linked
 * accounts, 风控放行 with a required note for 风控 only, and 通过 hidden from 风控. */
import {
  consoleWithdrawal,
  consoleWithdrawals,
  type ConsoleWithdrawalDetail,
} from '@app/contract/console-money';
import { consoleClearWithdrawalRisk, MSG_RISK_NOTE, msgRiskWaiting } from '@app/contract/console-risk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import WithdrawalsScreen from './WithdrawalsScreen';

const waiting = {
  id: 31,
  order_no: 'W20261128010000000031',
  user_id: 52,
  username: 'wangwu01',
  kind: 'bank',
  amount: '900.00',
  account: '6222000011113333',
  account_name: '王五',
  bank: '招商银行',
  qr_url: '',
  usdt_fee: '0.00',
  usdt_receive: '0.00',
  holds: [],
  risk_score: 60,
  risk_state: 1,
  state: 1,
  created_at: '2026-11-28 01:00:00',
  reviewed_by: '',
  reviewed_at: null,
  review_note: '',
};
const detail: ConsoleWithdrawalDetail = {
  withdrawal: waiting,
  turnover: { done: '900.00', required: '900.00' },
  balance: '0.00',
  member: {
    realname: '王五',
    name_differs: false,
    bound_at: '2026-10-01 09:00:00',
    resets: [],
    lifetime: { deposits: '900.00', withdrawals: '0.00', win_loss: '0.00' },
  },
  history: { deposits: [], withdrawals: [], bets: [] },
  warnings: { account_bound_by: [], account_used_by: [], shared_ips: [] },
  risk: {
    score: 60,
    hold_score: 60,
    flags: [
      { flag: 'first_withdrawal', label: '首次提现', points: 20, detail: '' },
      { flag: 'linked', label: '存在关联账户', points: 40, detail: '1个：zhaoliu02' },
    ],
    links: [
      {
        user_id: 53,
        username: 'zhaoliu02',
        score: 80,
        reasons: [{ kind: 'mobile', label: '同手机号', value: '13912345678' }],
        deposits: '1000.00',
        bonuses: '88.00',
        withdrawals: '500.00',
      },
    ],
    state: 1,
    by: '',
    at: '',
    note: '',
  },
};
const list = { rows: [waiting], total: 1, newest_pending_id: 31 };
const asRisk = { ...TEST_OPERATOR, name: 'fengkong01', role: 'risk' as const };

describe('WithdrawalsScreen risk', { timeout: 60_000 }, () => {
  it('财务: 待风控 in the queue, 通过 disabled with the reason; the panel lists flags and linked accounts', async () => {
    server.use(answer(consoleWithdrawals, list), answer(consoleWithdrawal, detail));
    renderScreen(<WithdrawalsScreen />, { path: '/withdrawals' });
    const tag = await screen.findByText('待风控 60分');
    const row = tag.closest('tr');
    if (!row) throw new Error('no row');
    const approve = within(row).getByRole('button', { name: /通\s*过/ });
    expect(approve).toBeDisabled();
    const user = userEvent.setup();
    await user.hover(approve.parentElement ?? approve);
    expect(await screen.findByText(msgRiskWaiting(60))).toBeInTheDocument();
    await user.click(screen.getByText('W20261128010000000031'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('60 分 / 风控线 60')).toBeInTheDocument();
    expect(within(drawer).getByText('风险评分达到风控线：须风控放行后，财务才能通过')).toBeInTheDocument();
    expect(within(drawer).getByText('：1个：zhaoliu02')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'zhaoliu02' })).toHaveAttribute('href', '/members/53');
    expect(within(drawer).getByText('同手机号')).toBeInTheDocument();
    expect(within(drawer).getByText('¥88.00')).toBeInTheDocument();
    // Only 风控 clears.
    expect(within(drawer).queryByRole('button', { name: '风控放行' })).toBeNull();
  });

  it('风控: no 通过; 风控放行 asks a note, sends it and reads the queue again', async () => {
    const sent: { id: number; note: string }[] = [];
    server.use(
      answer(consoleWithdrawals, list),
      answer(consoleWithdrawal, detail),
      answer(consoleClearWithdrawalRisk, (input) => {
        sent.push(input as { id: number; note: string });
        return { id: 31, risk_state: 2 };
      }),
    );
    renderScreen(<WithdrawalsScreen />, { path: '/withdrawals', operator: asRisk });
    const tag = await screen.findByText('待风控 60分');
    const row = tag.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(within(row).getByRole('button', { name: /拒\s*绝/ })).toBeEnabled();
    const user = userEvent.setup();
    await user.click(screen.getByText('W20261128010000000031'));
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: '风控放行' }));
    const title = await screen.findByText('风控放行 W20261128010000000031');
    const modal = title.closest<HTMLElement>('.ant-modal');
    if (!modal) throw new Error('no modal');
    await user.click(within(modal).getByRole('button', { name: /确认放行/ }));
    expect(await within(modal).findByText(MSG_RISK_NOTE)).toBeInTheDocument();
    await user.type(within(modal).getByRole('textbox'), '已电话核实');
    await user.click(within(modal).getByRole('button', { name: /确认放行/ }));
    await waitFor(() => expect(sent).toEqual([{ id: 31, note: '已电话核实' }]));
    expect(await screen.findByText('已放行提现 W20261128010000000031，等待财务审核')).toBeInTheDocument();
  });
});
