import * as csv from '@app/contract/csv';
import { betRecords } from '@app/contract/member';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

type Wire = Record<string, unknown>;

const LOTTERY_OPEN: Wire = {
  order_no: 'L12',
  api_type: 'lottery',
  platname: '彩票',
  gamename: '加拿大28',
  expect: '20261125088',
  content: '大 100.00, 小 50.00',
  bet_amount: '150.00',
  valid_amount: '0.00',
  win_amount: '0.00',
  status: 'unsettled',
  created_at: '2026-11-25 12:00:00',
};
const GAME_WON: Wire = {
  order_no: 'G7',
  api_type: 'AG',
  platname: 'AG真人',
  gamename: 'AG真人',
  expect: '',
  content: '',
  bet_amount: '20.00',
  valid_amount: '20.00',
  win_amount: '40.00',
  status: 'settled',
  created_at: '2026-11-25 11:00:00',
};
const LOTTERY_LOST: Wire = {
  ...LOTTERY_OPEN,
  order_no: 'L11',
  expect: '20261125087',
  content: '单 10.00',
  bet_amount: '10.00',
  valid_amount: '10.00',
  status: 'settled',
  created_at: '2026-11-25 10:00:00',
};
const VOID: Wire = { ...GAME_WON, order_no: 'G6', win_amount: '0.00', status: 'invalid' };

/** Answers betrecord with `pages(body)` and records each request's body. */
function bets(pageOf: (body: Wire) => { data: Wire[]; total: number; sum?: Wire | null }) {
  const sent: Wire[] = [];
  server.use(
    http.post(betRecords.path, async ({ request }) => {
      const body = (await request.json()) as Wire;
      sent.push(body);
      return HttpResponse.json({ code: 200, message: 'ok', data: pageOf(body) });
    }),
  );
  return sent;
}
/** A tap that waits out the drop-down's opening animation (its panel takes no taps until then). */
const tap = (user: { click: (el: Element) => Promise<void> }, el: Element) => waitFor(() => user.click(el));
const item = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

describe('/betRecord', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/betRecord');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2FbetRecord'));
  });

  it('lists the bets with their state, stake, valid bet and payout, the totals on top', async () => {
    const sent = bets(() => ({
      data: [LOTTERY_OPEN, GAME_WON, LOTTERY_LOST, VOID],
      total: 4,
      sum: { bet_amount: '200.00', valid_amount: '50.00', win_amount: '40.00' },
    }));
    renderApp('/betRecord', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '投注记录' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(sent[0]).toEqual({ date: 4, page: 1, api_type: '' });

    const open = item('加拿大28 第20261125088期');
    expect(within(open).getByText('未结算')).toBeInTheDocument();
    expect(within(open).getByText('大 100.00, 小 50.00')).toBeInTheDocument();
    expect(within(open).getByText('150.00')).toBeInTheDocument();
    // Valid bet and payout are known once the period is drawn.
    expect(within(open).getAllByText('--')).toHaveLength(2);

    const won = within(list).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(won).getByText('已中奖')).toBeInTheDocument();
    expect(within(won).getByText('AG真人', { selector: 'strong' })).toBeInTheDocument();
    expect(within(won).getAllByText('20.00')).toHaveLength(2);
    expect(within(won).getByText('40.00')).toBeInTheDocument();
    expect(within(won).getByText('2026-11-25 11:00:00')).toBeInTheDocument();

    expect(within(item('加拿大28 第20261125087期')).getByText('未中奖')).toBeInTheDocument();
    expect(
      within(within(list).getAllByRole('listitem')[3] as HTMLElement).getByText('无效'),
    ).toBeInTheDocument();

    const totals = screen.getByLabelText('合计');
    expect(within(totals).getByText('200.00')).toBeInTheDocument();
    expect(within(totals).getByText('50.00')).toBeInTheDocument();
    expect(within(totals).getByText('40.00')).toBeInTheDocument();
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    expect(screen.queryByText('维护中～')).not.toBeInTheDocument();
  });

  it('filters by date and venue with antd-mobile drop-downs (no native select) and sends them', async () => {
    const sent = bets((body) => ({ data: body.api_type === 'lottery' ? [LOTTERY_LOST] : [], total: 0 }));
    const { user } = renderApp('/betRecord', { token: 'tok' });
    expect(await screen.findByText('暂无投注记录', {}, { timeout: 5000 })).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: '筛选' });
    expect(filters.querySelector('select, input')).toBeNull();

    await user.click(within(filters).getByLabelText('日期：近30天'));
    const dates = await screen.findByRole('listbox', { name: '日期' });
    expect(
      within(dates)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['今天', '近7天', '近15天', '近30天', '近90天']);
    await tap(user, within(dates).getByRole('option', { name: '今天' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ date: 1, page: 1, api_type: '' }));
    expect(within(filters).getByLabelText('日期：今天')).toBeInTheDocument();

    await tap(user, within(filters).getByLabelText('场馆：全部场馆'));
    const venues = await screen.findByRole('listbox', { name: '场馆' });
    // 全部场馆, 彩票, then the venues by name (the venue list), never by code.
    await waitFor(() => expect(within(venues).getAllByRole('option').length).toBe(7));
    expect(
      within(venues)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['全部场馆', '彩票', 'AG真人', 'BBIN', '开元棋牌', 'PG电子', '沙巴体育']);
    await tap(user, within(venues).getByRole('option', { name: '彩票' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ date: 1, page: 1, api_type: 'lottery' }));
    expect(await screen.findByText('加拿大28 第20261125087期')).toBeInTheDocument();
    expect(within(filters).getByLabelText('场馆：彩票')).toBeInTheDocument();
  });

  it('loads the next page at the end of the list and then says 没有更多了', async () => {
    // jsdom lays nothing out: antd-mobile's InfiniteScroll loads only for an element with an offsetParent.
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get: () => document.body,
    });
    onTestFinished(() => {
      if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
    });
    const row = (i: number): Wire => ({ ...GAME_WON, order_no: `G${i}`, bet_amount: `${i}.00` });
    const sent = bets((body) =>
      body.page === 1
        ? { data: Array.from({ length: 15 }, (_, i) => row(100 + i)), total: 17 }
        : { data: [row(1), row(2)], total: 17 },
    );
    renderApp('/betRecord', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '投注记录' }, { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(17), { timeout: 4000 });
    expect(sent.map((b) => b.page)).toEqual([1, 2]);
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
  }, 15_000);

  it('导出CSV saves the bets of the filters: amounts in yuan, payout only once settled', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    onTestFinished(() => saved.mockRestore());
    const sent = bets(() => ({ data: [LOTTERY_OPEN, GAME_WON], total: 2 }));
    const { user } = renderApp('/betRecord', { token: 'tok' });
    await screen.findByRole('list', { name: '投注记录' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: '导出CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const [name, text = ''] = saved.mock.calls[0] ?? [];
    expect(name).toMatch(/^投注记录-\d{8}-\d{4}\.csv$/);
    expect(text.split('\r\n')).toEqual([
      '\uFEFF注单号,游戏,场馆,内容,投注金额（元）,有效投注（元）,派彩金额（元）,状态,时间（北京时间）',
      'L12,加拿大28 第20261125088期,彩票,"大 100.00, 小 50.00",150.00,,,未结算,2026-11-25 12:00:00',
      'G7,AG真人,AG真人,,20.00,20.00,40.00,已中奖,2026-11-25 11:00:00',
      '',
    ]);
    expect(sent.at(-1)).toEqual({ date: 4, page: 1, api_type: '' });
  });
});
