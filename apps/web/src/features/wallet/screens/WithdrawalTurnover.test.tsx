import { user as userCall } from '@app/contract/auth';
import { withdraw, withdrawTurnover } from '@app/contract/withdrawals';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

/* /withdrawal tells the truth about turnover first (issue 30, item 3): what is owed is said before any
 * card, password or phone is asked for, and a met requirement reads 已完成. */

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);

describe('/withdrawal and turnover', () => {
  it('owed turnover is said at 提交 before the card, the password and phone binding; nothing is sent', async () => {
    const sent: unknown[] = [];
    server.use(
      reply(userCall, { ...MEMBER, mobile: '' }), // no phone: binding would be asked next
      reply(withdrawTurnover, { bet_amount: '0.00', recharge_amount: '1420.00' }),
      http.post(withdraw.path, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 200, message: 'ok', data: null });
      }),
    );
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-turnover')).toHaveTextContent('0.00 / 1420.00（0%）'),
    );
    await user.type(field('请输入取款金额'), '200');
    await user.click(screen.getByRole('button', { name: '立即取款' }));
    expect(await screen.findByText('打码量不足，还需1420.00元有效投注')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '绑定手机号' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('a requirement met reads 已完成, with no breakdown and nothing left to do', async () => {
    server.use(
      reply(withdrawTurnover, {
        bet_amount: '500.00',
        recharge_amount: '500.00',
        items: [{ source: '存款', required: '500.00', done: '500.00', weights: '全部游戏按 100% 计入' }],
      }),
    );
    renderApp('/withdrawal', { token: 'tok' });
    await waitFor(() => expect(screen.getByTestId('withdraw-turnover')).toHaveTextContent(/^已完成$/));
    expect(screen.queryByTestId('withdraw-turnover-left')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '打码量明细' })).not.toBeInTheDocument();
  });
});
