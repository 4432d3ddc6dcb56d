import { app as appCall } from '@app/contract/site';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, replyWith } from '@app/mobile/test/msw-contract';
import { SITE } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

const URLS = { ...SITE, zhanzhu_urls: ['/support/sponsor/1', 'https://sponsor.example/esports'] };

describe('/zhanzhu and /zhanzhuye', () => {
  it('lists the sponsors and opens /zhanzhuye?type=, which embeds the sponsor page', async () => {
    server.use(reply(appCall, URLS));
    const { user, location } = renderApp('/zhanzhu');
    const links = await screen.findAllByRole('link', { name: /赞助|合作伙伴/ }, { timeout: 8000 });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/zhanzhuye?type=1', '/zhanzhuye?type=2']);
    await user.click(screen.getByRole('link', { name: /国际电竞/ }));
    await waitFor(() => expect(location()).toBe('/zhanzhuye?type=2'));
    expect(await screen.findByRole('heading', { name: '国际电竞赛事官方赞助商' })).toBeInTheDocument();
    const frame = await screen.findByTitle('国际电竞赛事官方赞助商');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://sponsor.example/esports');
    // Another origin keeps its own origin; it never gets ours.
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
  });

  it('type 1 embeds our own demo page in an opaque origin (no allow-same-origin)', async () => {
    server.use(reply(appCall, URLS));
    renderApp('/zhanzhuye?type=1');
    const frame = await screen.findByTitle('欧洲足球俱乐部官方合作伙伴');
    expect(frame.getAttribute('src')).toMatch(/\/support\/sponsor\/1$/);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
  });

  it('asks for the address on every visit, so an address the operator changes shows at once', async () => {
    let url = '/support/sponsor/1';
    server.use(replyWith(appCall, () => ({ ...SITE, zhanzhu_urls: [url, ''] })));
    const { router } = renderApp('/zhanzhuye?type=1');
    expect(await screen.findByTitle('欧洲足球俱乐部官方合作伙伴')).toHaveAttribute(
      'src',
      '/support/sponsor/1',
    );
    url = 'https://club.example/partner';
    await router.navigate('/zhanzhu');
    expect(await screen.findByRole('list', { name: '赞助列表' }, { timeout: 8000 })).toBeInTheDocument();
    await router.navigate('/zhanzhuye?type=1');
    await waitFor(() =>
      expect(screen.getByTitle('欧洲足球俱乐部官方合作伙伴')).toHaveAttribute(
        'src',
        'https://club.example/partner',
      ),
    );
  });

  it('a back end that names no sponsor page (no zhanzhu_urls) says so', async () => {
    renderApp('/zhanzhuye?type=2');
    expect(await screen.findByText('暂无赞助页面')).toBeInTheDocument();
    expect(screen.queryByTitle('国际电竞赛事官方赞助商')).toBeNull();
  });

  it('a javascript: address is never framed', async () => {
    server.use(reply(appCall, { ...SITE, zhanzhu_urls: ['javascript:alert(1)'] }));
    renderApp('/zhanzhuye?type=1');
    expect(await screen.findByText('页面地址无效')).toBeInTheDocument();
  });

  it('an unknown type shows 页面不存在', async () => {
    renderApp('/zhanzhuye?type=9');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });
});
