import {
  consoleRedPackets,
  consoleSetRedPacketBands,
  consoleSetRedPacketSwitch,
  MSG_BAND_AMOUNT,
  MSG_BAND_PAYS_TOO_MUCH,
  MSG_BANDS_OVERLAP,
  type RedPacketsView,
} from '@app/contract/console-site';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import RedPacketsScreen from './RedPacketsScreen';

const CONTENT = { ...TEST_OPERATOR, name: 'yunying01', role: 'content' as const };
const view = (over: Partial<RedPacketsView> = {}): RedPacketsView => ({
  switch_on: true,
  bands: [
    { min_deposit: '100.00', max_deposit: '999.99', claims: 1, max_amount: '8.88' },
    { min_deposit: '1000.00', max_deposit: '9999.99', claims: 2, max_amount: '18.88' },
  ],
  window: { start: '10:00', end: '12:00' },
  ...over,
});

describe('RedPacketsScreen', () => {
  it('lists the bands with the day maximum, switches red packets off', async () => {
    let current = view();
    server.use(
      answer(consoleRedPackets, () => current),
      answer(consoleSetRedPacketSwitch, (input) => {
        current = view({ switch_on: input.on });
        return current;
      }),
    );
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    expect(await screen.findByLabelText('第1档最低存款（元）')).toHaveValue('100.00');
    expect(screen.getByText('37.76')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('switch', { name: '红包开关' }));
    expect(await screen.findByText('已关闭：会员无法领取红包。')).toBeInTheDocument();
  }, 90_000);

  it('refuses overlapping bands, a packet below 1.00 and packets above the deposit before sending', async () => {
    server.use(answer(consoleRedPackets, view()));
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    const max1 = await screen.findByLabelText('第1档最高存款（元）');
    fireEvent.change(max1, { target: { value: '1000' } });
    expect(await screen.findByText(MSG_BANDS_OVERLAP)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存档位' })).toBeDisabled();
    fireEvent.change(max1, { target: { value: '999.99' } });
    const amount1 = screen.getByLabelText('第1档红包上限');
    fireEvent.change(amount1, { target: { value: '0.5' } });
    expect(await screen.findByText(MSG_BAND_AMOUNT)).toBeInTheDocument();
    fireEvent.change(amount1, { target: { value: '150' } });
    expect(await screen.findByText(MSG_BAND_PAYS_TOO_MUCH)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存档位' })).toBeDisabled();
  }, 90_000);

  it('adds a band and saves the whole list', async () => {
    const sent: unknown[] = [];
    server.use(
      answer(consoleRedPackets, view()),
      answer(consoleSetRedPacketBands, (input) => {
        sent.push(input);
        return view({ bands: input.bands as RedPacketsView['bands'] });
      }),
    );
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /添加档位/ }));
    fireEvent.change(screen.getByLabelText('第3档最低存款（元）'), { target: { value: '10000' } });
    fireEvent.change(screen.getByLabelText('第3档最高存款（元）'), { target: { value: '99999' } });
    fireEvent.change(screen.getByLabelText('第3档红包上限'), { target: { value: '88.88' } });
    await user.click(screen.getByRole('button', { name: '保存档位' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      bands: [
        { min_deposit: '100.00', max_deposit: '999.99', claims: 1, max_amount: '8.88' },
        { min_deposit: '1000.00', max_deposit: '9999.99', claims: 2, max_amount: '18.88' },
        { min_deposit: '10000', max_deposit: '99999', claims: 1, max_amount: '88.88' },
      ],
    });
    expect(await screen.findByText('红包档位已保存，从下一次领取起生效')).toBeInTheDocument();
  }, 90_000);

  it('shows the server refusal', async () => {
    server.use(
      answer(consoleRedPackets, view()),
      answer(consoleSetRedPacketBands, { refuse: { status: 400, message: MSG_BANDS_OVERLAP } }),
    );
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '保存档位' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MSG_BANDS_OVERLAP)).toBeInTheDocument();
  }, 90_000);
});
