import {
  consoleEnableActivity,
  consolePromoActivities,
  consolePromoVipLevels,
  consoleUpdateActivity,
  MSG_TURNOVER_REQUIRED,
  type ActivityRow,
  type VipLevelRow,
} from '@app/contract/console-promo';
import type { RequestOf } from '@app/contract/define';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { answerTicket } from '@test/ticket';
import ActivitiesScreen from './ActivitiesScreen';
import { CONTENT, LEVELS, saveButton } from './promo-fixtures';

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
  // Saved before values were checked: 10 × the bonus, lottery in full (+334.40 at the seed's rebates).
  value: { single: 334.4, pair: 334.4, per: '存款', positive: true },
  paid_count: 3,
  starts_at: null,
  ends_at: null,
  budget: '0.00',
  paid: '1200.00',
  per_member_limit: 0,
  created_at: '2026-11-20 10:00:00',
};
const HALF = { realperson: 100, sport: 100, e_sport: 100, joker: 100, electron: 100, lottery: 50 };
/** The seed's rule: 15 × (deposit + bonus), lottery at 50 %. */
const SEEDED: ActivityRow = {
  ...FIRST,
  id: 2,
  title: '首存加赠 38%',
  sort: 2,
  turnover_multiple: 15,
  turnover_basis: 'deposit_bonus',
  turnover_weights: HALF,
  value: { single: -116.8, pair: -116.8, per: '存款', positive: false },
  paid_count: 0,
};
const RELIEF: ActivityRow = {
  ...FIRST,
  id: 4,
  title: '周末救援金',
  sort: 4,
  bonus_basis: 'net_loss',
  bonus_percent: '2.00',
  bonus_cap: '5888.00',
  bonus_min_deposit: '500.00',
  turnover_multiple: 20,
  turnover_weights: HALF,
  value: { single: -1.6, pair: -13.6, per: '投注', positive: false },
  paid_count: 0,
};
const RAIN: ActivityRow = {
  ...FIRST,
  id: 3,
  title: '每日红包雨',
  bonus_basis: 'none',
  sort: 3,
  value: null,
  paid_count: 0,
};
const TYPES = [
  { id: 1, name: '限时活动' },
  { id: 2, name: '新人首存' },
];

/** The rule lines of an element (shared/Parts: each part in its own span). */
const partsOf = (el: HTMLElement) => [...el.querySelectorAll('.parts')].map((p) => p.textContent);

/** The seed's rebates: the highest are 1.30 %, 1.40 % (棋牌, 电子) and 0.80 % (lottery), at VIP10. */
const SEED_LEVELS: VipLevelRow[] = LEVELS.map((l) =>
  l.level === 10
    ? {
        ...l,
        rates: {
          realperson: '1.30',
          sport: '1.30',
          e_sport: '1.30',
          joker: '1.40',
          electron: '1.40',
          lottery: '0.80',
        },
      }
    : l,
);
const seedLevels = () => answer(consolePromoVipLevels, { levels: SEED_LEVELS });

/** The open drawer (its body, header and footer). */
const drawer = () => {
  const el = document.querySelector<HTMLElement>('.ant-drawer');
  if (!el) throw new Error('no drawer');
  return el;
};

/** Chooses an option of an antd Select by its label. */
async function pick(select: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('ActivitiesScreen', { timeout: 60_000 }, () => {
  it('lists each activity with its rule in words, and unlists one', async () => {
    const sent: RequestOf<typeof consoleEnableActivity>[] = [];
    server.use(
      seedLevels(),
      answer(consolePromoActivities, { items: [FIRST, RAIN], types: TYPES }),
      answer(consoleEnableActivity, (input) => {
        sent.push(input);
        return { ...FIRST, enabled: false };
      }),
    );
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const row = (await screen.findByText('新会员首存送 38%')).closest('tr') as HTMLElement;
    expect(within(row).getByText('新人首存')).toBeInTheDocument();
    expect(partsOf(row)).toContain('首笔存款 · 38% · 上限 ¥888.00 · 最低存款 ¥100.00 · 10倍流水');
    expect(within(row).getByText('3 笔')).toBeInTheDocument();
    const rain = screen.getByText('每日红包雨').closest('tr') as HTMLElement;
    expect(within(rain).getByText('系统自动发放')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(sent).toEqual([{ id: 1, enabled: false }]));
    expect(await screen.findByText('活动已下架')).toBeInTheDocument();
  });

  it('shows what each rule is worth to a member, flagging one above 0', async () => {
    server.use(
      seedLevels(),
      answer(consolePromoActivities, { items: [FIRST, SEEDED, RAIN, RELIEF], types: TYPES }),
    );
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const legacy = (await screen.findByText('新会员首存送 38%')).closest('tr') as HTMLElement;
    expect(within(legacy).getByText('单人 +334.40 / 对冲每人 +334.40 元')).toBeInTheDocument();
    expect(within(legacy).getByText('规则待修正')).toBeInTheDocument();
    const seeded = screen.getByText('首存加赠 38%').closest('tr') as HTMLElement;
    expect(partsOf(seeded)).toContain(
      '首笔存款 · 38% · 上限 ¥888.00 · 最低存款 ¥100.00 · (存款+彩金)×15倍流水',
    );
    expect(
      within(seeded).getByText('流水计入：彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入'),
    ).toBeInTheDocument();
    expect(within(seeded).getByText('单人 -116.80 / 对冲每人 -116.80 元')).toBeInTheDocument();
    expect(within(seeded).getByText('每 1,000 元存款')).toBeInTheDocument();
    expect(within(seeded).queryByText('规则待修正')).toBeNull();
    const relief = screen.getByText('周末救援金').closest('tr') as HTMLElement;
    expect(partsOf(relief)).toContain('上周末净亏损 · 2% · 上限 ¥5,888.00 · 最低亏损 ¥500.00 · 20倍流水');
    expect(within(relief).getByText('单人 -1.60 / 对冲每人 -13.60 元')).toBeInTheDocument();
    expect(within(relief).getByText('每 1,000 元投注')).toBeInTheDocument();
    const rain = screen.getByText('每日红包雨').closest('tr') as HTMLElement;
    expect(within(rain).getByText('—')).toBeInTheDocument();
  });

  it('previews the value as the rule is typed and sends the turnover basis and weights', async () => {
    const sent: RequestOf<typeof consoleUpdateActivity>[] = [];
    const positive =
      '活动「首存加赠 38%」的期望收益为正（单人 +131.60 元 / 每 1,000 元存款），会员完成流水后仍可获利：请提高流水倍数、降低彩金比例或调低彩票等低优势游戏的流水计入比例';
    server.use(
      seedLevels(),
      answer(consolePromoActivities, { items: [SEEDED], types: TYPES }),
      answer(consoleUpdateActivity, (input) => {
        sent.push(input);
        return sent.length === 1 ? { refuse: { status: 400, message: positive } } : SEEDED;
      }),
    );
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const row = (await screen.findByText('首存加赠 38%')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/编\s*辑/));
    expect(
      await screen.findByText('会员期望收益：单人 -116.80 / 对冲每人 -116.80 元，每 1,000 元存款'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '示例：存款 1000.00 元，彩金 380.00 元，增加流水要求（1000.00 + 380.00）× 15 = 20700.00 元。',
      ),
    ).toBeInTheDocument();
    const lottery = screen.getByLabelText('彩票流水计入比例');
    expect(lottery).toHaveValue('50');
    // Lottery in full: its even-money plays clear the turnover at 2 % less the rebate, and the bonus pays.
    fireEvent.change(lottery, { target: { value: '100' } });
    expect(await screen.findByText(positive)).toBeInTheDocument();
    expect(screen.getByText('上架的活动保存时将被服务器拒绝。')).toBeInTheDocument();
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getAllByText(positive)).toHaveLength(2));
    expect(sent[0]).toMatchObject({
      id: 2,
      turnover_basis: 'deposit_bonus',
      turnover_multiple: 15,
      turnover_weights: { ...HALF, lottery: 100 },
    });
    fireEvent.change(lottery, { target: { value: '0' } });
    expect(
      await screen.findByText('会员期望收益：单人 -158.20 / 对冲每人 -158.20 元，每 1,000 元存款'),
    ).toBeInTheDocument();
    await pick('流水计算方式', '彩金 × 倍数');
    expect(
      await screen.findByText('示例：存款 1000.00 元，彩金 380.00 元，增加流水要求 5700.00 元。'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('流水倍数'), { target: { value: '40' } });
    expect(
      await screen.findByText('会员期望收益：单人 -15.20 / 对冲每人 -15.20 元，每 1,000 元存款'),
    ).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      turnover_basis: 'bonus',
      turnover_multiple: 40,
      turnover_weights: { ...HALF, lottery: 0 },
    });
    expect(await screen.findByText('活动已保存，新规则从下一次审核起生效')).toBeInTheDocument();
  });

  it('asks a relief for its minimum loss and values it per 1,000 staked', async () => {
    server.use(seedLevels(), answer(consolePromoActivities, { items: [RELIEF], types: TYPES }));
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const row = (await screen.findByText('周末救援金')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/编\s*辑/));
    expect(await screen.findByText('最低亏损（元）')).toBeInTheDocument();
    expect(within(drawer()).getByText('救援金比例')).toBeInTheDocument();
    expect(within(drawer()).queryByText('最低存款（元）')).toBeNull();
    expect(
      within(drawer()).getByText('示例：上周末净亏损 1000.00 元，救援金 20.00 元，增加流水要求 400.00 元。'),
    ).toBeInTheDocument();
    expect(
      await within(drawer()).findByText('会员期望收益：单人 -1.60 / 对冲每人 -13.60 元，每 1,000 元投注'),
    ).toBeInTheDocument();
  });

  it('edits an activity and shows the server’s refusal in Chinese', async () => {
    const sent: RequestOf<typeof consoleUpdateActivity>[] = [];
    server.use(
      seedLevels(),
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
    // A legacy rule above 0: the reason the server will give, while it is listed; a draft may be kept.
    const reason = /^活动「新会员首存送 40%」的期望收益为正（单人 \+352\.00 元/;
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText('上架的活动保存时将被服务器拒绝。')).toBeInTheDocument();
    fireEvent.click(within(drawer()).getByRole('switch'));
    expect(
      await screen.findByText('该活动未上架，可先保存为草稿；上架时将被服务器拒绝。'),
    ).toBeInTheDocument();
    fireEvent.click(within(drawer()).getByRole('switch'));
    fireEvent.click(saveButton());
    expect(await within(drawer()).findByText(MSG_TURNOVER_REQUIRED)).toBeInTheDocument();
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
  it('a cap above the review amount goes to 待复核: the server’s message, the list as it was', async () => {
    const sent: RequestOf<typeof consoleUpdateActivity>[] = [];
    server.use(
      seedLevels(),
      answer(consolePromoActivities, { items: [SEEDED], types: TYPES }),
      answerTicket(
        consoleUpdateActivity,
        { review_id: 9, summary: '修改活动「首存加赠 38%」，奖金封顶 20000.00' },
        '已提交复核（修改活动（高额封顶）），另一位财务或超级管理员通过后生效',
        sent,
      ),
    );
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const row = (await screen.findByText('首存加赠 38%')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/编\s*辑/));
    fireEvent.change(await screen.findByDisplayValue('888.00'), { target: { value: '20000' } });
    fireEvent.click(saveButton());
    expect(
      await screen.findByText(
        '已提交复核（修改活动（高额封顶）），另一位财务或超级管理员通过后生效；通过前活动保持原样',
      ),
    ).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ id: 2, bonus_cap: '20000' });
    await waitFor(() => expect(document.querySelector('.ant-drawer')).toBeNull());
    expect(screen.queryByText('活动已保存，新规则从下一次审核起生效')).toBeNull();
  });

  it('opens 新建活动 empty after another activity was edited', async () => {
    server.use(seedLevels(), answer(consolePromoActivities, { items: [FIRST], types: TYPES }));
    renderScreen(<ActivitiesScreen />, { operator: CONTENT });
    const row = (await screen.findByText('新会员首存送 38%')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/编\s*辑/));
    fireEvent.change(await screen.findByDisplayValue('新会员首存送 38%'), { target: { value: '改了一半' } });
    fireEvent.click(screen.getByText(/^取\s*消$/));
    fireEvent.click(screen.getByText('新建活动'));
    expect(await screen.findByText('上传图片')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('改了一半')).toBeNull();
    expect(screen.getByLabelText('活动标题')).toHaveValue('');
    expect(screen.getByLabelText('彩票流水计入比例')).toHaveValue('100');
  });
});
