import {
  consolePromoVipLevels,
  consoleUpdateRebateRates,
  consoleUpdateVipLevels,
  msgRebateRateMax,
  msgVipNotRising,
} from '@app/contract/console-promo';
import type { RequestOf } from '@app/contract/define';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { CONTENT, LEVELS, saveButton } from './promo-fixtures';
import RebatesScreen from './RebatesScreen';
import VipScreen from './VipScreen';

describe('RebatesScreen', { timeout: 60_000 }, () => {
  it('refuses a rate at the house edge before sending, and saves the ten levels', async () => {
    const sent: RequestOf<typeof consoleUpdateRebateRates>[] = [];
    server.use(
      answer(consolePromoVipLevels, { levels: LEVELS }),
      answer(consoleUpdateRebateRates, (input) => {
        sent.push(input);
        return { levels: LEVELS };
      }),
    );
    renderScreen(<RebatesScreen />, { operator: CONTENT });
    const lottery = await screen.findByLabelText('VIP10 彩票');
    await waitFor(() => expect(lottery).toHaveValue('0.30'));
    fireEvent.change(lottery, { target: { value: '2.00' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(msgRebateRateMax('lottery'))).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    fireEvent.change(lottery, { target: { value: '0.9' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.levels).toHaveLength(10);
    expect(sent[0]?.levels[9]).toEqual({
      level: 10,
      realperson: '0.40',
      sport: '0.40',
      e_sport: '0.40',
      joker: '0.50',
      electron: '0.50',
      lottery: '0.9',
    });
    expect(await screen.findByText('返水比例已保存，从下一次计算返水起生效')).toBeInTheDocument();
  });
});

describe('RebatesScreen refusals', { timeout: 60_000 }, () => {
  it('shows the server’s refusal of rates that would make promotions pay, one per line', async () => {
    const first =
      '返水比例调整后，活动「周末救援金」的期望收益为正（单人 +0.20 元 / 每 1,000 元投注），会员完成流水后仍可获利：请先调整这些优惠，或降低返水比例';
    const second =
      '存款 500 元起的红包档位的期望收益为正（单人 +4.83 元 / 每 1,000 元存款），会员完成流水后仍可获利：请先调整这些优惠，或降低返水比例';
    server.use(
      answer(consolePromoVipLevels, { levels: LEVELS }),
      answer(consoleUpdateRebateRates, { refuse: { status: 400, message: `${first}；${second}` } }),
    );
    renderScreen(<RebatesScreen />, { operator: CONTENT });
    const lottery = await screen.findByLabelText('VIP10 彩票');
    await waitFor(() => expect(lottery).toHaveValue('0.30'));
    fireEvent.change(lottery, { target: { value: '1.50' } });
    fireEvent.click(saveButton());
    const alert = (await screen.findByText(first)).closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText(second)).toBeInTheDocument();
    // Nothing was saved: what was typed stays, to be corrected.
    expect(screen.getByLabelText('VIP10 彩票')).toHaveValue('1.50');
  });
});

describe('VipScreen', { timeout: 60_000 }, () => {
  it('keeps VIP1 at 0, refuses thresholds that fall, and saves rising ones', async () => {
    const sent: RequestOf<typeof consoleUpdateVipLevels>[] = [];
    server.use(
      answer(consolePromoVipLevels, { levels: LEVELS }),
      answer(consoleUpdateVipLevels, (input) => {
        sent.push(input);
        return { levels: LEVELS };
      }),
    );
    renderScreen(<VipScreen />, { operator: CONTENT });
    const third = await screen.findByLabelText('VIP3 累计存款');
    await waitFor(() => expect(third).toHaveValue('2000.00'));
    expect(screen.getByLabelText('VIP1 累计存款')).toBeDisabled();
    fireEvent.change(third, { target: { value: '500' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(msgVipNotRising(3, '累计存款'))).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    fireEvent.change(third, { target: { value: '2500' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.levels[2]).toEqual({
      level: 3,
      recharge: '2500',
      flow: '10000.00',
      keep_flow: '4000.00',
    });
    expect(await screen.findByText('VIP 门槛已保存，从下一次晋级计算起生效')).toBeInTheDocument();
  });
});
