import { depositInfo } from '@app/contract/cashier';
import type { ReplyOf } from '@app/contract/define';
import { accountRecords } from '@app/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/msw/server';
import { withOffsetParents } from '@test/layout';
import { renderApp } from '@test/render';

/* Issue 30 item 7: a deposit still in review opens its 付款信息 again from 交易记录. */

type Record = NonNullable<NonNullable<ReplyOf<typeof accountRecords>>['data']>[number];

const row = (out_trade_no: string, pay_way: string, state: number): Record => ({
  out_trade_no,
  amount: '720.00',
  pay_way,
  state,
  created_at: '2026-11-27 10:00:00',
});

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

function serve(list: Record[]) {
  const asked: string[] = [];
  server.use(
    http.post(accountRecords.path, () =>
      HttpResponse.json({ code: 200, message: 'ok', data: { data: list, total: list.length } }),
    ),
    http.post(depositInfo.path, async ({ request }) => {
      const { deposit_no } = (await request.json()) as { deposit_no: string };
      asked.push(deposit_no);
      return HttpResponse.json({
        code: 200,
        message: 'usdtpay',
        data: {
          deposit_no,
          info: {
            amount: '720.00',
            created_at: new Date().toISOString(),
            paytype: 'usdt',
            usdt_amount: '100.00',
          },
          cardlist: { mch_id: ADDRESS, content: 'TRC20', payimg: '' },
        },
      });
    }),
  );
  return asked;
}

describe('/transRecord → 付款信息', () => {
  withOffsetParents();

  it('a USDT deposit in review opens /payInfo with its address, amount and countdown', async () => {
    const asked = serve([row('D100', 'usdt-TRC20', 1)]);
    const { user, location } = renderApp('/transRecord', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '付款信息 D100' }, { timeout: 5000 }));
    await waitFor(() => expect(location()).toBe('/payInfo?deposit_no=D100'));
    expect(await screen.findByTestId('pay-usdt-amount', {}, { timeout: 5000 })).toHaveTextContent('100.00');
    expect(screen.getByRole('region', { name: '收款信息' })).toHaveTextContent(ADDRESS);
    expect(screen.getByTestId('pay-countdown')).toHaveTextContent(/^\d{2}:\d{2}$/);
    expect(asked).toEqual(['D100']);
  });

  it('only deposits in review paid elsewhere have it: not approved, rejected or bank transfers', async () => {
    serve([row('D1', 'wxpay', 1), row('D2', 'usdt-TRC20', 2), row('D3', 'alipay', 3), row('D4', 'bank', 1)]);
    renderApp('/transRecord', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '交易记录' }, { timeout: 5000 });
    await within(list).findByText('订单号：D4', {}, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['付款信息 D1']);
  });
});
