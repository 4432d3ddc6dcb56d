import {
  consoleCancelLotteryRound,
  consoleLotteryExposure,
  type ExposureRound,
} from '@app/contract/console-exposure';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import ExposureScreen from './ExposureScreen';

const lotteries = [
  { id: 3, title: '加拿大28', enabled: true },
  { id: 4, title: '幸运28', enabled: false },
];
const round: ExposureRound = {
  id: '88',
  expect: '20261128001',
  closes_at: '2026-11-28 10:03:00',
  draws_at: '2026-11-28 10:03:30',
  stake: '15.00',
  lines: 3,
  members: 2,
  worst: '-10.48',
  outcomes: [
    { outcome: '和值 20', chance: '3.60%', payout: '25.48', result: '-10.48' },
    { outcome: '和值 3', chance: '1.00%', payout: '0.00', result: '15.00' },
  ],
};
const risk = { ...TEST_OPERATOR, role: 'risk' as const, name: 'fengkong01' };

describe('ExposureScreen', { timeout: 60_000 }, () => {
  it('shows each open round’s outcomes worst first; 刷新 reads again; 撤销本期 files it for review with a reason', async () => {
    let reads = 0;
    let sent: unknown = null;
    server.use(
      answer(consoleLotteryExposure, () => {
        reads += 1;
        return { lottery_id: 3, title: '加拿大28', lotteries, items: [round] };
      }),
      answer(consoleCancelLotteryRound, (input) => {
        sent = input;
        return { review_id: 5, summary: '撤销加拿大28第20261128001期' };
      }),
    );
    renderScreen(<ExposureScreen />, { operator: risk });
    const card = (await screen.findByText('第20261128001期')).closest('.ant-card') as HTMLElement;
    const cells = within(card)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.indexOf('和值 20')).toBeLessThan(cells.indexOf('和值 3'));
    const worst = within(card).getByRole('cell', { name: '和值 20' }).closest('tr') as HTMLElement;
    expect(worst).toHaveTextContent('-¥10.48');
    expect(within(card).getByText('最坏结果')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /刷\s?新/ }));
    await expect.poll(() => reads).toBe(2);

    await userEvent.click(within(card).getByRole('button', { name: '撤销本期' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('撤销 加拿大28 第20261128001期');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认撤销' }));
    expect(await within(dialog).findByText('请填写撤销原因')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('撤销原因'), '开奖源异常');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认撤销' }));
    expect(await screen.findByText(/已提交复核（撤销期号）/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(sent).toEqual({ id: '88', reason: '开奖源异常' });
  });

  it('says when no round is open; 客服 reads but cannot cancel', async () => {
    server.use(answer(consoleLotteryExposure, { lottery_id: 3, title: '加拿大28', lotteries, items: [] }));
    renderScreen(<ExposureScreen />, { operator: { ...TEST_OPERATOR, role: 'support' } });
    expect(await screen.findByText('暂无进行中的期号')).toBeInTheDocument();
    server.use(
      answer(consoleLotteryExposure, { lottery_id: 3, title: '加拿大28', lotteries, items: [round] }),
    );
    await userEvent.click(screen.getByRole('button', { name: /刷\s?新/ }));
    expect(await screen.findByText('第20261128001期')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '撤销本期' })).toBeNull();
  });
});
