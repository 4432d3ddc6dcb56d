import type { Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { test, expect, api, newMember } from './fixtures';

/* The app's frame: the balance header on its routes (spec §2), 已在当前页面！, the hall's shortcuts for a
 * visitor, the framed support pages and games (CSP, sandbox), and installability. */

/** CSP violations the page (and its frames) report, from the moment this is called. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? '';
    if (/BLOCKED|NotSameOrigin/i.test(reason)) violations.push(`${r.url()} ${reason}`);
  });
  return violations;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots/h5/${name}.png` });
}

test.describe('the balance header', () => {
  test('a visitor sees 登录/注册 on the routes of the header; a back arrow on /message and /abouts', async ({
    page,
  }) => {
    for (const path of ['/', '/vip', '/usdtmore', '/boutBallBet', '/concise?type=pp', '/home']) {
      await page.goto(`/#${path}`);
      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: '登录' }), path).toBeVisible();
      await expect(header.getByRole('button', { name: '注册' }), path).toBeVisible();
    }
    // A top-level screen keeps its title and way back under the header.
    await page.goto('/#/');
    await page.goto('/#/vip');
    await expect(page.getByRole('heading', { name: 'VIP特权' })).toBeVisible();
    await shot(page, 'visitor-vip-390');
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/#\/$/);

    for (const path of ['/activity', '/activityInfo?id=1']) {
      await page.goto(`/#${path}`);
      await expect(page.locator('main')).not.toBeEmpty();
      await expect(page.locator('.app-header'), path).toHaveCount(0);
    }
    await page.goto('/#/abouts?type=6');
    const back = page.locator('.title-bar.standalone');
    await expect(back.getByRole('heading', { name: '隐私政策' })).toBeVisible();
    await expect(page.locator('.app-header')).toHaveCount(0);
    await expect(back.getByRole('button', { name: '返回' })).toBeVisible();
    await expect(back.getByRole('button', { name: '登录' })).toHaveCount(0);
  });

  test('a member has balance, refresh and 一键回收 on top-level screens, with their title bar', async ({
    page,
  }) => {
    await newMember(page, '321');
    for (const [path, title] of [
      ['/recharge', '存款'],
      ['/withdrawal', '取款'],
      ['/transRecord', '交易记录'],
      ['/userCent', '设置'],
      ['/kefu', '在线客服'],
    ] as const) {
      await page.goto(`/#${path}`);
      const header = page.getByRole('banner');
      await expect(header.getByTestId('header-balance'), path).toHaveText('321.00');
      await expect(header.getByRole('button', { name: '一键回收' }), path).toBeVisible();
      await expect(header.getByRole('button', { name: /刷新/ }), path).toBeVisible();
      await expect(page.getByRole('heading', { name: title, exact: true }), path).toBeVisible();
    }
    await page.goto('/#/recharge');
    await expect(page.getByRole('heading', { name: '存款', exact: true })).toBeVisible();
    await shot(page, 'member-recharge-390');
    await page.setViewportSize({ width: 360, height: 640 });
    await shot(page, 'member-recharge-360');
    await page.goto('/#/withdrawal');
    await expect(page.getByRole('heading', { name: '取款', exact: true })).toBeVisible();
    await shot(page, 'member-withdrawal-360');
    await page.goto('/#/account');
    await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('321.00');
    await shot(page, 'member-account-360');
    // Hidden on /mine and /transfer.
    for (const path of ['/mine', '/transfer']) {
      await page.goto(`/#${path}`);
      await expect(page.locator('main')).not.toBeEmpty();
      await expect(page.locator('.app-header'), path).toHaveCount(0);
    }
  });
});

test('已在当前页面！ for the tab bar, the header buttons and links to the page shown', async ({ page }) => {
  await page.goto('/#/');
  await page.getByRole('link', { name: '大厅' }).click();
  await expect(page.getByText('已在当前页面！')).toBeVisible();
  await expect(page.getByText('已在当前页面！')).toHaveCount(0);
  await page.goto('/#/discover');
  await page.getByRole('link', { name: '发现' }).click();
  await expect(page.getByText('已在当前页面！')).toBeVisible();
  await expect(page).toHaveURL(/#\/discover$/);
  // A plain link of a screen still goes where it points.
  await page.goto('/#/boutBallBet');
  await page.getByRole('link', { name: '联系人工客服' }).click();
  await expect(page).toHaveURL(/#\/kefu$/);
});

test('a visitor may open VIP from the hall, is asked to log in for transfers and told 请登录！ for deposits', async ({
  page,
}) => {
  await page.goto('/#/');
  const shortcuts = page.getByRole('navigation', { name: '快捷入口' });
  await shortcuts.getByRole('button', { name: 'VIP' }).click();
  await expect(page).toHaveURL(/#\/vip2$/);
  await expect(page.getByRole('tab', { name: 'VIP1', exact: true })).toBeVisible();
  await page.goBack();
  await shortcuts.getByRole('button', { name: '转账' }).click();
  await expect(page.getByRole('dialog')).toContainText('精彩内容等你来体验，快来登录吧！');
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/#\/$/);
  for (const name of ['存款', '取款']) {
    await shortcuts.getByRole('button', { name }).click();
    await expect(page.getByText('请登录！').first()).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
  }
});

test('/kefu and /app show the support pages styled, with no CSP refusal, in a frame that fills the screen', async ({
  page,
}) => {
  const violations = await watchCsp(page);
  await newMember(page);
  for (const [path, title, tabs, size] of [
    ['/kefu', '在线客服', false, '17px'],
    ['/app', '下载页面', true, '22px'],
  ] as const) {
    await page.goto(`/#${path}`);
    const frame = page.frameLocator(`iframe[title="${title}"]`);
    const heading = frame.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // Styled: the desk's and the support pages' stylesheets size the heading (unstyled: 2em = 32 px).
    await expect(heading).toHaveCSS('font-size', size);
    await heading.scrollIntoViewIfNeeded();
    const box = await page.locator(`iframe[title="${title}"]`).boundingBox();
    const top = await page.locator('.app-top').boundingBox();
    const viewport = page.viewportSize();
    if (!box || !top || !viewport) throw new Error('no layout');
    const bottom = viewport.height - (tabs ? 56 : 0);
    // The frame takes the screen below the header down to the tab bar, its page's padding aside.
    expect(box.height, path).toBeGreaterThanOrEqual(bottom - (top.height + 12 + 12) - 80);
    if (path === '/kefu') {
      expect(box.y + box.height, path).toBeGreaterThan(bottom - 16);
      expect(box.y + box.height, path).toBeLessThanOrEqual(bottom);
      await shot(page, 'member-kefu-390');
    }
  }
  expect(violations).toEqual([]);
});

test('a game in its frame cannot read the app storage, and still plays a round', async ({ page }) => {
  const violations = await watchCsp(page);
  const member = await newMember(page, '100');
  // Auto-transfer: the central balance moves into the venue when the game opens.
  expect((await api(page, member, '/api/uptransferstatus', { transferstatus: 1 })).code).toBe(200);
  await page.goto('/#/concise?type=pp');
  await page.getByRole('button', { name: '金狼' }).click();
  await expect(page).toHaveURL(/#\/gamePage\?name=PP/);
  const frame = page.frameLocator('iframe[title="PP电子"]');
  await expect(frame.getByRole('button', { name: '开始' })).toBeEnabled();

  // Script inside the game's frame: an opaque origin, so no storage, no parent.
  const gameFrame = page.frames().find((f) => f.url().includes('/demo-game/'));
  if (!gameFrame) throw new Error('no game frame');
  const reach = await gameFrame.evaluate(() => {
    const tryRead = (f: () => unknown) => {
      try {
        return String(f());
      } catch (e) {
        return `blocked: ${(e as Error).name}`;
      }
    };
    return {
      origin: window.origin,
      session: tryRead(() => window.sessionStorage.getItem('token')),
      local: tryRead(() => window.localStorage.getItem('token')),
      parentSession: tryRead(() => window.parent.sessionStorage.getItem('token')),
    };
  });
  expect(reach.origin).toBe('null');
  for (const value of [reach.session, reach.local, reach.parentSession]) expect(value).toMatch(/^blocked/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();

  // The round is played against the server all the same.
  await frame.getByLabel('投注金额').fill('10');
  await frame.getByRole('button', { name: '开始' }).click();
  await expect(frame.getByRole('status')).toHaveText(/点数 \d+/);
  expect(violations).toEqual([]);
});

test('the app is installable: a manifest with icons that Chromium accepts', async ({ page, baseURL }) => {
  await page.goto('/#/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toMatch(/^\.?\/manifest\.webmanifest$/);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as { name: string; short_name: string; display: string };
  expect([body.name, body.short_name, body.display]).toEqual(['娱乐城', '娱乐城', 'standalone']);
  // Chromium's own check, in a browser profile of its own (it refuses to install from incognito,
  // which every test context is).
  const profile = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'e2e-pwa-')), {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    viewport: { width: 390, height: 844 },
  });
  try {
    const installed = await profile.newPage();
    await installed.goto(`${baseURL}/#/`);
    const cdp = await profile.newCDPSession(installed);
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        return installabilityErrors.map((e) => e.errorId);
      })
      .toEqual([]);
  } finally {
    await profile.close();
  }
});
