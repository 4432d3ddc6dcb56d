import {
  deposit,
  depositInfo,
  MSG_DEPOSIT_AMOUNT,
  MSG_DEPOSIT_BANK,
  MSG_DEPOSIT_BRANCH,
  MSG_DEPOSIT_CARD,
  MSG_DEPOSIT_NAME,
  payRange,
  payWays,
  receivingCards,
} from '@app/contract/cashier';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { reply } from '@test/msw/contract';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

/** Deposit methods, ranges by type, receiving cards and deposits on the fake server. */
function setup() {
  const ranges: string[] = [];
  const sent: { key: string | null; body: unknown }[] = [];
  server.use(
    reply(payWays, { card: 1, usdt: 1, wechat: 0, alipay: '1' }),
    reply(receivingCards, [
      {
        id: 1,
        bank_no: '6222000011112222',
        bank_owner: '平台收款',
        bank_address: '北京分行',
        bank_data: { bank_name: '中国银行' },
      },
    ]),
    http.post(payRange.path, async ({ request }) => {
      const { type } = (await request.json()) as { type: string };
      ranges.push(type);
      const data = type === 'usdt-erc20' ? { min_price: '500.00', max_price: '50000.00' } : null;
      return HttpResponse.json({ code: 200, message: 'ok', data });
    }),
    http.post(deposit.path, async ({ request }) => {
      const body = (await request.json()) as { paytype: string };
      sent.push({ key: request.headers.get('Idempotency-Key'), body });
      return HttpResponse.json({
        code: 200,
        message: body.paytype === 'bank' ? '提交成功' : 'D20261122001',
        data: body.paytype === 'bank' ? null : { deposit_no: 'D20261122001' },
      });
    }),
  );
  return { ranges, sent };
}

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

describe('/recharge', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/recharge');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Frecharge'));
  });

  it('shows the enabled methods and manual deposit, with the range of each method', async () => {
    const { ranges } = setup();
    const { user } = renderApp('/recharge', { token: 'tok' });
    const tabs = await screen.findByRole('tablist', { name: '存款方式' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['银行卡', 'USDT', '支付宝', '人工存款']);
    expect(await screen.findByText('中国银行')).toBeInTheDocument();
    expect(screen.getByText('6222000011112222')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('100.00 - 10000.00'));
    await user.click(screen.getByRole('tab', { name: 'USDT' }));
    await user.click(screen.getByRole('radio', { name: 'ERC20' }));
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('500.00 - 50000.00'));
    expect(ranges).toEqual(['bank', 'usdt-trc20', 'usdt-erc20']);
  });

  it('checks a bank deposit in the order of spec §5, then submits it for review', async () => {
    const { sent } = setup();
    const { user, location } = renderApp('/recharge', { token: 'tok' });
    const submit = await screen.findByRole('button', { name: '立即充值' });
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('100.00'));
    const expectMessage = async (message: string) => {
      await user.click(submit);
      expect(await screen.findByText(message)).toBeInTheDocument();
      await clearToasts();
    };
    await expectMessage(MSG_DEPOSIT_AMOUNT);
    await user.type(screen.getByPlaceholderText('请输入充值金额'), '50');
    await expectMessage('请输入100-10000之间的金额！');
    await user.type(screen.getByPlaceholderText('请输入充值金额'), '0');
    await expectMessage(MSG_DEPOSIT_NAME);
    await user.type(screen.getByPlaceholderText('请输入存款人姓名'), '张三');
    await expectMessage(MSG_DEPOSIT_BANK);
    await user.type(screen.getByPlaceholderText('请输入银行类型'), '工商银行');
    await expectMessage(MSG_DEPOSIT_CARD);
    await user.type(screen.getByPlaceholderText('请输入银行卡号'), '6222333344445555');
    await expectMessage(MSG_DEPOSIT_BRANCH);
    await user.type(screen.getByPlaceholderText('请输入银行开户行地址'), '上海分行');
    expect(sent).toHaveLength(0);
    await user.click(submit);
    expect(await screen.findByText('提交成功，等待后台审核')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      paytype: 'bank',
      amount: '500',
      bank_owner: '张三',
      bank: '工商银行',
      bank_no: '6222333344445555',
      bank_address: '上海分行',
    });
    expect(sent[0]?.key).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/transRecord'));
  });

  it('sends a USDT deposit to /payInfo, which counts down the 60 minutes and shows the address', async () => {
    const created = Date.now();
    vi.useFakeTimers({ shouldAdvanceTime: true, now: created });
    const { sent } = setup();
    server.use(
      reply(depositInfo, {
        deposit_no: 'D20261122001',
        info: { amount: '710.00', created_at: new Date(created).toISOString(), paytype: 'usdt' },
        cardlist: { mch_id: 'TXYZabc123', content: 'TRC20', payimg: '/assets-seed/qr.png' },
      }),
    );
    const { user, location } = renderApp('/recharge', { token: 'tok' });
    await user.click(await screen.findByRole('tab', { name: 'USDT' }));
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('100.00'));
    await user.type(screen.getByPlaceholderText('请输入充值金额'), '710');
    expect(screen.getByTestId('deposit-usdt')).toHaveTextContent('约合 100.00 USDT');
    await user.click(screen.getByRole('button', { name: '立即充值' }));
    await waitFor(() => expect(location()).toBe('/payInfo?deposit_no=D20261122001'));
    expect(sent[0]?.body).toEqual({ paytype: 'usdt', amount: '710', catepay: 'TRC20' });
    expect(await screen.findByTestId('pay-address')).toHaveTextContent('TXYZabc123');
    expect(screen.getByText('TRC20')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '收款二维码' })).toHaveAttribute('src', '/assets-seed/qr.png');
    expect(screen.getByTestId('pay-countdown')).toHaveTextContent(/^(60:00|59:5\d)$/);
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    await waitFor(() => expect(screen.getByTestId('pay-countdown')).toHaveTextContent('已过期'));
    await user.click(screen.getByRole('button', { name: '查看记录' }));
    await waitFor(() => expect(location()).toBe('/transRecord'));
  });

  it('says so on /payInfo without a deposit number', async () => {
    renderApp('/payInfo', { token: 'tok' });
    expect(await screen.findByText('订单号无效')).toBeInTheDocument();
  });
});
