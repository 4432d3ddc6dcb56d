import { consolePromoVipLevels, type VipLevelRow } from '@app/contract/console-promo';
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
const worth = (single: number) => ({ single, pair: single, per: '存款', positive: single > 0 });
const view = (over: Partial<RedPacketsView> = {}): RedPacketsView => ({
  switch_on: true,
  bands: [
    { min_deposit: '500.00', max_deposit: '1999.99', claims: 1, max_amount: '8.88', value: worth(-2.24) },
    { min_deposit: '2000.00', max_deposit: '9999.99', claims: 2, max_amount: '18.88', value: worth(-2.18) },
  ],
  window: { start: '10:00', end: '12:00' },
  ...over,
});
/** The seed's rebates: the highest are 1.30 % (venues) and 0.80 % (lottery), at VIP10. */
const LEVELS: VipLevelRow[] = Array.from({ length: 10 }, (_, i) => ({
  level: i + 1,
  recharge: `${i * 1000}.00`,
  flow: `${i * 5000}.00`,
  keep_flow: `${i * 2000}.00`,
  rates: {
    realperson: i === 9 ? '1.30' : '0.40',
    sport: '0.40',
    e_sport: '0.40',
    joker: '0.50',
    electron: '0.50',
    lottery: i === 9 ? '0.80' : '0.30',
  },
}));
const levels = () => answer(consolePromoVipLevels, { levels: LEVELS });
const BAND_1_POSITIVE =
  '存款 500 元起的红包档位的期望收益为正（单人 +3.81 元 / 每 1,000 元存款），会员完成流水后仍可获利：请降低红包上限或次数，或提高该档最低存款';

describe('RedPacketsScreen', () => {
  it('lists the bands with the day maximum, switches red packets off', async () => {
    let current = view();
    server.use(
      levels(),
      answer(consoleRedPackets, () => current),
      answer(consoleSetRedPacketSwitch, (input) => {
        current = view({ switch_on: input.on });
        return current;
      }),
    );
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    expect(await screen.findByLabelText('第1档最低存款（元）')).toHaveValue('500.00');
    expect(screen.getByText('37.76')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('switch', { name: '红包开关' }));
    expect(await screen.findByText('已关闭：会员无法领取红包。')).toBeInTheDocument();
  }, 90_000);

  it('refuses overlapping bands, a packet below 1.00 and packets above the deposit before sending', async () => {
    server.use(levels(), answer(consoleRedPackets, view()));
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    const max1 = await screen.findByLabelText('第1档最高存款（元）');
    fireEvent.change(max1, { target: { value: '2000' } });
    expect(await screen.findByText(MSG_BANDS_OVERLAP)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存档位' })).toBeDisabled();
    fireEvent.change(max1, { target: { value: '1999.99' } });
    const amount1 = screen.getByLabelText('第1档红包上限');
    fireEvent.change(amount1, { target: { value: '0.5' } });
    expect(await screen.findByText(MSG_BAND_AMOUNT)).toBeInTheDocument();
    fireEvent.change(amount1, { target: { value: '600' } });
    expect(await screen.findByText(MSG_BAND_PAYS_TOO_MUCH)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存档位' })).toBeDisabled();
  }, 90_000);

  it('adds a band and saves the whole list', async () => {
    const sent: unknown[] = [];
    server.use(
      levels(),
      answer(consoleRedPackets, view()),
      answer(consoleSetRedPacketBands, (input) => {
        sent.push(input);
        return view({
          bands: (input.bands as Omit<RedPacketsView['bands'][number], 'value'>[]).map((b) => ({
            ...b,
            value: worth(-3.13),
          })),
        });
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
        { min_deposit: '500.00', max_deposit: '1999.99', claims: 1, max_amount: '8.88' },
        { min_deposit: '2000.00', max_deposit: '9999.99', claims: 2, max_amount: '18.88' },
        { min_deposit: '10000', max_deposit: '99999', claims: 1, max_amount: '88.88' },
      ],
    });
    expect(await screen.findByText('红包档位已保存，从下一次领取起生效')).toBeInTheDocument();
  }, 90_000);

  it('shows the server refusal', async () => {
    server.use(
      levels(),
      answer(consoleRedPackets, view()),
      answer(consoleSetRedPacketBands, { refuse: { status: 400, message: MSG_BANDS_OVERLAP } }),
    );
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '保存档位' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MSG_BANDS_OVERLAP)).toBeInTheDocument();
  }, 90_000);

  it('shows each band’s value from the server and previews a band being edited', async () => {
    server.use(levels(), answer(consoleRedPackets, view()));
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    const amount1 = await screen.findByLabelText('第1档红包上限');
    const row1 = amount1.closest('tr') as HTMLElement;
    const row2 = screen.getByLabelText('第2档红包上限').closest('tr') as HTMLElement;
    expect(within(row1).getByText('单人 -2.24 / 对冲每人 -2.24 元')).toBeInTheDocument();
    expect(within(row2).getByText('单人 -2.18 / 对冲每人 -2.18 元')).toBeInTheDocument();
    expect(within(row1).getByText('每 1,000 元存款')).toBeInTheDocument();
    // Edited: computed here with the highest rebates of the ten levels (1.30 %, lottery 0.80 %).
    fireEvent.change(amount1, { target: { value: '10' } });
    expect(await within(row1).findByText('单人 -1.13 / 对冲每人 -1.13 元')).toBeInTheDocument();
    expect(within(row1).getByText('每 1,000 元存款（预览）')).toBeInTheDocument();
    expect(screen.queryByText(/期望收益为正/)).toBeNull();
    fireEvent.change(amount1, { target: { value: '15' } });
    expect(await within(row1).findByText('单人 +3.81 / 对冲每人 +3.81 元')).toBeInTheDocument();
    expect(within(row1).getByText('将被拒绝')).toBeInTheDocument();
    expect(screen.getByText(BAND_1_POSITIVE)).toBeInTheDocument();
    // The server decides: the save still goes.
    expect(screen.getByRole('button', { name: '保存档位' })).toBeEnabled();
  }, 90_000);

  it('flags a saved band worth more than 0 and shows the server’s refusal of it', async () => {
    const [first] = view().bands;
    if (!first) throw new Error('no band');
    const legacy = view({ bands: [{ ...first, max_amount: '15.00', value: worth(3.81) }] });
    server.use(
      levels(),
      answer(consoleRedPackets, legacy),
      answer(consoleSetRedPacketBands, { refuse: { status: 400, message: BAND_1_POSITIVE } }),
    );
    renderScreen(<RedPacketsScreen />, { operator: CONTENT });
    const row1 = (await screen.findByLabelText('第1档红包上限')).closest('tr') as HTMLElement;
    expect(within(row1).getByText('单人 +3.81 / 对冲每人 +3.81 元')).toBeInTheDocument();
    expect(within(row1).getByText('档位待修正')).toBeInTheDocument();
    expect(screen.getAllByText(BAND_1_POSITIVE)).toHaveLength(1);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '保存档位' }));
    await waitFor(() => expect(screen.getAllByText(BAND_1_POSITIVE)).toHaveLength(2));
  }, 90_000);
});
