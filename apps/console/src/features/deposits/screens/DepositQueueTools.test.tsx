import { reviewSubmittedMessage } from '@app/contract/console-approvals';
import { consoleDeposits, type ConsoleDepositRow } from '@app/contract/console-money';
import {
  consoleBulkApproveDeposits,
  consoleBulkRejectDeposits,
  consoleClaimDeposit,
  consoleLateDeposit,
  MSG_BULK_REASON,
  MSG_LATE_REASON,
} from '@app/contract/console-queue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import DepositsScreen from './DepositsScreen';

const beijing = (msAgo: number) =>
  new Date(Date.now() - msAgo + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

const row = (over: Partial<ConsoleDepositRow> = {}): ConsoleDepositRow => ({
  id: 7,
  deposit_no: 'D20261125103100000007',
  user_id: 42,
  username: 'zhangsan',
  realname: '',
  paytype: 'alipay',
  protocol: '',
  amount: '500.00',
  usdt_amount: '0.00',
  payer_name: '',
  payer_bank: '',
  payer_card_no: '',
  voucher_url: '',
  state: 1,
  created_at: beijing(5 * 60_000),
  reviewed_by: '',
  reviewed_at: null,
  review_note: '',
  claimed_by: '',
  claim_expires_at: null,
  ...over,
});
const fresh = row();
const expired = row({
  id: 8,
  deposit_no: 'D20261125103100000008',
  username: 'lisi',
  created_at: beijing(90 * 60_000),
});
const held = row({
  id: 9,
  deposit_no: 'D20261125103100000009',
  claimed_by: 'caiwu02',
  claim_expires_at: '2026-11-25 11:00:00',
});
const page = (rows: ConsoleDepositRow[]) => ({ rows, total: rows.length, newest_pending_id: 9 });
const open = () => renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });

describe('deposit queue tools', { timeout: 120_000 }, () => {
  it('bulk reject needs one reason, then shows each result', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleDeposits, page([fresh, expired])),
      answer(consoleBulkRejectDeposits, (input) => {
        sent = input;
        return {
          done: 1,
          failed: 1,
          results: [
            { id: 7, ok: true, message: '已拒绝' },
            { id: 8, ok: false, message: '该订单已由caiwu02领取' },
          ],
        };
      }),
    );
    open();
    const user = userEvent.setup();
    await screen.findByText(fresh.deposit_no);
    for (const box of screen.getAllByRole('checkbox').slice(1)) await user.click(box);
    expect(screen.getByText('已选 2 笔')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '批量拒绝' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('批量拒绝（已选 2 笔）')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确认拒绝' }));
    expect(await within(dialog).findByText(MSG_BULK_REASON)).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(within(dialog).getByLabelText('拒绝原因'), ' 未收到款项 ');
    await user.click(within(dialog).getByRole('button', { name: '确认拒绝' }));
    await waitFor(() => expect(sent).toEqual({ ids: [7, 8], reason: '未收到款项' }));
    expect(await within(dialog).findByText('1 笔成功，1 笔未处理')).toBeInTheDocument();
    expect(within(dialog).getByText(expired.deposit_no)).toBeInTheDocument();
    expect(within(dialog).getByText(/该订单已由caiwu02领取/)).toBeInTheDocument();
  });

  it('bulk approve takes an optional note', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleDeposits, page([fresh])),
      answer(consoleBulkApproveDeposits, (input) => {
        sent = input;
        return { done: 1, failed: 0, results: [{ id: 7, ok: true, message: '已通过' }] };
      }),
    );
    open();
    const user = userEvent.setup();
    await screen.findByText(fresh.deposit_no);
    const [, first] = screen.getAllByRole('checkbox');
    if (!first) throw new Error('no row checkbox');
    await user.click(first);
    await user.click(screen.getByRole('button', { name: '批量通过' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(sent).toEqual({ ids: [7], reason: '' }));
    expect(await within(dialog).findByText('1 笔成功，0 笔未处理')).toBeInTheDocument();
  });

  it('shows who holds a claim, and claims an unheld one', async () => {
    let claimed: unknown = null;
    server.use(
      answer(consoleDeposits, page([fresh, held])),
      answer(consoleClaimDeposit, (input) => {
        claimed = input;
        return { id: 7, claimed_by: TEST_OPERATOR.name, claim_expires_at: '2026-11-25 11:00:00' };
      }),
    );
    open();
    const user = userEvent.setup();
    expect(await screen.findByText('已领取: caiwu02')).toBeInTheDocument();
    // Not the holder: no 释放 for caiwu02's claim; 领取 on the unheld one.
    expect(screen.queryByRole('button', { name: '释放' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '领 取' }));
    await waitFor(() => expect(claimed).toEqual({ id: 7 }));
  });

  it('补单 of an expired deposit needs a reason of 4 characters, then goes to 待复核', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleDeposits, page([fresh, expired])),
      answer(consoleLateDeposit, (input) => {
        sent = input;
        return { review_id: 3, summary: '补单' };
      }),
    );
    open();
    const user = userEvent.setup();
    await screen.findByText(expired.deposit_no);
    const buttons = screen.getAllByRole('button', { name: '补 单' });
    expect(buttons).toHaveLength(1);
    const [late] = buttons;
    if (!late) throw new Error('no 补单 button');
    await user.click(late);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '提交复核' }));
    expect(await within(dialog).findByText(MSG_LATE_REASON)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('补单原因'), '晚了');
    await user.click(within(dialog).getByRole('button', { name: '提交复核' }));
    await waitFor(() => expect(within(dialog).getAllByText(MSG_LATE_REASON).length).toBeGreaterThan(0));
    expect(sent).toBeNull();
    await user.type(within(dialog).getByLabelText('补单原因'), '，银行到账延迟');
    await user.click(within(dialog).getByRole('button', { name: '提交复核' }));
    await waitFor(() => expect(sent).toEqual({ id: 8, reason: '晚了，银行到账延迟' }));
    expect(await screen.findByText(reviewSubmittedMessage('deposit.late'))).toBeInTheDocument();
  });
});
