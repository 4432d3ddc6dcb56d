import {
  consoleLotteries,
  consoleLotteryOdds,
  consoleUpdateLotteryOdds,
  type LotteryOddsRow,
  type LotteryRow,
} from '@app/contract/console-lottery';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import OddsScreen from './OddsScreen';

const lottery: LotteryRow = {
  id: 3,
  code: 'jnd28',
  title: '加拿大28',
  type: 2,
  type_label: '28（三球和值）',
  period_seconds: 210,
  close_seconds: 30,
  period_override: null,
  enabled: true,
  max_lines_per_member: 200,
  line_max: '',
  member_round_max: '',
  round_max: '',
  rooms: [],
};
const big: LotteryOddsRow = {
  play_id: 201,
  group: '大小单双',
  title: '大',
  default_odds: '1.96',
  odds: '1.96',
  custom: false,
  return_percent: '98.00%',
  max_odds: '1.96',
  updated_at: '',
  updated_by: '',
};
const content = { ...TEST_OPERATOR, role: 'content' as const, name: 'yunying01' };

describe('OddsScreen', { timeout: 60_000 }, () => {
  it('lists the plays with their return and the limit; a refusal shows the server message and keeps the dialog', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleLotteries, { items: [lottery] }),
      answer(consoleLotteryOdds, { lottery_id: 3, title: '加拿大28', plays: [big] }),
      answer(consoleUpdateLotteryOdds, (input) => {
        sent = input;
        return { refuse: { status: 400, message: '该玩法平均返还率 98.50% 超过上限 98%' } };
      }),
    );
    renderScreen(<OddsScreen />, { operator: content });
    const row = (await screen.findByRole('cell', { name: '98.00%' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('大小单双大1.961.9698.00%1.96—修 改');
    await userEvent.click(within(row).getByRole('button', { name: '修改 大小单双 大 的赔率' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('修改赔率：大小单双 大');
    const input = within(dialog).getByLabelText('新赔率');
    await userEvent.clear(input);
    await userEvent.type(input, '1.234');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(
      await within(dialog).findByText('赔率须为数字，最多两位小数', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '1.97');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      '该玩法平均返还率 98.50% 超过上限 98%',
    );
    expect(sent).toEqual({ lottery_id: 3, play_id: 201, odds: '1.97' });
  });

  it('a saved change is told and the list read again', async () => {
    let odds = big;
    server.use(
      answer(consoleLotteries, { items: [lottery] }),
      answer(consoleLotteryOdds, () => ({ lottery_id: 3, title: '加拿大28', plays: [odds] })),
      answer(consoleUpdateLotteryOdds, () => {
        odds = { ...big, odds: '1.90', custom: true, return_percent: '95.00%', updated_by: 'yunying01' };
        return odds;
      }),
    );
    renderScreen(<OddsScreen />, { operator: content });
    await userEvent.click(await screen.findByRole('button', { name: '修改 大小单双 大 的赔率' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('新赔率');
    await userEvent.clear(input);
    await userEvent.type(input, '1.90');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(
      await screen.findByText('大小单双 大 赔率已改为 1.90，下一笔投注起生效', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('已调整')).toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByRole('cell', { name: '95.00%' })).toBeInTheDocument();
  });

  it('hides 修改 from a role that may not change odds', async () => {
    server.use(
      answer(consoleLotteries, { items: [lottery] }),
      answer(consoleLotteryOdds, { lottery_id: 3, title: '加拿大28', plays: [big] }),
    );
    renderScreen(<OddsScreen />);
    await screen.findByRole('cell', { name: '98.00%' });
    expect(screen.queryByRole('button', { name: /修改/ })).toBeNull();
  });
});
