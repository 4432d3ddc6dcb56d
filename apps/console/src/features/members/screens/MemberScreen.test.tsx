import {
  consoleAdjustMember,
  consoleMember,
  consoleMemberLedger,
  consoleMessageMember,
  consoleResetMemberPassword,
  type MemberDetail,
} from '@app/contract/console-members';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import MemberScreen from './MemberScreen';

const MEMBER: MemberDetail = {
  id: 10001,
  name: 'demo001',
  realname: '张三',
  mobile: '13912345678',
  email: '',
  vip_level: 1,
  referrer: null,
  isagent: false,
  is_trial: false,
  blocked: false,
  created_at: '2026-01-10 09:30:00',
  paysum: '0.00',
  turnover_done: '0.00',
  turnover_required: '1000.00',
  pay_password_locked: false,
  pay_password_failures: 0,
  wallets: [
    { venue: 'central', name: '中心钱包', balance: '1000.00' },
    { venue: 'ag', name: 'AG真人', balance: '0.00' },
  ],
  cards: [],
  contact_masked: false,
  vip_changes: [],
  tags: [],
};

const SUPPORT = { ...TEST_OPERATOR, role: 'support' as const, name: 'kefu01' };

function open(operator = TEST_OPERATOR, member: MemberDetail = MEMBER) {
  server.use(answer(consoleMember, member), answer(consoleMemberLedger, { total: 0, items: [] }));
  return renderScreen(<MemberScreen />, { path: '/members/10001', route: '/members/:id', operator });
}

describe('MemberScreen', () => {
  it('shows the profile and wallets, and only the actions of the role (财务: adjust, no block)', async () => {
    open();
    expect(await screen.findByText('13912345678')).toBeInTheDocument();
    expect(screen.getByText('AG真人')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '调整余额' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^冻\s*结$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '发送站内信' })).not.toBeInTheDocument();
  }, 40_000);

  it('says who sees a masked mobile and card number in full, and does not offer a masked number as a search', async () => {
    const card = {
      id: 1,
      kind: 'bank' as const,
      bank: '工商银行',
      owner: '张三',
      number: '****5678',
      branch: '',
      created_at: '2026-01-10 12:00:00',
    };
    open(SUPPORT, { ...MEMBER, mobile: '139****5678', cards: [card], contact_masked: true });
    expect(await screen.findByText('139****5678')).toBeInTheDocument();
    expect(screen.getByText('已隐藏，财务可见')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: /银行卡\/USDT/ }));
    expect(await screen.findByText('卡号/地址（已隐藏，财务可见）')).toBeInTheDocument();
    expect(screen.getByText('****5678')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '****5678' })).not.toBeInTheDocument();
  }, 40_000);

  it('客服 may block, reset and message, never adjust', async () => {
    open(SUPPORT);
    expect(await screen.findByRole('button', { name: /^冻\s*结$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重置登录密码' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发送站内信' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '调整余额' })).not.toBeInTheDocument();
  }, 40_000);

  it('the adjustment asks for an amount and a reason, confirms, and sends one request id', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      answer(consoleAdjustMember, (input) => {
        sent.push(input as Record<string, unknown>);
        return {
          id: 10001,
          direction: 'credit' as const,
          amount: '50.00',
          balance: '1050.00',
          turnover_required: '1050.00',
        };
      }),
    );
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '调整余额' }));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入调整金额')).toBeInTheDocument();
    expect(screen.getByText('请填写调整原因')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '12.345' } });
    expect(await screen.findByText('金额无效，无法提交')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '活动补偿' } });
    expect(screen.getByRole('checkbox', { name: '计入打码量' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await user.click(await screen.findByRole('button', { name: '确认加款' }));
    expect(await screen.findByText('加款 ¥50.00 成功，中心钱包余额 ¥1,050.00')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      id: 10001,
      direction: 'credit',
      amount: '50',
      reason: '活动补偿',
      turnover: true,
    });
    expect(String(sent[0]?.request_id)).toMatch(/^[0-9a-f-]{36}$/);
  }, 40_000);

  it('shows the server’s refusal of a debit in the modal', async () => {
    server.use(
      answer(consoleAdjustMember, { refuse: { status: 400, message: '扣款金额超过中心钱包余额，无法扣款' } }),
    );
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '调整余额' }));
    await user.click(screen.getByText('扣款'));
    expect(screen.queryByRole('checkbox', { name: '计入打码量' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '追回' } });
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await user.click(await screen.findByRole('button', { name: '确认扣款' }));
    expect(await screen.findByText('扣款金额超过中心钱包余额，无法扣款')).toBeInTheDocument();
  }, 40_000);

  it('the site message needs a title and text', async () => {
    let sent = 0;
    server.use(
      answer(consoleMessageMember, () => {
        sent += 1;
        return { id: 1, created_at: '2026-01-10 10:00:00' };
      }),
    );
    open(SUPPORT);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '发送站内信' }));
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(screen.getByText('请输入内容')).toBeInTheDocument();
    expect(sent).toBe(0);
  }, 40_000);

  it('a password reset shows the one-time password once', async () => {
    server.use(
      answer(consoleResetMemberPassword, { kind: 'login', password: 'Ab3kXy7mPq', sessions_ended: 2 }),
    );
    open(SUPPORT);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '重置登录密码' }));
    await user.click(screen.getByRole('button', { name: '确认重置' }));
    expect(await screen.findByText('Ab3kXy7mPq')).toBeInTheDocument();
    expect(
      screen.getByText(
        '该会员的 2 个登录已失效。这是一次性密码：会员下次用它登录后必须先修改登录密码，才能使用其他功能。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/会员修改后的新密码客服无从得知/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByText('Ab3kXy7mPq')).not.toBeInTheDocument());
  }, 40_000);
});
