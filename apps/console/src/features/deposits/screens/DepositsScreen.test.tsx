import {
  consoleApproveDeposit,
  consoleDeposits,
  consoleRejectDeposit,
  type ConsoleDepositRow,
} from '@app/contract/console-money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BACKGROUND_HEADER } from '@app/contract/console-define';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import type * as sound from '@/shared/sound';
import { beep } from '@/shared/sound';
import { DEPOSITS_KEY, DEPOSITS_POLL_MS, depositsQuery } from '../api';
import DepositsScreen from './DepositsScreen';

vi.mock('@/shared/sound', async (original) => ({
  ...(await original<typeof sound>()),
  beep: vi.fn(),
}));

const beijing = (msAgo: number) => {
  const d = new Date(Date.now() - msAgo + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};

const row = (over: Partial<ConsoleDepositRow> = {}): ConsoleDepositRow => ({
  id: 7,
  deposit_no: 'D20261125103100000001',
  user_id: 42,
  username: 'zhangsan',
  realname: '张三',
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
  realname: '',
  amount: '720.00',
  usdt_amount: '100.00',
  voucher_url: '',
  created_at: beijing(75 * 60_000),
});

/** A page of the queue as the server answers it (the newest pending id: `newest`). */
const page = (rows: ConsoleDepositRow[], newest = 8) => ({
  rows,
  total: rows.length,
  newest_pending_id: newest,
});

// antd's table is heavy in jsdom: a loaded machine needs more than the default time.
describe('DepositsScreen', { timeout: 60_000 }, () => {
  it('lists pending deposits: member link, method, USDT due, voucher, age (overdue in red)', async () => {
    let asked: Record<string, unknown> = {};
    server.use(
      answer(consoleDeposits, (input) => {
        asked = input as Record<string, unknown>;
        return page([row(), usdt]);
      }),
    );
    renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    expect(await screen.findByText('D20261125103100000001')).toBeInTheDocument();
    expect(asked).toMatchObject({ state: '1', page: '1' });
    expect(screen.getByText('zhangsan').closest('a')).toHaveAttribute('href', '/members/42');
    // The member's real name under the name, and the payer's name.
    expect(screen.getAllByText('张三')).toHaveLength(2);
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
          ? page([
              row({
                state: 3,
                reviewed_by: 'caiwu02',
                reviewed_at: '2026-11-25 10:31:00',
                review_note: '未到账',
              }),
            ])
          : page([]),
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
      answer(consoleDeposits, page([row()])),
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
          ? page([row()])
          : page([row({ state: 2, reviewed_by: 'caiwu02', reviewed_at: '2026-11-25 10:31:00' })]);
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
        fail ? { refuse: { status: 500, message: '服务器繁忙' } } : page([row()]),
      ),
    );
    renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByText(/^重\s*试$/));
    expect(await screen.findByText('D20261125103100000001')).toBeInTheDocument();
  });

  it('filters by member, real name, order number, method, amount and days; a bad amount is not sent', async () => {
    const asked: Record<string, unknown>[] = [];
    server.use(
      answer(consoleDeposits, (input) => {
        asked.push(input as Record<string, unknown>);
        return page([row()]);
      }),
    );
    const { router } = renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    await screen.findByText('D20261125103100000001');
    const user = userEvent.setup();
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('会员名', 'zhang');
    type('真实姓名', '张');
    type('订单号', 'D2026');
    fireEvent.mouseDown(screen.getByLabelText('方式'));
    await user.click(await screen.findByTitle('银行卡转账'));
    type('最低金额', '500');
    type('最高金额', '100');
    await user.click(screen.getByText(/^查\s*询$/));
    expect(await screen.findByText('最低金额不能大于最高金额')).toBeInTheDocument();
    const before = asked.length;
    type('最高金额', '800');
    await user.click(screen.getByText(/^查\s*询$/));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
    expect(asked.at(-1)).toMatchObject({
      state: '1',
      page: '1',
      username: 'zhang',
      realname: '张',
      order_no: 'D2026',
      method: 'bank',
      min_amount: '500',
      max_amount: '800',
    });
    expect(router.state.location.search).toContain('realname=%E5%BC%A0');
    expect(screen.queryByText('最低金额不能大于最高金额')).toBeNull();
    await user.click(screen.getByText(/^重\s*置$/));
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('username'));
  }, 120_000);

  it('asks again every 15 s in the background and beeps when a new deposit arrives', async () => {
    expect(depositsQuery(1, 1, 20).refetchInterval).toBe(DEPOSITS_POLL_MS);
    expect(DEPOSITS_POLL_MS).toBe(15_000);
    vi.mocked(beep).mockClear();
    const seen: (string | null)[] = [];
    let newest = 7;
    server.use(
      http.get(`${window.location.origin}${consoleDeposits.path}`, ({ request }) => {
        seen.push(request.headers.get(BACKGROUND_HEADER));
        return HttpResponse.json({ code: 200, message: '成功', data: page([row()], newest) });
      }),
    );
    const { queryClient } = renderScreen(<DepositsScreen />, { path: '/deposits', route: '/deposits' });
    await screen.findByText('D20261125103100000001');
    expect(screen.getByText('每 15 秒自动刷新')).toBeInTheDocument();
    await queryClient.refetchQueries({ queryKey: DEPOSITS_KEY });
    expect(seen).toEqual([null, '1']);
    expect(beep).not.toHaveBeenCalled();
    newest = 9;
    await queryClient.refetchQueries({ queryKey: DEPOSITS_KEY });
    await waitFor(() => expect(beep).toHaveBeenCalledTimes(1));
  });

  it('a role that does not review deposits hears nothing', async () => {
    vi.mocked(beep).mockClear();
    let newest = 7;
    server.use(answer(consoleDeposits, () => page([row()], newest)));
    const { queryClient } = renderScreen(<DepositsScreen />, {
      path: '/deposits',
      route: '/deposits',
      operator: { ...TEST_OPERATOR, role: 'support' },
    });
    await screen.findByText('D20261125103100000001');
    expect(screen.queryByText('每 15 秒自动刷新')).toBeNull();
    newest = 9;
    await queryClient.refetchQueries({ queryKey: DEPOSITS_KEY });
    expect(beep).not.toHaveBeenCalled();
  });
});
