import type { Page } from '@playwright/test';
import { test, expect, openRoundWith, registerMember } from './fixtures';

/* The first paint of the hall (index.html's first frame, filled in by the server's app shell): the
 * header and the first banner show before the app's code runs, and the app replaces them with the hall
 * itself, in the same place, without a loading state in between and without asking for the banners
 * again. On other routes the frame stays hidden. */

const FIRST_BANNER = '/assets-seed/banner-1.svg';

/** What the page records while it loads (see the init script below). */
interface FirstPaint {
  /** frame → loading → hall …: what #root showed, from the frame's arrival on. */
  states: string[];
  /** Sum of the layout shifts. */
  shifts: number;
  /** The frame's banner area, last seen. */
  frameBox: { x: number; y: number; width: number; height: number } | null;
  /** URLs of the largest-contentful-paint entries, and the time of the last. */
  lcp: string[];
  lcpAt: number;
  /** When the app's entry chunk was asked for. */
  entryAt: number;
}

/** The app's code never arrives (its entry chunk fails), so what shows is index.html alone, with boot.js. */
async function withoutTheApp(page: Page) {
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
}

test.describe('before the app runs', () => {
  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('the hall shows its header and first banner', async ({ page }) => {
      await page.goto('/#/');
      const header = page.getByRole('banner');
      await expect(header.getByText('娱乐城')).toBeVisible();
      await expect(header.getByRole('button', { name: '登录' })).toBeVisible();
      const banner = page.getByRole('img', { name: '横幅1' });
      await expect(banner).toBeVisible();
      await expect(banner).toHaveAttribute('src', FIRST_BANNER);
      await expect(banner).toHaveJSProperty('complete', true);
      expect(await banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.locator(`link[rel="preload"][as="image"][href="${FIRST_BANNER}"]`)).toHaveCount(1);
    });
  });

  test('the frame is the hall’s only: hidden elsewhere, without 登录 / 注册 for a member', async ({
    page,
  }) => {
    await withoutTheApp(page);
    await page.goto('/#/');
    await expect(page.getByRole('img', { name: '横幅1' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: '注册' })).toBeVisible();

    // Each a new document (a change of the hash alone does not load the page again).
    for (const path of ['/#/login', '/#/lottery?room_id=1']) {
      await page.goto('about:blank');
      await page.goto(path);
      await expect(page.locator('.boot-frame')).toHaveCount(1);
      await expect(page.locator('.boot-frame')).toBeHidden();
    }

    const member = await registerMember(page);
    await page.evaluate((token) => sessionStorage.setItem('token', token), member.token);
    await page.goto('about:blank');
    await page.goto('/#/');
    await expect(page.getByRole('img', { name: '横幅1' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button')).toHaveCount(0);
  });
});

test('the app replaces the frame with the hall in place, with the banners it came with', async ({ page }) => {
  const bannerCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/bannerList')) bannerCalls.push(r.url());
  });
  await page.addInitScript(() => {
    const seen: FirstPaint = { states: [], shifts: 0, frameBox: null, lcp: [], lcpAt: NaN, entryAt: NaN };
    (window as unknown as { __firstPaint: FirstPaint }).__firstPaint = seen;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      const frame = root?.querySelector('.boot-banner');
      if (frame) {
        const { x, y, width, height } = frame.getBoundingClientRect();
        seen.frameBox = { x, y, width, height };
      }
      const state = frame
        ? 'frame'
        : root?.querySelector('.screen-fallback, .hall-banner [role="status"]')
          ? 'loading'
          : root?.querySelector('.hall-banner img')
            ? 'hall'
            : 'other';
      // From the frame's arrival on (before it, the parser has not reached it yet).
      if ((seen.states.length > 0 || state === 'frame') && seen.states.at(-1) !== state)
        seen.states.push(state);
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.shifts += (e as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        seen.lcp.push((e as PerformanceEntry & { url: string }).url);
        seen.lcpAt = e.startTime;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // Observed, not read from performance: the journeys' fake clock stubs the performance timeline.
    new PerformanceObserver((list) => {
      const entry = list.getEntries().find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name));
      if (entry) seen.entryAt = entry.startTime;
    }).observe({ type: 'resource', buffered: true });
  });

  await page.goto('/#/');
  const banner = page.locator('.hall-banner img').first();
  await expect(banner).toBeVisible();
  await expect(page.getByRole('tab', { name: '真人' })).toBeVisible();
  await expect(banner).toHaveAttribute('src', FIRST_BANNER);
  await page.waitForTimeout(500); // notices and platforms arrive meanwhile; a shift would count

  const seen = await page.evaluate(() => (window as unknown as { __firstPaint: FirstPaint }).__firstPaint);
  const hallBox = await page.locator('.hall-banner').boundingBox();
  // Straight from the frame to the hall: no loading state, no banner fetched again.
  expect(seen.states).toEqual(['frame', 'hall']);
  expect(bannerCalls).toEqual([]);
  // The same place and size, and nothing on the page moved.
  expect(seen.frameBox).toEqual(hallBox);
  expect(seen.shifts).toBeLessThan(0.001);
  // The page's largest paint is the banner the server put in the frame, before the app's code was asked
  // for (public/boot.js starts it then).
  expect(seen.lcp.at(-1)).toMatch(new RegExp(`${FIRST_BANNER.replace(/\./g, '\\.')}$`));
  expect(seen.entryAt).toBeGreaterThan(seen.lcpAt);
});

test('a member’s lottery room paints from its one early reply, before the app’s other first requests', async ({
  page,
}) => {
  const member = await registerMember(page);
  await page.goto('/#/');
  await page.evaluate((token) => sessionStorage.setItem('token', token), member.token);
  // A new document, not a hash change: the app reads the token when it starts. After a hash change the
  // room was a visitor's, and once, on a busy machine, the page ended at the hall.
  await page.goto('about:blank');
  await page.goto('/#/lottery?room_id=1');
  // The round stays open over what follows: a round's end would load the room again, rightly.
  await openRoundWith(page, 8);
  await page.addInitScript(() => {
    const seen = { requests: [] as { url: string; at: number }[], lcpAt: NaN };
    (window as unknown as { __room: typeof seen }).__room = seen;
    // Observed, not read from performance: the journeys' fake clock stubs the performance timeline.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.requests.push({ url: e.name, at: e.startTime });
    }).observe({ type: 'resource', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.lcpAt = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('about:blank');
  await page.goto('/#/lottery?room_id=1');
  await expect(page.getByTestId('round-state')).toBeVisible();
  await page.waitForTimeout(2500); // past the app's hold (1 s at most) and the room's freshness (2 s)

  const seen = await page.evaluate(
    () =>
      (window as unknown as { __room: { requests: { url: string; at: number }[]; lcpAt: number } }).__room,
  );
  const api = (name: RegExp) => seen.requests.filter((r) => name.test(new URL(r.url).pathname));
  // boot.js asked for the room once; the app took that reply, and did not ask again when its other
  // requests resumed.
  expect(api(/^\/api\/lotteryRoom$/)).toHaveLength(1);
  // Those requests (member, balance, site, notices) went once the room was on screen.
  const others = api(/^\/api\/(user|balance|app|homenotice)$/);
  expect(others.map((r) => new URL(r.url).pathname).sort()).toEqual(
    expect.arrayContaining(['/api/balance', '/api/user']),
  );
  expect(Number.isFinite(seen.lcpAt)).toBe(true);
  for (const r of others) expect(r.at, r.url).toBeGreaterThan(seen.lcpAt);
});
