import {
  consoleControls,
  consoleSaveControls,
  MSG_CONTROL_HOLD_HOURS,
  type ControlsView,
} from '@app/contract/console-approvals';
import { MSG_AMOUNT_DECIMALS } from '@app/contract/codecs';
import type { ConsoleSession } from '@app/contract/console-auth';
import type { RequestOf } from '@app/contract/define';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { answerTicket } from '@test/ticket';
import ControlsScreen from './ControlsScreen';

const VIEW: ControlsView = {
  adjust_review_above: '5000.00',
  bonus_cap_review_above: '10000.00',
  daily_adjust: '200000.00',
  daily_approve: '2000000.00',
  withdrawal_hold_hours: 24,
  used_adjust: '12000.00',
  used_approve: '0.00',
};
const ADMIN: ConsoleSession = { id: 1, name: 'boss', role: 'admin', csrf: 'x', idle_minutes: 30 };
const SUBMITTED = '已提交复核（风控设置），另一位超级管理员通过后生效';

const button = (text: RegExp) => {
  const el = screen.getByText(text).closest('button');
  if (!el) throw new Error(`no button ${String(text)}`);
  return el;
};

describe('ControlsScreen', { timeout: 60_000 }, () => {
  it('a 财务 reads the values and what it used today, and may not change them', async () => {
    server.use(answer(consoleControls, VIEW));
    renderScreen(<ControlsScreen />);
    expect(await screen.findByText(/高于 ¥5,000\.00/)).toBeInTheDocument();
    expect(screen.getByText('高于 ¥10,000.00')).toBeInTheDocument();
    expect(screen.getByText('24 小时')).toBeInTheDocument();
    expect(screen.getByText('¥12,000.00 / ¥200,000.00')).toBeInTheDocument();
    expect(screen.getByText('¥0.00 / ¥2,000,000.00')).toBeInTheDocument();
    expect(screen.getByText(/只有超级管理员可以修改/)).toBeInTheDocument();
    expect(screen.queryByText(/修\s*改$/)).toBeNull();
  });

  it('a 超级管理员 edits them with the contract’s checks; the change goes to 待复核', async () => {
    const sent: RequestOf<typeof consoleSaveControls>[] = [];
    server.use(
      answer(consoleControls, VIEW),
      answerTicket(consoleSaveControls, { review_id: 3, summary: '风控设置' }, SUBMITTED, sent),
    );
    renderScreen(<ControlsScreen />, { operator: ADMIN });
    await screen.findByText('24 小时');
    fireEvent.click(button(/^修\s*改$/));
    const amount = await screen.findByLabelText('调整余额需复核的金额（元）');
    expect(amount).toHaveValue('5000.00');
    fireEvent.change(amount, { target: { value: '3000.123' } });
    fireEvent.change(screen.getByLabelText('重置密码或换卡后提款暂缓（小时）'), { target: { value: '' } });
    fireEvent.click(button(/提交复核/));
    expect(await screen.findByText(MSG_AMOUNT_DECIMALS)).toBeInTheDocument();
    expect(screen.getByText(MSG_CONTROL_HOLD_HOURS)).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(amount, { target: { value: '3000' } });
    fireEvent.change(screen.getByLabelText('重置密码或换卡后提款暂缓（小时）'), { target: { value: '48' } });
    fireEvent.click(button(/提交复核/));
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument();
    expect(screen.getByText('在通过之前，下列设置保持不变。')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent).toEqual([
        {
          adjust_review_above: '3000',
          bonus_cap_review_above: '10000.00',
          daily_adjust: '200000.00',
          daily_approve: '2000000.00',
          withdrawal_hold_hours: 48,
        },
      ]),
    );
    // Still the values in force until approved.
    expect(screen.getByText(/高于 ¥5,000\.00/)).toBeInTheDocument();
  });
});
