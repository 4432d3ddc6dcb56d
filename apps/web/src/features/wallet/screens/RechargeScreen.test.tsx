import {
  deposit,
  depositInfo,
  MSG_DEPOSIT_BANK,
  MSG_DEPOSIT_BRANCH,
  MSG_DEPOSIT_CARD,
  MSG_DEPOSIT_NAME,
  payRange,
  payWays,
  receivingCards,
  uploadVoucher,
} from '@app/contract/cashier';
import { MSG_IMAGE_TOO_LARGE } from '@app/contract/uploads';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

// jsdom has no canvas: the QR of an address is "drawn" as a data URL.
vi.mock('qrcode', () => {
  const toDataURL = vi.fn(async () => 'data:image/png;base64,QR');
  return { default: { toDataURL }, toDataURL };
});

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
    ).toEqual(['银行卡转账', 'USDT', '支付宝', '人工存款']);
    expect(await screen.findByText('中国银行')).toBeInTheDocument();
    expect(screen.getByText('6222000011112222')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('100.00 - 10000.00'));
    await user.click(screen.getByRole('tab', { name: 'USDT' }));
    await user.click(screen.getByRole('radio', { name: 'ERC20' }));
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('500.00 - 50000.00'));
    expect(ranges).toEqual(['bank', 'usdt-trc20', 'usdt-erc20']);
  });

  it('人工存款 is arranged by customer service: steps and 联系客服, no bank form and no order', async () => {
    const { sent } = setup();
    const { user, location } = renderApp('/recharge', {
      token: 'tok',
      extraRoutes: [stubRoute('/kefu', false)],
    });
    await user.click(await screen.findByRole('tab', { name: '人工存款' }));
    const panel = screen.getByRole('region', { name: '人工存款说明' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByLabelText('存款人姓名')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即充值' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '收款账户信息' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: '联系客服' }));
    await waitFor(() => expect(location()).toBe('/kefu'));
    expect(sent).toEqual([]);
  });

  it('offers only the USDT protocols the operator has on', async () => {
    const { ranges } = setup();
    server.use(reply(payWays, { card: 0, usdt: 1, wechat: 0, alipay: 0, usdt_trc20: 0, usdt_erc20: 1 }));
    renderApp('/recharge', { token: 'tok' });
    const protocols = await screen.findByRole('radiogroup', { name: '钱包协议' });
    expect(
      within(protocols)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['ERC20']);
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('500.00 - 50000.00'));
    expect(ranges).toEqual(['usdt-erc20']);
  });

  it('checks a bank deposit in the order of spec §5, then submits it with its voucher for review', async () => {
    const { sent } = setup();
    const uploads: string[] = [];
    server.use(
      http.post(uploadVoucher.path, async ({ request }) => {
        const file = (await request.formData()).get('voucher_img');
        uploads.push(typeof file === 'string' ? `text:${file}` : (file?.name ?? 'none'));
        return HttpResponse.json({
          code: 200,
          message: '上传成功',
          data: { path: '/uploads/0123456789abcdef0123456789abcdef.png', real_path: '' },
        });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:voucher');
    URL.revokeObjectURL = vi.fn();
    const { user, location } = renderApp('/recharge', { token: 'tok' });
    const submit = await screen.findByRole('button', { name: '立即充值' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('100.00'));
    const expectMessage = async (message: string) => {
      await user.click(submit);
      expect(await screen.findByText(message)).toBeInTheDocument();
      await clearToasts();
    };
    // An empty amount is out of range too (spec §5).
    await expectMessage('请输入100-10000之间的金额！');
    await user.type(screen.getByPlaceholderText('请输入充值金额'), '50');
    await expectMessage('请输入100-10000之间的金额！');
    await user.type(screen.getByPlaceholderText('请输入充值金额'), '0');
    await expectMessage(MSG_DEPOSIT_NAME);
    await user.type(screen.getByPlaceholderText('请输入存款人姓名'), '张三');
    await expectMessage(MSG_DEPOSIT_BANK);
    // 银行类型 is picked from banklist in antd-mobile's Picker (no native drop-down).
    await user.click(screen.getByRole('button', { name: '银行类型' }));
    // (fireEvent: the sheet's buttons take pointer events only after its animation)
    fireEvent.click(await screen.findByText('确定'));
    expect(screen.getByRole('button', { name: '银行类型' })).toHaveTextContent('中国银行');
    await expectMessage(MSG_DEPOSIT_CARD);
    await user.type(screen.getByPlaceholderText('请输入银行卡号'), '6222333344445555');
    await expectMessage(MSG_DEPOSIT_BRANCH);
    await user.type(screen.getByPlaceholderText('请输入银行开户行地址'), '上海分行');
    // The voucher: a file over 2 MB or not a picture is refused here; a picture is uploaded at once.
    const input = screen.getByRole('group', { name: '存款凭证（选填）' }).querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await user.upload(
      input,
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(MSG_IMAGE_TOO_LARGE)).toBeInTheDocument();
    await clearToasts();
    await user.upload(input, new File([new Uint8Array(64)], 'voucher.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('voucher-state')).toHaveTextContent('凭证已上传'));
    // One upload, of a file (jsdom's FormData names it 'blob'; a browser keeps the file's name).
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).not.toMatch(/^(text:|none)/);
    // The preview of the picked picture.
    const group = screen.getByRole('group', { name: '存款凭证（选填）' });
    await waitFor(() => expect(group.querySelector('img')).toHaveAttribute('src', 'blob:voucher'));
    // One tile: the picture, not also a leftover upload task.
    expect(group.querySelectorAll('img')).toHaveLength(1);
    expect(sent).toHaveLength(0);
    await user.click(submit);
    expect(await screen.findByText('提交成功，等待后台审核')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      paytype: 'bank',
      amount: '500',
      bank_owner: '张三',
      bank: '中国银行',
      bank_no: '6222333344445555',
      bank_address: '上海分行',
      voucher: '/uploads/0123456789abcdef0123456789abcdef.png',
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
    expect(screen.getByTestId('pay-protocol')).toHaveTextContent('USDT-TRC20');
    expect(screen.getByRole('img', { name: '收款地址二维码' })).toHaveAttribute('src', '/assets-seed/qr.png');
    expect(screen.getByTestId('pay-countdown')).toHaveTextContent(/^(60:00|59:5\d)$/);
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    await waitFor(() => expect(screen.getByTestId('pay-countdown')).toHaveTextContent('已过期'));
    await user.click(screen.getByRole('button', { name: '查看记录' }));
    await waitFor(() => expect(location()).toBe('/transRecord'));
  });

  it('links its support line to customer service', async () => {
    setup();
    const { user, location } = renderApp('/recharge', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '在线客服' }));
    await waitFor(() => expect(location()).toBe('/kefu'));
  });

  it('says so on /payInfo without a deposit number', async () => {
    renderApp('/payInfo', { token: 'tok' });
    expect(await screen.findByText('订单号无效')).toBeInTheDocument();
  });
});
