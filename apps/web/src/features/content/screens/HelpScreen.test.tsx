import { article } from '@app/contract/site';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, replyWith } from '@app/mobile/test/msw-contract';
import { contentHandlers } from '@test/msw/content';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

beforeEach(() => server.use(...contentHandlers));

describe('help centre, articles and /abouts', () => {
  it('/boutBallBet lists the articles in order and human support', async () => {
    const { user, location } = renderApp('/boutBallBet');
    const list = await screen.findByRole('list', { name: '帮助中心' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['关于我们', '/boutBallBetInfo?type=7'],
      ['常见问题', '/boutBallBetInfo?type=1'],
      ['隐私政策', '/boutBallBetInfo?type=2'],
      ['免责说明', '/boutBallBetInfo?type=3'],
      ['联系我们', '/boutBallBetInfo?type=4'],
      ['代理加盟', '/boutBallBetInfo?type=5'],
      ['博彩责任', '/boutBallBetInfo?type=8'],
    ]);
    expect(screen.getByRole('link', { name: '联系人工客服' })).toHaveAttribute('href', '/kefu');
    await user.click(links[1] as HTMLElement);
    await waitFor(() => expect(location()).toBe('/boutBallBetInfo?type=1'));
    expect(await screen.findByRole('heading', { name: '常见问题' })).toBeInTheDocument();
    const body = await screen.findByLabelText('常见问题内容');
    expect(body).toHaveTextContent('第1类文章');
    expect(body.querySelector('[onclick]')).toBeNull();
  });

  it.each(['9', 'abc', ''])('/boutBallBetInfo?type=%s: 页面不存在', async (type) => {
    renderApp(`/boutBallBetInfo?type=${type}`);
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });

  it('/abouts?type=5 and 6', async () => {
    renderApp('/abouts?type=6');
    expect(await screen.findByRole('heading', { level: 1, name: '隐私政策' })).toBeInTheDocument();
    expect(await screen.findByLabelText('隐私政策内容')).toHaveTextContent('第6类文章');
  });

  it('/abouts asks for its own articles (section abouts); the help centre for its own', async () => {
    const asked: unknown[] = [];
    server.use(
      replyWith(article, async (request) => {
        const body = (await request.json()) as { type: number; section?: string };
        asked.push(body);
        return body.section === 'abouts'
          ? { title: '条款与规则', content: '<p>会员须年满 18 周岁</p>' }
          : { title: '代理加盟', content: '<p>加入合营计划</p>' };
      }),
    );
    const { router } = renderApp('/abouts?type=5');
    // The title bar names the article, once (it read 关于我们 on type 5: walk-through 2026-11-27).
    expect(await screen.findByRole('heading', { level: 1, name: '条款与规则' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(await screen.findByLabelText('条款与规则内容')).toHaveTextContent('会员须年满 18 周岁');
    await router.navigate('/boutBallBetInfo?type=5');
    expect(await screen.findByLabelText('代理加盟内容')).toHaveTextContent('加入合营计划');
    expect(asked).toEqual([{ type: 5, section: 'abouts' }, { type: 5 }]);
  });

  it('a failed article shows the error with 重试', async () => {
    server.use(fail(article, 404, '文章不存在'));
    renderApp('/abouts?type=5');
    expect(await screen.findByText('文章不存在')).toBeInTheDocument();
  });
});
