import { messageList } from '@app/contract/content';
import { homeNotice, noticeList } from '@app/contract/site';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, raw, reply, replyWith } from '@app/mobile/test/msw-contract';
import { contentHandlers, messagePage } from '@test/msw/content';
import { server } from '@test/msw/server';
import { withOffsetParents } from '@test/layout';
import { renderApp } from '@test/render';

beforeEach(() => server.use(...contentHandlers));

withOffsetParents();

describe('/message', () => {
  it('needs a login', async () => {
    const { location } = renderApp('/message');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fmessage'));
  });

  it('tab 1: the announcements are the homenotice texts', async () => {
    server.use(reply(homeNotice, ['今晚 22:00 系统维护', { content: '周末存款送红包' }, '  ']));
    renderApp('/message', { token: 't' });
    expect(await screen.findByRole('tab', { name: '公告' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: '公告列表' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['今晚 22:00 系统维护', '周末存款送红包']);
    // noticeList's titled notices belong to tab 2, not here.
    expect(within(list).queryByText('系统维护公告')).toBeNull();
  });

  it('tab 1: no announcements says so', async () => {
    server.use(reply(homeNotice, []));
    renderApp('/message?type=1', { token: 't' });
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
  });

  it('tab 2: the noticeList notices, sanitised, paged', async () => {
    server.use(
      replyWith(noticeList, async (request) => {
        const body = (await request.json().catch(() => ({}))) as { page?: number };
        return messagePage(Number(body.page ?? 1));
      }),
    );
    const w = window as unknown as { __pwned?: number };
    delete w.__pwned;
    const { user, location } = renderApp('/message', { token: 't' });
    await user.click(await screen.findByRole('tab', { name: '站内信' }));
    expect(location()).toBe('/message?type=2');
    const list = await screen.findByRole('list', { name: '站内信列表' });
    const evil = await within(list).findByLabelText('站内信：危险内容测试');
    expect(evil).toHaveTextContent('你好');
    expect(evil.querySelector('script, [onerror], [onclick]')).toBeNull();
    expect(within(evil).getByText('点我')).not.toHaveAttribute('href');
    expect(within(evil).getByText('外链')).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(within(evil).getByText('点我'));
    await user.click(within(evil).getByText('外链'));
    expect(w.__pwned).toBeUndefined();
    expect(within(list).getByText('2026-11-21 12:00:00')).toBeInTheDocument();
    // The first page has 10; the rest comes with the infinite scroll, then 没有更多了.
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12), { timeout: 4000 });
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
  }, 15_000);

  it('?type=2 opens the notices; a failed load offers 重试', async () => {
    server.use(fail(noticeList, 500, '服务器开小差了'));
    renderApp('/message?type=2', { token: 't' });
    expect(await screen.findByRole('tab', { name: '站内信' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('服务器开小差了')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('tab 3: our own messages, beside the spec tabs, when the server has messageList', async () => {
    const { user, location } = renderApp('/message?type=3', { token: 't' });
    expect(await screen.findByRole('tab', { name: '我的消息' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: '我的消息列表' });
    expect(await within(list).findByLabelText('我的消息：站内信2')).toHaveTextContent('内容2');
    await user.click(screen.getByRole('tab', { name: '公告' }));
    expect(location()).toBe('/message?type=1');
    expect(await screen.findByRole('list', { name: '公告列表' })).toHaveTextContent('欢迎光临本站');
  });

  it.each([
    ['a 404 page', raw(messageList, '<h1>Not Found</h1>', { status: 404 })],
    ['a 404 envelope', fail(messageList, 404, 'Not Found')],
    ['405', fail(messageList, 405, 'Method Not Allowed')],
  ])('a back end without messageList (%s): the two spec tabs work', async (_label, missing) => {
    server.use(
      missing,
      reply(noticeList, {
        data: [{ title: '通知一', content: '<p>正文一</p>', created_at: '2026-11-20 10:00:00' }],
        total: 1,
      }),
    );
    const { user } = renderApp('/message?type=3', { token: 't' });
    // ?type=3 falls back to tab 1 once the call is known to be missing; no third tab.
    expect(await screen.findByRole('list', { name: '公告列表' })).toHaveTextContent('每日存款送红包');
    await waitFor(() => expect(screen.queryByRole('tab', { name: '我的消息' })).toBeNull());
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['公告', '站内信']);
    expect(screen.getByRole('tab', { name: '公告' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(/Not Found|服务器/)).toBeNull();
    await user.click(screen.getByRole('tab', { name: '站内信' }));
    const list = await screen.findByRole('list', { name: '站内信列表' });
    expect(await within(list).findByLabelText('站内信：通知一')).toHaveTextContent('正文一');
  });

  it('a messageList that fails otherwise (500) keeps its tab, with 重试', async () => {
    server.use(fail(messageList, 500, '服务器开小差了'));
    renderApp('/message?type=3', { token: 't' });
    expect(await screen.findByRole('tab', { name: '我的消息' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('服务器开小差了', {}, { timeout: 8000 })).toBeInTheDocument();
  }, 15_000);
});
