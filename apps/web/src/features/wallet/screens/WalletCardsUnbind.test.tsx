import type { ReplyOf } from '@app/contract/define';
import { cards, deleteCard, MSG_PAY_PASS, MSG_PAY_PASS_LENGTH } from '@app/contract/cashier';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';
import { MSG_UNBIND_CONFIRM } from '../rules';

/* Issue 30 item 6: unbinding asks the payment password, as binding does, and shows the server's word. */

type CardWire = NonNullable<ReplyOf<typeof cards>>[number];

const usdtCard = (id: number): CardWire => ({
  id,
  bank: 'USDT',
  bank_owner: 'TRC20',
  bank_no: `T${'A'.repeat(29)}${String(id).padStart(4, '0')}`,
  ico: '',
  bankIco: '',
});

/** getcard lists the cards; delcard removes one only with the payment password 123456. */
function cardStore(initial: CardWire[]) {
  const state = { list: [...initial], calls: [] as unknown[] };
  server.use(
    http.post(cards.path, () => HttpResponse.json({ code: 200, message: 'ok', data: state.list })),
    http.post(deleteCard.path, async ({ request }) => {
      const body = (await request.json()) as { id: number; pay_pass?: string };
      state.calls.push(body);
      if (body.pay_pass !== '123456') {
        return HttpResponse.json({ code: 400, message: '支付密码错误', data: null }, { status: 400 });
      }
      state.list = state.list.filter((c) => c.id !== body.id);
      return HttpResponse.json({ code: 200, message: '解绑成功', data: null });
    }),
  );
  return state;
}

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

describe('/wallet unbinding', () => {
  it('asks the payment password, checks it before sending, shows the server’s refusal, then unbinds', async () => {
    const store = cardStore([usdtCard(1), usdtCard(2)]);
    const { user } = renderApp('/wallet', { token: 'tok' });
    const list = await screen.findByRole('list', { name: 'USDT' });
    await user.click(within(list).getByRole('button', { name: '解绑 USDT-TRC20 0001' }));

    const form = await screen.findByRole('form', { name: '解绑 USDT-TRC20 0001' });
    expect(within(form).getByText(MSG_UNBIND_CONFIRM, { exact: false })).toBeInTheDocument();
    expect(within(form).getByTestId('pay-password-hint')).toBeInTheDocument();
    const password = within(form).getByLabelText('支付密码');
    const confirm = within(form).getByRole('button', { name: '确认解绑' });

    await user.click(confirm);
    expect(await screen.findByText(MSG_PAY_PASS)).toBeInTheDocument();
    await clearToasts();
    await user.type(password, '123');
    await user.click(confirm);
    expect(await screen.findByText(MSG_PAY_PASS_LENGTH)).toBeInTheDocument();
    await clearToasts();
    expect(store.calls).toEqual([]);

    await user.type(password, '999');
    await user.click(confirm);
    expect(await screen.findByText('支付密码错误')).toBeInTheDocument();
    await clearToasts();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.clear(password);
    await user.type(password, '123456');
    await user.click(confirm);
    expect(await screen.findByText('解绑成功')).toBeInTheDocument();
    expect(store.calls).toEqual([
      { id: 1, pay_pass: '123999' },
      { id: 1, pay_pass: '123456' },
    ]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('取消 closes the question and keeps the card', async () => {
    const store = cardStore([usdtCard(1)]);
    const { user } = renderApp('/wallet', { token: 'tok' });
    const list = await screen.findByRole('list', { name: 'USDT' });
    await user.click(within(list).getByRole('button', { name: '解绑 USDT-TRC20 0001' }));
    const form = await screen.findByRole('form', { name: '解绑 USDT-TRC20 0001' });
    await user.click(within(form).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(store.calls).toEqual([]);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});
