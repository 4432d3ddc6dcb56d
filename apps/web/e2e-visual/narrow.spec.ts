import { test, expect } from '@playwright/test';
import { SHOTS, shotOf } from './routes';
import { mask, prepareBrowser, readPrepared, settle } from './shared';

/*
 * The busiest screens at 360×640, the narrowest phone the app is designed for, for the demo member:
 * nothing wider than the screen (no sideways scroll), and a picture compared with its baseline in
 * e2e-visual/baselines/narrow/. Every other route and variant is checked for width alone.
 */

const NARROW = { width: 360, height: 640 };
const BUSIEST: Record<string, string> = {
  '/': '',
  '/withdrawal': '',
  '/recharge': '',
  '/transfer': '',
  '/account': '',
  '/userCent': '',
  '/transRecord': '',
  '/betRecord': '',
  '/vip': '',
  '/lottery': 'room-1',
  '/app': '',
};

test.use({ viewport: NARROW });

for (const shot of SHOTS.filter((s) => s.path in BUSIEST)) {
  const variant =
    shot.variants.find((v) => (typeof v === 'string' ? v : v.name) === BUSIEST[shot.path]) ??
    shot.variants[0];
  if (variant === undefined) continue;
  const { name, query } = shotOf(shot, variant);
  test(`360×640 ${name}`, async ({ page }) => {
    const prepared = readPrepared();
    const q = query(prepared);
    await prepareBrowser(page, prepared);
    await page.goto(`/#${shot.path}${q ? `?${q}` : ''}`);
    await settle(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
    await expect(page).toHaveScreenshot(['narrow', `${name}.png`], { mask: mask(page) });
  });
}

test('360×640: no route or variant is wider than the screen', async ({ page }) => {
  test.setTimeout(240_000);
  const prepared = readPrepared();
  await prepareBrowser(page, prepared);
  const wide: string[] = [];
  for (const shot of SHOTS) {
    for (const variant of shot.variants) {
      const { name, query } = shotOf(shot, variant);
      const q = query(prepared);
      await page.goto(`/#${shot.path}${q ? `?${q}` : ''}`);
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) wide.push(`${name} +${overflow}px`);
    }
  }
  expect(wide).toEqual([]);
});
