import { MSG_USDT_ADDRESS_FORMAT } from '@app/contract/cashier';
import {
  consolePayMethods,
  consoleSetPayMethod,
  MSG_PAY_ENABLE_ACCOUNT,
  type PayMethod,
} from '@app/contract/console-payments';
import { MSG_PAY_RANGE } from '@app/contract/ops-money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import PayMethodsScreen from './PayMethodsScreen';

const METHODS: PayMethod[] = [
  { type: 'bank', enabled: true, min: '100.00', max: '50000.00', account: '', qr_image: '' },
  { type: 'wechat', enabled: true, min: '100.00', max: '5000.00', account: '乐享（微信收款）', qr_image: '' },
  { type: 'alipay', enabled: false, min: '100.00', max: '5000.00', account: '', qr_image: '' },
  {
    type: 'usdt-trc20',
    enabled: true,
    min: '100.00',
    max: '100000.00',
    account: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    qr_image: '',
  },
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('PayMethodsScreen', { timeout: 120_000 }, () => {
  it('lists each way with its state, range and account; bank points to the cards', async () => {
    server.use(answer(consolePayMethods, { items: METHODS }));
    renderScreen(<PayMethodsScreen />);
    await screen.findByText('乐享（微信收款）');
    expect(within(rowOf('银行转账')).getByText('见“收款银行卡”')).toBeInTheDocument();
    expect(within(rowOf('支付宝')).getByText('未设置')).toBeInTheDocument();
    expect(within(rowOf('微信支付')).getByText('¥100.00 – ¥5,000.00')).toBeInTheDocument();
    expect(within(rowOf('支付宝')).getByRole('switch')).not.toBeChecked();
  });

  it('switching a way off asks first, then sends only the switch; a refusal is shown', async () => {
    const sent: unknown[] = [];
    server.use(
      answer(consolePayMethods, { items: METHODS }),
      answer(consoleSetPayMethod, (input) => {
        sent.push(input);
        return input.type === 'alipay'
          ? { refuse: { status: 400, message: MSG_PAY_ENABLE_ACCOUNT } }
          : { ...(METHODS[1] as PayMethod), enabled: false };
      }),
    );
    renderScreen(<PayMethodsScreen />);
    await screen.findByText('乐享（微信收款）');
    await userEvent.click(within(rowOf('微信支付')).getByRole('switch'));
    expect(await screen.findByText(/已提交的订单不受影响/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确认关闭' }));
    expect(await screen.findByText('微信支付已关闭')).toBeInTheDocument();
    expect(sent).toEqual([{ type: 'wechat', enabled: false }]);

    await userEvent.click(within(rowOf('支付宝')).getByRole('switch'));
    expect(await screen.findByText(MSG_PAY_ENABLE_ACCOUNT)).toBeInTheDocument();
  });

  it('the edit form checks the range and the USDT address; a new address goes to 待复核', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      answer(consolePayMethods, { items: METHODS }),
      answer(consoleSetPayMethod, (input) => {
        sent = input as Record<string, unknown>;
        return { review_id: 2, summary: 'USDT（TRC20）：收款账户改为 TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' };
      }),
    );
    renderScreen(<PayMethodsScreen />);
    await screen.findByText('乐享（微信收款）');
    await userEvent.click(within(rowOf('USDT（TRC20）')).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog');
    const max = within(dialog).getByLabelText('单笔最大（元）');
    await userEvent.clear(max);
    await userEvent.click(max);
    await userEvent.paste('50');
    const address = within(dialog).getByLabelText('USDT收款地址（TRC20）');
    await userEvent.clear(address);
    await userEvent.paste('0x8d3c1bd2b7a9e0c6f4a2d1e3b5c7a9f0e2d4c6b8');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText(MSG_PAY_RANGE)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_USDT_ADDRESS_FORMAT)).toBeInTheDocument();
    expect(sent).toBeNull();

    await userEvent.clear(max);
    await userEvent.click(max);
    await userEvent.paste('20000');
    await userEvent.clear(address);
    await userEvent.paste('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(sent).toEqual({
        type: 'usdt-trc20',
        min: '100.00',
        max: '20000',
        account: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
        qr_image: '',
      }),
    );
    expect(
      await screen.findByText(
        '已提交复核（收款账户），另一位财务或超级管理员通过后生效；通过前会员仍看到原收款账户和二维码',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeInTheDocument();
  });
});
