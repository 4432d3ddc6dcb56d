import {
  consoleLotteries,
  consoleUpdateLottery,
  consoleUpdateLotteryRoom,
  type LotteryRow,
} from '@app/contract/console-lottery';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import LotteriesScreen from './LotteriesScreen';

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
  rooms: [
    { id: 7, title: '新手房', sort: 1, enabled: true, min_vip_level: 1 },
    { id: 9, title: 'VIP房', sort: 3, enabled: true, min_vip_level: 3 },
  ],
};
const content = { ...TEST_OPERATOR, role: 'content' as const, name: 'yunying01' };
const save = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));

async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

describe('LotteriesScreen', { timeout: 60_000 }, () => {
  it('shows each lottery’s lines per member and round and each room’s VIP level', async () => {
    server.use(answer(consoleLotteries, { items: [lottery] }));
    renderScreen(<LotteriesScreen />);
    expect(await screen.findByRole('cell', { name: '200 注' })).toBeInTheDocument();
    const vip = screen.getByRole('cell', { name: 'VIP房' }).closest('tr') as HTMLElement;
    expect(vip).toHaveTextContent('VIP3 及以上');
    const plain = screen.getByRole('cell', { name: '新手房' }).closest('tr') as HTMLElement;
    expect(plain).toHaveTextContent('所有会员');
    // 财务 reads; only 运营 edits.
    expect(screen.queryByRole('button', { name: /编\s?辑/ })).toBeNull();
    // The lottery by its Chinese title, never its code.
    expect(screen.getByText(lottery.title)).toBeInTheDocument();
    expect(screen.queryByText(lottery.code)).toBeNull();
  });

  it('运营 sets the lines per member and round within 1–5000', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleLotteries, { items: [lottery] }),
      answer(consoleUpdateLottery, (input) => {
        sent = input;
        return { ...lottery, max_lines_per_member: 500 };
      }),
    );
    renderScreen(<LotteriesScreen />, { operator: content });
    const row = (await screen.findByRole('cell', { name: '200 注' })).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog', { name: '编辑彩种 加拿大28' });
    const cap = within(dialog).getByLabelText('每期每人最多注数');
    expect(cap).toHaveValue('200');
    // Empty: asked for; past the range: held to it (the server refuses it too, with the same message).
    await userEvent.clear(cap);
    await save(dialog);
    expect(
      await within(dialog).findByText('每期每人最多注数须为 1–5000 的整数', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(sent).toBeNull();
    await userEvent.type(cap, '9999');
    await userEvent.tab();
    expect(cap).toHaveValue('5000');
    await retype(cap, '500');
    await save(dialog);
    expect(
      await screen.findByText('已保存 加拿大28，新的周期从下一期开始', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      id: 3,
      enabled: true,
      period_seconds: 210,
      close_seconds: 30,
      max_lines_per_member: 500,
      line_max: '',
      member_round_max: '',
      round_max: '',
    });
  });

  it("运营 sets a room's VIP level within 1–10; the server's refusal stays in the dialog", async () => {
    const sent: unknown[] = [];
    server.use(
      answer(consoleLotteries, { items: [lottery] }),
      answer(consoleUpdateLotteryRoom, (input) => {
        sent.push(input);
        return { refuse: { status: 400, message: '该彩种已有同名房间' } };
      }),
    );
    renderScreen(<LotteriesScreen />, { operator: content });
    const row = (await screen.findByRole('cell', { name: 'VIP房' })).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog', { name: '编辑房间 VIP房' });
    const level = within(dialog).getByLabelText('VIP等级（最低）');
    expect(level).toHaveValue('3');
    await retype(level, '11');
    await userEvent.tab();
    expect(level).toHaveValue('10');
    await userEvent.clear(level);
    await save(dialog);
    expect(
      await within(dialog).findByText('VIP等级须为 1–10 的整数', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await retype(level, '5');
    await save(dialog);
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      '该彩种已有同名房间',
    );
    expect(sent).toEqual([{ id: 9, title: 'VIP房', sort: 3, enabled: true, min_vip_level: 5 }]);
  });
});
