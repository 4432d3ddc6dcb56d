import { depositInfo } from '@app/contract/cashier';
import type { ReplyOf } from '@app/contract/define';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

// jsdom has no canvas: the QR of an address is "drawn" as a data URL naming what it holds.
vi.mock('qrcode', () => {
  const toDataURL = vi.fn(async (text: string) => `data:image/png;base64,${btoa(text)}`);
  return { default: { toDataURL }, toDataURL };
});

/** payinfo answering `data` with the envelope's `message` (the type, e.g. usdtpay). */
function payinfo(message: string, data: ReplyOf<typeof depositInfo>) {
  server.use(http.post(depositInfo.path, () => HttpResponse.json({ code: 200, message, data })));
}

const created = new Date().toISOString();

describe('/payInfo per method', () => {
  it('WeChat: the account name and the QR image to scan, no USDT fields', async () => {
    payinfo('wxpay', {
      deposit_no: 'D1',
      info: { amount: '200.00', created_at: created, paytype: 'wxpay' },
      cardlist: { mch_id: '乐享娱乐（微信收款）', content: '', payimg: '/assets-seed/pay-wechat-qr.svg' },
    });
    renderApp('/payInfo?deposit_no=D1', { token: 'tok' });
    const section = await screen.findByRole('region', { name: '收款信息' });
    expect(within(section).getByTestId('pay-account')).toHaveTextContent('乐享娱乐（微信收款）');
    expect(within(section).getByRole('img', { name: '微信收款二维码' })).toHaveAttribute(
      'src',
      '/assets-seed/pay-wechat-qr.svg',
    );
    expect(screen.getByRole('region', { name: '订单信息' })).toHaveTextContent('微信支付');
    for (const usdt of ['协议', '收款地址', 'USDT', 'wxpay']) {
      expect(document.body.textContent ?? '').not.toContain(usdt);
    }
  });

  it('Alipay without a QR image says to ask customer service', async () => {
    payinfo('alipay', {
      deposit_no: 'D2',
      info: { amount: '200.00', created_at: created, paytype: 'alipay' },
      cardlist: { mch_id: '乐享娱乐（支付宝收款）', content: '', payimg: '' },
    });
    renderApp('/payInfo?deposit_no=D2', { token: 'tok' });
    expect(await screen.findByText('暂无收款二维码，请联系客服')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '订单信息' })).toHaveTextContent('支付宝');
  });

  it('USDT (message usdtpay): the USDT amount to send, the address, copy buttons and a QR of the address', async () => {
    payinfo('usdtpay', {
      deposit_no: 'D3',
      info: { amount: '100.00', created_at: created, paytype: 'usdt', usdt_amount: '13.88' },
      cardlist: { mch_id: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', content: 'TRC20', payimg: '' },
    });
    const { user } = renderApp('/payInfo?deposit_no=D3', { token: 'tok' });
    // After user-event's setup, which puts its own clipboard in place.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByTestId('pay-usdt-amount')).toHaveTextContent('13.88');
    expect(screen.getByRole('region', { name: '支付金额' })).toHaveTextContent('13.88 USDT');
    expect(screen.getByTestId('pay-protocol')).toHaveTextContent('USDT-TRC20');
    expect(screen.getByRole('region', { name: '订单信息' })).toHaveTextContent('USDT-TRC20');
    expect(await screen.findByRole('img', { name: '收款地址二维码' })).toHaveAttribute(
      'src',
      `data:image/png;base64,${btoa('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')}`,
    );
    await user.click(screen.getByRole('button', { name: '复制应转USDT数量' }));
    await user.click(screen.getByRole('button', { name: '复制收款地址' }));
    expect(writeText.mock.calls).toEqual([['13.88'], ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE']]);
  });

  it('the message decides the method when paytype is a code it does not name', async () => {
    payinfo('usdtpay', {
      deposit_no: 'D4',
      info: { amount: '100.00', created_at: created, paytype: 'crypto', usdt_amount: '13.88' },
      cardlist: { mch_id: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', content: 'TRC20', payimg: '/q.png' },
    });
    renderApp('/payInfo?deposit_no=D4', { token: 'tok' });
    expect(await screen.findByTestId('pay-usdt-amount')).toHaveTextContent('13.88');
    expect(screen.getByRole('img', { name: '收款地址二维码' })).toHaveAttribute('src', '/q.png');
  });
});
