import { messageList } from '@app/contract/content';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentHandlers } from '@test/msw/content';
import { fail } from '@test/msw/contract';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

beforeEach(() => server.use(...contentHandlers));

// jsdom lays nothing out: antd-mobile's InfiniteScroll loads only for an element with an offsetParent.
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
});
afterAll(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
});

describe('/message', () => {
  it('needs a login', async () => {
    const { location } = renderApp('/message');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fmessage'));
  });

  it('tab 1: the announcements', async () => {
    renderApp('/message', { token: 't' });
    expect(await screen.findByRole('tab', { name: '公告' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: '公告列表' });
    expect(within(list).getByRole('heading', { name: '系统维护公告' })).toBeInTheDocument();
    expect(await within(list).findByLabelText('公告：系统维护公告')).toHaveTextContent('今晚维护');
  });

  it('tab 2: site messages, sanitised, paged', async () => {
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

  it('?type=2 opens the site messages; a failed load offers 重试', async () => {
    server.use(fail(messageList, 500, '服务器开小差了'));
    renderApp('/message?type=2', { token: 't' });
    expect(await screen.findByRole('tab', { name: '站内信' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('服务器开小差了')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
