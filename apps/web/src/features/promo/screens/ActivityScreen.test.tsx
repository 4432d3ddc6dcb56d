import { activities, activityApplications, activityDetail, applyActivity } from '@app/contract/promo';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { ACTIVITIES, ACTIVITY, ACTIVITY_ROWS, promoHandlers } from '@test/msw/promo';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';
import { APPLICATION_POLL_MS } from '../api';

describe('/activity', () => {
  it('shows 全部 and the server types, and the list of the chosen type', async () => {
    const types: unknown[] = [];
    server.use(
      replyWith(activities, async (request) => {
        const body = (await request.json()) as { type?: number };
        types.push(body.type);
        return body.type === 3 ? { data: ACTIVITY_ROWS.slice(1) } : ACTIVITIES;
      }),
      ...promoHandlers,
    );
    const { user, location } = renderApp('/activity');
    const tabs = await screen.findByRole('tablist', { name: '活动类型' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['全部', '限时活动', '新人首存', '日常活动']),
    );
    const list = await screen.findByRole('list', { name: '活动列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(types[0]).toBeUndefined();

    await user.click(within(tabs).getByRole('tab', { name: '日常活动' }));
    await waitFor(() => expect(screen.queryByText('首存送100%')).not.toBeInTheDocument());
    expect(types.at(-1)).toBe(3);
    await user.click(screen.getByText('每日签到'));
    await waitFor(() => expect(location()).toBe('/activityInfo?id=12'));
  });

  it('shows the empty state and the old layout on /activity_old', async () => {
    server.use(reply(activities, { data: [] }), ...promoHandlers);
    renderApp('/activity_old');
    expect(await screen.findByText('暂无活动')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '申请记录' })).toBeInTheDocument();
  });
});

describe('/activityInfo', () => {
  it('shows the sanitised content and memo, and a link to /login for a visitor', async () => {
    server.use(...promoHandlers);
    renderApp('/activityInfo?id=11');
    const content = await screen.findByLabelText('活动内容');
    expect(content).toHaveTextContent('活动内容');
    expect(content.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(content.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(screen.getByText('最终解释权归平台所有')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去登录' })).toHaveAttribute(
      'href',
      '/login?redirect=%2FactivityInfo%3Fid%3D11',
    );
    expect(screen.queryByRole('button', { name: '立即申请' })).not.toBeInTheDocument();
  });

  /** The rows of the seeded first-deposit activity (contract activity-terms.ts). */
  const TERMS = [
    { label: '彩金', value: '首笔存款的 38%' },
    { label: '最高', value: '888.00 元' },
    { label: '最低存款', value: '100.00 元' },
    { label: '流水要求', value: '（存款 + 彩金）× 15 倍有效投注' },
    { label: '流水计入', value: '彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入' },
    { label: '须知', value: '每位会员限领取一次；同一手机号、银行卡、USDT 地址或真实姓名限领一次' },
  ];

  it('lists the bonus rule under 活动规则, between the content and the memo', async () => {
    server.use(reply(activityDetail, { ...ACTIVITY, terms: TERMS }), ...promoHandlers);
    renderApp('/activityInfo?id=11', { token: 'tok' });
    const block = await screen.findByRole('region', { name: '活动规则' });
    const labels = within(block)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(labels).toEqual(TERMS.map((t) => t.label));
    const values = within(block)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(values).toEqual(TERMS.map((t) => t.value));
    // 流水计入: why lottery bets count half.
    const weights = within(block).getByText('流水计入').closest('div');
    expect(weights).toHaveTextContent('彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入');
    // Order: content, 活动规则, memo, then the button.
    const content = screen.getByLabelText('活动内容');
    const memo = screen.getByText('最终解释权归平台所有');
    const button = screen.getByRole('button', { name: '立即申请' });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(content, block)).toBe(true);
    expect(follows(block, memo)).toBe(true);
    expect(follows(memo, button)).toBe(true);
  });

  it.each([
    ['without terms (another back end)', {}],
    ['with terms: null', { terms: null }],
    ['with terms: []', { terms: [] }],
  ])('shows no 活动规则 for a reply %s', async (_, extra) => {
    server.use(reply(activityDetail, { ...ACTIVITY, ...extra }), ...promoHandlers);
    renderApp('/activityInfo?id=11');
    expect(await screen.findByLabelText('活动内容')).toBeInTheDocument();
    expect(screen.getByText('最终解释权归平台所有')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '活动规则' })).not.toBeInTheDocument();
    expect(screen.queryByText('活动规则')).not.toBeInTheDocument();
  });

  it('parses a reply without terms to [] at the boundary', () => {
    expect('terms' in ACTIVITY).toBe(false);
    expect(z.parse(activityDetail.response, ACTIVITY).terms).toEqual([]);
    expect(z.parse(activityDetail.response, { ...ACTIVITY, terms: null }).terms).toEqual([]);
    expect(z.parse(activityDetail.response, { ...ACTIVITY, terms: TERMS }).terms).toEqual(TERMS);
  });

  it('applies when logged in and shows the server message', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(applyActivity.path, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 200, message: '申请成功，请等待审核', data: null });
      }),
      ...promoHandlers,
    );
    const { user } = renderApp('/activityInfo?id=11', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '立即申请' }));
    expect(await screen.findByText('申请成功，请等待审核')).toBeInTheDocument();
    expect(sent).toEqual([{ activityid: 11 }]);
  });

  it('shows a refusal of the server', async () => {
    server.use(fail(applyActivity, 400, '您已申请过该活动'), ...promoHandlers);
    const { user } = renderApp('/activityInfo?id=11', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '立即申请' }));
    expect(await screen.findByText('您已申请过该活动')).toBeInTheDocument();
  });
});

describe('/activityInfo of an activity paid without an application', () => {
  it('says 该活动无需申请，系统自动发放 instead of offering 立即申请', async () => {
    server.use(reply(activityDetail, { ...ACTIVITY, applicable: false }), ...promoHandlers);
    renderApp(`/activityInfo?id=${ACTIVITY.id}`, { token: 'tok' });
    expect(await screen.findByTestId('no-application')).toHaveTextContent('该活动无需申请，系统自动发放');
    expect(screen.queryByRole('button', { name: '立即申请' })).not.toBeInTheDocument();
  });
});

describe('/activityRecord', () => {
  it('sends a visitor to /login', async () => {
    const { location } = renderApp('/activityRecord');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2FactivityRecord'));
  });

  it('lists the applications with their state', async () => {
    server.use(
      reply(activityApplications, {
        data: [
          { id: 1, activity_name: '首存送100%', created_at: '2026-11-20 10:00:00', state: 1 },
          { id: 2, activity_name: '每日签到', created_at: '2026-11-19 10:00:00', state: 3 },
        ],
        total: 2,
      }),
      ...promoHandlers,
    );
    renderApp('/activityRecord', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '申请记录' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('首存送100%');
    expect(first).toHaveTextContent('审核中');
    expect(first).toHaveTextContent('2026-11-20 10:00:00');
    expect(second).toHaveTextContent('已拒绝');
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
  });

  it('shows an operator’s decision within seconds while an application is 审核中, then stops asking', async () => {
    let decided = false;
    let reads = 0;
    server.use(
      replyWith(activityApplications, () => {
        reads += 1;
        return {
          data: [
            {
              id: 1,
              activity_name: '新会员首存送 38%',
              created_at: '2026-11-20 10:00:00',
              state: decided ? 2 : 1,
              money: decided ? '190.00' : '',
            },
          ],
          total: 1,
        };
      }),
      ...promoHandlers,
    );
    renderApp('/activityRecord', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '申请记录' });
    expect(list).toHaveTextContent('审核中');
    decided = true; // the operator approves; the bonus is paid
    await waitFor(() => expect(list).toHaveTextContent('已通过'), { timeout: APPLICATION_POLL_MS + 3000 });
    const settled = reads;
    await new Promise((r) => setTimeout(r, APPLICATION_POLL_MS + 500));
    expect(reads).toBe(settled); // nothing left to wait for
  }, 30_000);

  it('shows the empty state', async () => {
    server.use(...promoHandlers);
    renderApp('/activityRecord', { token: 'tok' });
    expect(await screen.findByText('暂无记录')).toBeInTheDocument();
  });
});
