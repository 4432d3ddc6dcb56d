import { app as appCall, serviceUrl } from '@app/contract/site';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { SITE } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';
import { frameSandbox } from '@/shared/ui/EmbeddedPage';

afterEach(() => vi.restoreAllMocks());

describe('/kefu', () => {
  it('shows our support desk in a frame of an opaque origin, with the notice and online service entries', async () => {
    // A ticket per answer (getservicerurl for a member): the frame and the new window each get their own.
    let n = 0;
    server.use(replyWith(serviceUrl, () => ({ url: `/support/#/?t=ticket${(n += 1)}` })));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('/kefu');
    const frame = await screen.findByTitle('在线客服');
    const key = localStorage.getItem('support_visitor_key') ?? 'missing';
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(frame).toHaveAttribute('src', `/support/#/?t=ticket1&v=${key}`);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(screen.getByRole('link', { name: '公告' })).toHaveAttribute('href', '/message?type=1');
    await user.click(screen.getByRole('button', { name: '在线客服' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        `http://localhost:3000/support/#/?t=ticket2&v=${key}`,
        '_blank',
        'noopener,noreferrer',
      ),
    );
    // The frame keeps its own ticket (the new window's is not pushed into it).
    expect(screen.getByTitle('在线客服')).toHaveAttribute('src', `/support/#/?t=ticket1&v=${key}`);
  });

  it('asks getservicerurl again on every visit (a ticket is spent once), never showing a kept address', async () => {
    let n = 0;
    server.use(replyWith(serviceUrl, () => ({ url: `/support/#/?t=ticket${(n += 1)}` })));
    localStorage.setItem('support_visitor_key', 'k'.repeat(24));
    const first = renderApp('/kefu');
    expect(await screen.findByTitle('在线客服')).toHaveAttribute(
      'src',
      `/support/#/?t=ticket1&v=${'k'.repeat(24)}`,
    );
    first.unmount();
    renderApp('/kefu');
    expect(await screen.findByTitle('在线客服')).toHaveAttribute(
      'src',
      `/support/#/?t=ticket2&v=${'k'.repeat(24)}`,
    );
    expect(n).toBe(2);
  });

  it('says why the address could not be had, and 重试 asks again', async () => {
    server.use(fail(serviceUrl, 500, '服务器繁忙，请稍后再试'));
    const { user } = renderApp('/kefu');
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
    expect(screen.queryByTitle('在线客服')).toBeNull();
    server.use(reply(serviceUrl, { url: '/support/' }));
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTitle('在线客服')).toBeInTheDocument();
  });

  it('hands no visitor key to another desk', async () => {
    server.use(reply(serviceUrl, { url: 'https://kf.example/chat#/?x=1' }));
    renderApp('/kefu');
    expect(await screen.findByTitle('在线客服')).toHaveAttribute('src', 'https://kf.example/chat#/?x=1');
  });

  it('never frames a javascript: address', async () => {
    server.use(reply(serviceUrl, { url: 'javascript:alert(1)' }));
    renderApp('/kefu');
    expect(await screen.findByText('页面地址无效')).toBeInTheDocument();
    expect(screen.queryByTitle('在线客服')).not.toBeInTheDocument();
  });

  it('sandboxes by origin', () => {
    const origin = 'https://app.example';
    // Our own pages never get allow-same-origin: with scripts, that would hand them the app's origin.
    expect(frameSandbox('/support/', origin)).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    expect(frameSandbox('https://app.example/support/', origin)).not.toContain('allow-same-origin');
    expect(frameSandbox('https://kf.example/chat', origin)).toContain('allow-scripts');
    expect(frameSandbox('javascript:alert(1)', origin)).toBeNull();
    expect(frameSandbox('data:text/html,x', origin)).toBeNull();
  });
});

describe('/app', () => {
  it('needs a login', async () => {
    const { location } = renderApp('/app');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fapp'));
  });

  it('shows the QR picture of ios_download_qrcode, the download link and the page, loading hidden after 2 s', async () => {
    server.use(
      reply(appCall, {
        ...SITE,
        ios_download_qrcode: '/assets-seed/download-qr.svg',
        ios_download_url: '/support/app/',
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/app', { token: 't' });
    expect(await screen.findByRole('img', { name: '下载二维码' })).toHaveAttribute(
      'src',
      '/assets-seed/download-qr.svg',
    );
    expect(screen.getByRole('link', { name: 'iOS 下载' })).toHaveAttribute('href', '/support/app/');
    expect(screen.getByTitle('下载页面')).toHaveAttribute('src', '/support/app/');
    expect(screen.getByText('加载中…')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.queryByText('加载中…')).not.toBeInTheDocument();
  });

  it('draws the QR code of the download address when the site has no picture', async () => {
    server.use(reply(appCall, { ...SITE, ios_download_url: 'https://dl.example/app' }));
    renderApp('/app', { token: 't' });
    const img = await screen.findByRole('img', { name: '下载二维码' }, { timeout: 4000 });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});
