import {
  consolePaymentRates,
  consoleSetPaymentRates,
  MSG_FEE,
  MSG_RATE,
  MSG_RATE_ORDER,
  type PaymentRates,
} from '@app/contract/console-payments';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import RatesScreen from './RatesScreen';

const RATES: PaymentRates = {
  usdtrate: '7.2000',
  withdrawusdtrate: '7.3000',
  fee_erc20: '5.00',
  fee_trc20: '1.00',
  updated_at: '2026-11-25 10:31:00',
};

describe('RatesScreen', { timeout: 120_000 }, () => {
  it('shows the rates with what 1,000 yuan is in USDT, and checks each field', async () => {
    server.use(answer(consolePaymentRates, RATES));
    renderScreen(<RatesScreen />);
    const deposit = await screen.findByLabelText('充值汇率（元/USDT）');
    expect(deposit).toHaveValue('7.2');
    expect(screen.getByText('充值¥1,000 需支付 138.88 USDT')).toBeInTheDocument();
    await userEvent.clear(deposit);
    await userEvent.click(deposit);
    await userEvent.paste('0.5');
    const fee = screen.getByLabelText('TRC20提款手续费（USDT/笔）');
    await userEvent.clear(fee);
    await userEvent.click(fee);
    await userEvent.paste('101');
    await userEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText(MSG_RATE)).toBeInTheDocument();
    expect(screen.getByText(MSG_FEE)).toBeInTheDocument();
    await userEvent.clear(deposit);
    await userEvent.click(deposit);
    await userEvent.paste('7.5');
    expect(await screen.findByText(MSG_RATE_ORDER)).toBeInTheDocument();
  });

  it('confirms the changes (old → new) before it saves them', async () => {
    let sent: unknown = null;
    server.use(
      answer(consolePaymentRates, RATES),
      answer(consoleSetPaymentRates, (input) => {
        sent = input;
        return { ...RATES, fee_trc20: '2.00' };
      }),
    );
    renderScreen(<RatesScreen />);
    const fee = await screen.findByLabelText('TRC20提款手续费（USDT/笔）');
    await userEvent.clear(fee);
    await userEvent.click(fee);
    await userEvent.paste('2');
    await userEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('TRC20提款手续费：1.00 → 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() =>
      expect(sent).toEqual({ usdtrate: '7.2', withdrawusdtrate: '7.3', fee_erc20: '5.00', fee_trc20: '2' }),
    );
    expect(await screen.findByText('已保存汇率与手续费')).toBeInTheDocument();
  });
});
