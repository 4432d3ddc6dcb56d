import { agentDownline } from '@app/contract/agent-office';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { MEMBER, TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { bodyOf, renderApp } from './render';

/** 2026-11-20 15:00 Beijing. */
const NOW = Date.parse('2026-11-20T07:00:00Z');

/** Every request of the downline, as sent. */
function recordRequests(make = (page: number) => ({ data: [{ ...MEMBER, id: page }], total: 1 })) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    replyWith(agentDownline, async (request) => {
      const body = await bodyOf(request);
      sent.push(body);
      return make(Number(body.page));
    }),
  );
  return sent;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('下级会员', () => {
  it('lists level 1 of this month first, with the masked name and every figure', async () => {
    const sent = recordRequests(() => ({ data: [MEMBER], total: 1, last_page: 1 }));
    renderApp('/members', { token: TOKEN });
    const list = await screen.findByRole('list', { name: '直属会员' });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('player01');
    expect(card).toHaveTextContent('张**');
    expect(card).toHaveTextContent('存款1,000.00');
    expect(card).toHaveTextContent('取款200.00');
    expect(card).toHaveTextContent('有效投注5,600.50');
    expect(card).toHaveTextContent('会员输赢-350.25');
    expect(card).toHaveTextContent('注册 2026-11-02 10:00 · 最后登录 2026-11-20 21:30');
    expect(screen.getByText('共 1 条')).toBeInTheDocument();
    expect(sent[0]).toEqual({ level: 1, start_date: '2026-11-01', end_date: '2026-11-20', page: 1 });
    expect(screen.getByLabelText('开始日期')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('结束日期')).toHaveValue('2026-11-20');
  });

  it('reads another level from its tab, and searches by name', async () => {
    const sent = recordRequests();
    const { user } = renderApp('/members', { token: TOKEN });
    await screen.findByRole('list', { name: '直属会员' });
    await user.click(screen.getByText('3级'));
    await screen.findByRole('list', { name: '3级会员' });
    expect(sent.at(-1)).toMatchObject({ level: 3, page: 1 });
    await user.type(screen.getByRole('searchbox', { name: '会员账号' }), 'play');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ level: 3, q: 'play' }));
  });

  it('applies a date range once it is valid, and says what is wrong otherwise', async () => {
    const sent = recordRequests();
    renderApp('/members', { token: TOKEN });
    await screen.findByRole('list', { name: '直属会员' });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-25' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('结束日期不能早于开始日期');
    const before = sent.length;
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-10-01' } });
    await waitFor(() =>
      expect(sent.at(-1)).toMatchObject({ start_date: '2026-10-01', end_date: '2026-11-20' }),
    );
    expect(sent.length).toBe(before + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the next page at the end of the list, up to 没有更多了', async () => {
    const sent = recordRequests((page) => ({
      data: Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => ({
        ...MEMBER,
        id: page * 100 + i,
        username: `m${page}-${i}`,
      })),
      total: 25,
      current_page: page,
      last_page: 2,
    }));
    // jsdom has no layout: give elements an offsetParent (antd-mobile's InfiniteScroll looks for one);
    // then the list's end is always "in view", and the next page follows at once.
    const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.parentElement;
    });
    renderApp('/members', { token: TOKEN });
    expect(await screen.findByText('m2-4')).toBeInTheDocument();
    offsetParent.mockRestore();
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    expect(sent.map((b) => b.page)).toEqual([1, 2]);
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
  });

  it('empty: says so (another text when a name was searched)', async () => {
    server.use(reply(agentDownline, { data: [], total: 0 }));
    const { user } = renderApp('/members', { token: TOKEN });
    expect(await screen.findByText('该层级暂无会员')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: '会员账号' }), 'nobody');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('没有找到该会员')).toBeInTheDocument();
  });

  it('a failure shows the server message with 重试', async () => {
    server.use(fail(agentDownline, 429, '请求过于频繁，请稍后再试'));
    renderApp('/members', { token: TOKEN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('请求过于频繁，请稍后再试');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
