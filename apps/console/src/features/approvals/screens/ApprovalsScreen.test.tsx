import {
  consoleApprovals,
  consoleCancelApproval,
  consoleDecideApproval,
  MSG_APPROVAL_DONE,
  type ApprovalItem,
} from '@app/contract/console-approvals';
import type { ConsoleSession } from '@app/contract/console-auth';
import type { RequestOf } from '@app/contract/define';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import ApprovalsScreen from './ApprovalsScreen';

const ADJUST: ApprovalItem = {
  id: 7,
  kind: 'member.adjust',
  summary: '给会员 alice 加款 8000.00',
  reason: '补偿',
  maker_name: 'caiwu02',
  made_at: '2030-05-10 09:00:00',
  status: 'pending',
  checker_name: '',
  checked_at: null,
  check_note: '',
  result: '',
  mine: false,
  may_decide: true,
};
const MINE: ApprovalItem = {
  ...ADJUST,
  id: 8,
  summary: 'USDT（TRC20）：收款账户改为 TXYZ',
  kind: 'payment.method',
  maker_name: 'caiwu01',
  mine: true,
  may_decide: false,
};
const NEW_OPERATOR: ApprovalItem = {
  ...ADJUST,
  id: 9,
  kind: 'operator.create',
  summary: '新建操作员 kefu09（客服）',
  reason: '',
  maker_name: 'boss2',
};
const ADMIN: ConsoleSession = { id: 1, name: 'boss', role: 'admin', csrf: 'x', idle_minutes: 30 };

const button = (text: RegExp, root: HTMLElement = document.body) => {
  const el = within(root).getByText(text).closest('button');
  if (!el) throw new Error(`no button ${String(text)}`);
  return el;
};
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** A decision's reply with the server's own message. */
const decided = (item: ApprovalItem, message: string, password?: string) =>
  http.post(`${window.location.origin}${consoleDecideApproval.path}`, () =>
    HttpResponse.json({ code: 200, message, data: { item, ...(password ? { password } : {}) } }),
  );

describe('ApprovalsScreen', { timeout: 60_000 }, () => {
  it('lists what waits: the actions of who may decide, 待他人复核 and 撤回 for its maker', async () => {
    const cancelled: unknown[] = [];
    server.use(
      answer(consoleApprovals, { total: 2, pending: 2, items: [ADJUST, MINE] }),
      answer(consoleCancelApproval, (input) => {
        cancelled.push(input);
        return { ...MINE, status: 'cancelled' as const };
      }),
    );
    renderScreen(<ApprovalsScreen />);
    await screen.findByText('给会员 alice 加款 8000.00');
    expect(screen.getByText('待复核（2）')).toBeInTheDocument();
    const theirs = rowOf('给会员 alice 加款 8000.00');
    expect(within(theirs).getByText('调整余额')).toBeInTheDocument();
    expect(within(theirs).getByText('补偿')).toBeInTheDocument();
    expect(within(theirs).getByText('caiwu02')).toBeInTheDocument();
    expect(button(/通\s*过/, theirs)).toBeEnabled();
    expect(button(/驳\s*回/, theirs)).toBeEnabled();
    const mine = rowOf('USDT（TRC20）：收款账户改为 TXYZ');
    expect(within(mine).getByText('待他人复核')).toBeInTheDocument();
    expect(within(mine).queryByText(/通\s*过/)).toBeNull();
    fireEvent.click(button(/撤\s*回/, mine));
    fireEvent.click(button(/^撤\s*回$/, await screen.findByRole('tooltip')));
    await waitFor(() => expect(cancelled).toEqual([{ id: 8 }]));
  });

  it('approves after a confirmation that shows the summary, with the server’s message', async () => {
    const sent: RequestOf<typeof consoleDecideApproval>[] = [];
    server.use(
      answer(consoleApprovals, { total: 1, pending: 1, items: [ADJUST] }),
      http.post(`${window.location.origin}${consoleDecideApproval.path}`, async ({ request }) => {
        sent.push((await request.json()) as RequestOf<typeof consoleDecideApproval>);
        const item = { ...ADJUST, status: 'approved' as const, result: '已入账，中心钱包余额 8000.00' };
        return HttpResponse.json({ code: 200, message: '已通过，变更已生效', data: { item } });
      }),
    );
    renderScreen(<ApprovalsScreen />);
    fireEvent.click(
      button(
        /通\s*过/,
        rowOf(await screen.findByText('给会员 alice 加款 8000.00').then((e) => e.textContent ?? '')),
      ),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('通过此变更（调整余额）？');
    expect(dialog).toHaveTextContent('给会员 alice 加款 8000.00');
    expect(sent).toEqual([]);
    fireEvent.click(button(/确认通过/, dialog));
    expect(await screen.findByText('已通过，变更已生效')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 7, approve: true, note: '' }]);
  });

  it('a reject needs a note; someone else first (409) says so and reads the queue again', async () => {
    const sent: RequestOf<typeof consoleDecideApproval>[] = [];
    let reads = 0;
    server.use(
      answer(consoleApprovals, () => {
        reads += 1;
        return { total: 1, pending: 1, items: [ADJUST] };
      }),
      answer(consoleDecideApproval, (input) => {
        sent.push(input);
        return { refuse: { status: 409, message: MSG_APPROVAL_DONE } };
      }),
    );
    renderScreen(<ApprovalsScreen />);
    await screen.findByText('给会员 alice 加款 8000.00');
    fireEvent.click(button(/驳\s*回/, rowOf('给会员 alice 加款 8000.00')));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(button(/确认驳回/, dialog));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '无工单' } });
    const before = reads;
    fireEvent.click(button(/确认驳回/, dialog));
    expect(await screen.findByText(MSG_APPROVAL_DONE)).toBeInTheDocument();
    expect(sent).toEqual([{ id: 7, approve: false, note: '无工单' }]);
    await waitFor(() => expect(reads).toBeGreaterThan(before));
  });

  it('shows a new operator’s one-time password once, to the approving 超级管理员', async () => {
    server.use(
      answer(consoleApprovals, { total: 1, pending: 1, items: [NEW_OPERATOR] }),
      decided(
        { ...NEW_OPERATOR, status: 'approved', result: '操作员 kefu09 已创建' },
        '已通过，变更已生效',
        'Abcd2345Efgh6789',
      ),
    );
    renderScreen(<ApprovalsScreen />, { operator: ADMIN });
    await screen.findByText('新建操作员 kefu09（客服）');
    fireEvent.click(button(/通\s*过/, rowOf('新建操作员 kefu09（客服）')));
    fireEvent.click(button(/确认通过/, await screen.findByRole('dialog')));
    expect(await screen.findByTestId('one-time-password')).toHaveTextContent('Abcd2345Efgh6789');
    expect(screen.getByText('操作员已创建')).toBeInTheDocument();
    expect(screen.getByText('kefu09')).toBeInTheDocument();
    fireEvent.click(button(/我已保存，关闭/));
    await waitFor(() => expect(screen.queryByTestId('one-time-password')).toBeNull());
    expect(document.body.textContent).not.toContain('Abcd2345Efgh6789');
  });

  it('已处理 shows the decision; a change that could not apply is red with its reason', async () => {
    const failed: ApprovalItem = {
      ...ADJUST,
      status: 'failed',
      checker_name: 'caiwu01',
      checked_at: '2030-05-10 09:30:00',
      check_note: '已核对',
      result: '超过你今日的调整余额额度',
    };
    server.use(
      answer(consoleApprovals, (input) =>
        input.view === 'done'
          ? { total: 1, pending: 0, items: [failed] }
          : { total: 0, pending: 0, items: [] },
      ),
    );
    renderScreen(<ApprovalsScreen />);
    expect(await screen.findByText('没有待复核的变更')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '已处理' }));
    const row = rowOf(await screen.findByText('超过你今日的调整余额额度').then((e) => e.textContent ?? ''));
    expect(within(row).getByText('未能生效')).toHaveClass('ant-tag-red');
    expect(within(row).getByText('已核对')).toBeInTheDocument();
    expect(within(row).getByText('2030-05-10 09:30')).toBeInTheDocument();
    expect(within(row).queryByText(/通\s*过/)).toBeNull();
  });
});
