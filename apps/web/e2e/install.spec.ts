import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { test, expect, login, registerMember } from './fixtures';

/* The app installs: Chromium finds it installable (manifest, icons, service worker), an installed app
 * opened without a network shows our 网络已断开 page, and /app shows the way to install it for each
 * kind of browser. Screenshots in /tmp/shots/pwa/. */

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots/pwa/${name}.png` });

/** Signs a new member in on `page` (/app needs a login). */
async function signIn(page: Page) {
  const member = await registerMember(page);
  await page.goto('/#/login');
  await login(page, member.name, member.password);
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

/** A browser profile of its own: Chromium refuses to install from incognito, which every test context is. */
async function profile(userAgent: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'e2e-install-')), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...PHONE,
    userAgent,
    locale: 'zh-CN',
    // The config blocks service workers for every other journey; the runner applies that here too.
    serviceWorkers: 'allow',
  });
}

test('Chromium can install the app; offline, the installed app opens to 网络已断开 and 重试 brings it back', async ({
  baseURL,
}) => {
  const context = await profile(ANDROID);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseURL}/#/`);
    // The service worker takes the page over once it has kept the app's files.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        return installabilityErrors.map((e) => e.errorId);
      })
      .toEqual([]);
    // What it keeps: the app's files, never a reply of the API.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept).toContain('/offline.html');
    expect(kept.some((u) => /^\/assets\/index-[\w-]+\.js$/.test(u))).toBe(true);
    expect(kept.filter((u) => u.startsWith('/api/') || u === '/' || u.endsWith('index.html'))).toEqual([]);

    // Chromium offers the installation (beforeinstallprompt): /app has 安装.
    await signIn(page);
    await page.goto(`${baseURL}/#/app`);
    const card = page.getByRole('region', { name: '安装到主屏幕' });
    await expect(card.getByRole('button', { name: '安装' })).toBeVisible();
    await expect(card.getByRole('heading', { name: '安装到手机' })).toBeVisible();
    await shot(page, 'app-android-prompt');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: '网络已断开' })).toBeVisible();
    await expect(page).toHaveURL(/#\/app$/);
    await shot(page, 'offline');
    await context.setOffline(false);
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByRole('region', { name: '安装到主屏幕' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('/app on an iPhone: the steps of Safari’s 添加到主屏幕', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, userAgent: IPHONE, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/#/app');
    const card = page.getByRole('region', { name: '安装到主屏幕' });
    await expect(card.getByRole('listitem')).toHaveText([/“分享”按钮/, /“添加到主屏幕”/, /“添加”/]);
    await expect(page.getByRole('button', { name: '安装' })).toHaveCount(0);
    await shot(page, 'app-ios');
  } finally {
    await context.close();
  }
});

test('/app on a computer: the QR code of the site, to open it on a phone', async ({ page }) => {
  await signIn(page);
  await page.goto('/#/app');
  const qr = page.getByRole('img', { name: '本站二维码' });
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await shot(page, 'app-desktop');
});
