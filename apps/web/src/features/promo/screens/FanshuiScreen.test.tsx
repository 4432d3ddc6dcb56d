import { claimRebates, rebates } from '@app/contract/promo';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { promoHandlers } from '@test/msw/promo';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';
import { tappable } from '@test/dialog';
import { beijingToday } from '../rules';

/** Rebate pages answering `pending` (yuan) and recording each request's body. */
function rebateReplies(pending: string) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post(rebates.path, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({
        code: 200,
        message: 'ok',
        data: {
          list: {
            data: [
              {
                gamename: 'AG真人',
                money: pending,
                created_at: '2026-11-21 00:10:00',
                updated_at: null,
                state: 0,
              },
            ],
            total: 1,
          },
          jisuan: '12.00',
          nojisuan: pending,
        },
      });
    }),
  );
  return sent;
}

function claimReplies() {
  const keys: (string | null)[] = [];
  server.use(
    http.post(claimRebates.path, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return HttpResponse.json({ code: 200, message: '领取成功', data: null });
    }),
  );
  return keys;
}

describe('/fanshui', () => {
  beforeEach(() => server.use(...promoHandlers));

  it('sends a visitor to /login', async () => {
    const { location } = renderApp('/fanshui');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Ffanshui'));
  });

  it('shows the totals and the records for the default filter (近30天, all platforms)', async () => {
    const sent = rebateReplies('3.50');
    renderApp('/fanshui', { token: 'tok' });
    await waitFor(() => expect(screen.getByTestId('rebate-pending')).toHaveTextContent('3.50'));
    expect(screen.getByTestId('rebate-claimed')).toHaveTextContent('12.00');
    const list = await screen.findByRole('list', { name: '返水记录' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('AG真人');
    expect(within(list).getByRole('listitem')).toHaveTextContent('未领取');
    expect(sent[0]).toEqual({ date: 4, page: 1 });
  });

  it('filters by state and a date range in antd-mobile pickers, no native select or date input', async () => {
    const sent = rebateReplies('0.00');
    const { user, container } = renderApp('/fanshui', { token: 'tok' });
    await screen.findByRole('list', { name: '返水记录' });
    expect(container.querySelector('select, input[type="date"]')).toBeNull();

    const states = screen.getByRole('group', { name: '状态' });
    await user.click(within(states).getByRole('button', { name: '已领取' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ date: 4, page: 1, type: 1 }));

    // Half a range is refused before anything is sent.
    const before = sent.length;
    await user.click(screen.getByRole('button', { name: '开始日期：未选择' }));
    await user.click(await tappable(screen.getAllByText('确定').at(-1) as HTMLElement));
    const today = beijingToday();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `开始日期：${today}` })).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请选择正确的日期')).toBeInTheDocument();
    expect(sent).toHaveLength(before);

    await user.click(screen.getByRole('button', { name: '结束日期：未选择' }));
    await user.click(await tappable(screen.getAllByText('确定').at(-1) as HTMLElement));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `结束日期：${today}` })).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ date: 4, page: 1, type: 1, start_date: today, end_date: today }),
    );
    // 重置 goes back to the first filter (its page is cached: nothing new need be sent).
    await user.click(screen.getByRole('button', { name: '重置' }));
    expect(await screen.findByRole('button', { name: '开始日期：未选择' })).toBeInTheDocument();
    expect(within(states).getByRole('button', { name: '全部' })).toHaveAttribute('aria-pressed', 'true');
  }, 40_000);

  it('with nothing pending says 暂无领取额度！ and sends nothing', async () => {
    rebateReplies('0.00');
    const keys = claimReplies();
    const { user } = renderApp('/fanshui', { token: 'tok' });
    await screen.findByRole('list', { name: '返水记录' });
    await user.click(screen.getByRole('button', { name: '一键领取' }));
    expect(await screen.findByText('暂无领取额度！')).toBeInTheDocument();
    expect(keys).toEqual([]);
  });

  it('claims the pending rebates with an Idempotency-Key', async () => {
    rebateReplies('3.50');
    const keys = claimReplies();
    const { user } = renderApp('/fanshui', { token: 'tok' });
    await waitFor(() => expect(screen.getByTestId('rebate-pending')).toHaveTextContent('3.50'));
    await user.click(screen.getByRole('button', { name: '一键领取' }));
    expect(await screen.findByText('领取成功')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
  });
});
