import { app as appCall } from '@app/contract/site';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { SITE } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';
import type * as QRCode from 'qrcode';
import type { InstallPromptEvent } from '../install';

// The QR code's text, as the qrcode package is asked to draw it.
const drawn = vi.hoisted(() => [] as string[]);
vi.mock('qrcode', async (importOriginal) => {
  const real = await importOriginal<typeof QRCode>();
  return {
    ...real,
    toDataURL: (text: string, options: object) => {
      drawn.push(text);
      return real.toDataURL(text, options);
    },
  };
});

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function asBrowser(userAgent: string, opts: { standalone?: boolean } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: !!opts.standalone && query === '(display-mode: standalone)',
        media: query,
      }) as MediaQueryList,
  );
}

/** Chromium's offer, as public/pwa.js keeps and announces it. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(() => Promise.resolve());
  const offer = Object.assign(new Event('beforeinstallprompt'), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  }) as InstallPromptEvent;
  act(() => {
    window.__installPrompt = offer;
    window.dispatchEvent(new Event('installpromptchange'));
  });
  return prompt;
}

/** The install card; the first time, once the lazy /app screen has arrived (slow on a busy machine). */
async function installCard() {
  return within(await screen.findByRole('region', { name: '安装到主屏幕' }, { timeout: 10_000 }));
}

afterEach(() => {
  window.__installPrompt = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  drawn.length = 0;
});

describe('/app: installing the app', () => {
  it("on Android, Chromium's offer (even made after the page opened) installs it with 安装", async () => {
    asBrowser(ANDROID);
    const { user } = renderApp('/app', { token: 't' });
    // Before the offer: the browser menu's way.
    expect((await installCard()).getByText('选择“安装应用”或“添加到主屏幕”')).toBeInTheDocument();
    const prompt = offerInstall('accepted');
    expect(await screen.findByRole('heading', { name: '安装到手机' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '安装' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: '安装完成' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '安装' })).not.toBeInTheDocument();
    expect(window.__installPrompt).toBeNull(); // an offer serves once
  });

  it('on Android, a dismissed install dialog leaves the page as it was, without the spent offer', async () => {
    asBrowser(ANDROID);
    const { user } = renderApp('/app', { token: 't' });
    await installCard();
    offerInstall('dismissed');
    await user.click(await screen.findByRole('button', { name: '安装' }));
    expect(await screen.findByText('点击浏览器右上角的菜单按钮')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '安装完成' })).not.toBeInTheDocument();
  });

  it("in iOS Safari, the steps of Safari's share menu", async () => {
    asBrowser(IPHONE_SAFARI);
    renderApp('/app', { token: 't' });
    const card = await installCard();
    const steps = card.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual([
      expect.stringContaining('“分享”按钮'),
      expect.stringContaining('选择“添加到主屏幕”'),
      expect.stringContaining('点击右上角的“添加”'),
    ]);
    expect(card.queryByText(/请先在 Safari/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '安装' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '本站二维码' })).not.toBeInTheDocument();
  });

  it('in another iOS browser, the same steps, to take in Safari', async () => {
    asBrowser(IPHONE_CHROME);
    renderApp('/app', { token: 't' });
    expect(
      (await installCard()).getByText('请先在 Safari 浏览器中打开本站，再按以下步骤操作。'),
    ).toBeInTheDocument();
  });

  it("on a computer, the QR code of the site's address, to open it on a phone", async () => {
    asBrowser(DESKTOP);
    renderApp('/app', { token: 't' });
    const img = await screen.findByRole('img', { name: '本站二维码' }, { timeout: 4000 });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(drawn).toEqual([new URL('./', window.location.href).href]);
    expect(screen.getByText(/扫描二维码打开本站/)).toBeInTheDocument();
  });

  it('opened from the home screen, it says the app is installed', async () => {
    asBrowser(ANDROID, { standalone: true });
    renderApp('/app', { token: 't' });
    expect((await installCard()).getByRole('heading', { name: '已安装到主屏幕' })).toBeInTheDocument();
    offerInstall('accepted');
    expect(screen.queryByRole('button', { name: '安装' })).not.toBeInTheDocument();
  });

  it("shows no download section of the operator's when the site has no download address", async () => {
    server.use(reply(appCall, { ...SITE, h5_url: 'https://h5.example/' }));
    asBrowser(IPHONE_SAFARI);
    renderApp('/app', { token: 't' });
    await installCard();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole('region', { name: '扫码下载' })).not.toBeInTheDocument();
  });
});
