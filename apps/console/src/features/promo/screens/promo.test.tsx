import type { ConsoleSession } from '@app/contract/console-auth';
import {
  consoleEnableActivity,
  consolePromoActivities,
  consolePromoVipLevels,
  consoleUpdateActivity,
  consoleUpdateRebateRates,
  consoleUpdateVipLevels,
  MSG_TURNOVER_REQUIRED,
  msgRebateRateMax,
  msgVipNotRising,
  type ActivityRow,
  type VipLevelRow,
} from '@app/contract/console-promo';
import type { RequestOf } from '@app/contract/define';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import ActivitiesScreen from './ActivitiesScreen';
import RebatesScreen from './RebatesScreen';
import VipScreen from './VipScreen';

const CONTENT: ConsoleSession = { id: 5, name: 'yunying01', role: 'content', csrf: 'x', idle_minutes: 30 };

const FIRST: ActivityRow = {
  id: 1,
  title: '新会员首存送 38%',
  type_id: 2,
  banner: '/assets-seed/banner-1.svg',
  content: '<p>首存彩金</p>',
  memo: '限一次',
  enabled: true,
  sort: 1,
  bonus_basis: 'first_deposit',
  bonus_percent: '38.00',
  bonus_cap: '888.00',
  bonus_min_deposit: '100.00',
  bonus_pay_type: '',
  turnover_multiple: 10,
  turnover_basis: 'bonus',
  turnover_weights: { realperson: 100, sport: 100, e_sport: 100, joker: 100, electron: 100, lottery: 100 },
  value: { single: 284, pair: 284, per: '存款', positive: true },
  paid_count: 3,
  created_at: '2026-11-20 10:00:00',
};
const RAIN: ActivityRow = {
  ...FIRST,
  id: 3,
  title: '每日红包雨',
  bonus_basis: 'none',
  sort: 3,
  paid_count: 0,
};
const TYPES = [
  { id: 1, name: '限时活动' },
  { id: 2, name: '新人首存' },
];

const LEVELS: VipLevelRow[] = Array.from({ length: 10 }, (_, i) => ({
  level: i + 1,
  recharge: i === 0 ? '0.00' : `${i * 1000}.00`,
  flow: i === 0 ? '0.00' : `${i * 5000}.00`,
  keep_flow: i === 0 ? '0.00' : `${i * 2000}.00`,
  rates: {
    realperson: '0.40',
    sport: '0.40',
    e_sport: '0.40',
    joker: '0.50',
    electron: '0.50',
    lottery: '0.30',
  },
}));

const saveButton = () => {
  const el = screen
    .getAllByText(/^保\s*存$/)
    .at(-1)
    ?.closest('button');
  if (!el) throw new Error('no save button');
  return el;
};

describe('ActivitiesScreen', { timeout: 60_000 }, () => {
  it('lists each activity with its rule in words, and unlists one', async () => {
    const sent: RequestOf<typeof consoleEnableActivity>[] = [];
    server.use(
      answer(consolePromoActivities, { items: [FIRST, RAIN], types: TYPES }),
      answer(consoleEnableActivity, (input) => {
        sent.push(input);
        return { ...FIRST, enabled: false };
      }),
    );
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const row = (await screen.findByText('新会员首存送 38%')).closest('tr') as HTMLElement;
    expect(within(row).getByText('新人首存')).toBeInTheDocument();
    expect(
      within(row).getByText('首笔存款 · 38% · 上限 ¥888.00 · 最低存款 ¥100.00 · 10倍流水'),
    ).toBeInTheDocument();
    expect(within(row).getByText('3 笔')).toBeInTheDocument();
    const rain = screen.getByText('每日红包雨').closest('tr') as HTMLElement;
    expect(within(rain).getByText('系统自动发放')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(sent).toEqual([{ id: 1, enabled: false }]));
    expect(await screen.findByText('活动已下架')).toBeInTheDocument();
  });

  it('edits an activity and shows the server’s refusal in Chinese', async () => {
    const sent: RequestOf<typeof consoleUpdateActivity>[] = [];
    server.use(
      answer(consolePromoActivities, { items: [FIRST], types: TYPES }),
      answer(consoleUpdateActivity, (input) => {
        sent.push(input);
        return sent.length === 1 ? { refuse: { status: 400, message: MSG_TURNOVER_REQUIRED } } : FIRST;
      }),
    );
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const row = (await screen.findByText('新会员首存送 38%')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/编\s*辑/));
    const title = await screen.findByDisplayValue('新会员首存送 38%');
    fireEvent.change(title, { target: { value: '新会员首存送 40%' } });
    fireEvent.change(screen.getByDisplayValue('38.00'), { target: { value: '40' } });
    expect(
      await screen.findByText('示例：存款 1000.00 元，彩金 400.00 元，增加流水要求 4000.00 元。'),
    ).toBeInTheDocument();
    fireEvent.click(saveButton());
    expect(await screen.findByText(MSG_TURNOVER_REQUIRED)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      id: 1,
      title: '新会员首存送 40%',
      type_id: 2,
      bonus_basis: 'first_deposit',
      bonus_percent: '40',
      bonus_cap: '888.00',
      turnover_multiple: 10,
      content: '<p>首存彩金</p>',
    });
    await waitFor(() => expect(saveButton()).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(await screen.findByText('活动已保存，新规则从下一次审核起生效')).toBeInTheDocument();
  });
  it('opens 新建活动 empty after another activity was edited', async () => {
    server.use(answer(consolePromoActivities, { items: [FIRST], types: TYPES }));
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const row = (await screen.findByText('新会员首存送 38%')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/编\s*辑/));
    fireEvent.change(await screen.findByDisplayValue('新会员首存送 38%'), { target: { value: '改了一半' } });
    fireEvent.click(screen.getByText(/^取\s*消$/));
    fireEvent.click(screen.getByText('新建活动'));
    expect(await screen.findByText('上传图片')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('改了一半')).toBeNull();
    expect(screen.getByLabelText('活动标题')).toHaveValue('');
  });
});

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
