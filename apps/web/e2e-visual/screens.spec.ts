import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHOTS, shotOf } from './routes';
import { mask, prepareBrowser, readPrepared, settle } from './shared';

/*
 * Every route at 390×844 for a visitor and for the demo member, compared with the baselines in
 * e2e-visual/baselines/. The server's and the browser's clocks stand still (clock.ts), the data is a
 * fresh seed, and random values are masked (shared.ts MASKED).
 */

test('the suite covers every path of routes.tsx', () => {
  const source = readFileSync(join(import.meta.dirname, '../src/app/routes.tsx'), 'utf8');
  const routed = [...source.matchAll(/route\('([^']+)'/g)].map((m) => m[1]).sort();
  expect(routed.length).toBeGreaterThan(40);
  expect(SHOTS.map((s) => s.path).sort()).toEqual(routed);
});

for (const who of ['visitor', 'member'] as const) {
  test.describe(who, () => {
    for (const shot of SHOTS) {
      for (const variant of shot.variants) {
        const { name, query, visitor } = shotOf(shot, variant);
        test(name, async ({ page }) => {
          const prepared = readPrepared();
          const q = query(prepared);
          const url = `/#${shot.path}${q ? `?${q}` : ''}`;
          await prepareBrowser(page, who === 'member' ? prepared : undefined);
          await page.goto(url);
          if (who === 'visitor' && visitor === 'login') {
            // The picture would be /login's: only the way there is checked.
            await expect(page).toHaveURL(/#\/login\?redirect=/);
            return;
          }
          if (who === 'visitor' && visitor === 'home') {
            await expect(page).toHaveURL(/#\/$/);
            return;
          }
          if (who === 'visitor' && visitor === 'invite') {
            await expect(page.getByText('精彩内容等你来体验，快来登录吧！')).toBeVisible();
          }
          await settle(page);
          await expect(page).toHaveScreenshot([who, `${name}.png`], { mask: mask(page) });
        });
      }
    }
  });
}
