import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ROUTE_QUERY as QUERY } from '../test/route-queries';
import { test, expect, registerMember } from './fixtures';

/* Accessibility of every route (issue 7, quality.md: 0 axe violations on every route): each route of
 * the route table, as a visitor and as a logged-in member, checked by axe against WCAG 2 A and AA; a
 * serious or critical violation fails. The routes are read from src/app/routes.tsx itself, so a route
 * added there is checked here without anyone having to remember it. */

const ROUTES_FILE = join(dirname(fileURLToPath(import.meta.url)), '../src/app/routes.tsx');

interface TableRoute {
  path: string;
  login: 'true' | 'false' | 'confirm';
}

/** The text of the route table in routes.tsx (from `export const appRoutes` to its closing `];`). */
const tableSource = (() => {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  return source.slice(source.indexOf('export const appRoutes'), source.indexOf('];'));
})();

/** The route table as written: `route('/path', () => import(…), { login: …, … })`. */
const routes: TableRoute[] = [
  ...tableSource.matchAll(/route\(\s*'([^']+)'\s*,[^{]*\{\s*login:\s*(true|false|'confirm')/g),
].map(([, path = '', login = '']) => ({ path, login: login.replace(/'/g, '') as TableRoute['login'] }));
/** Every `route(` call of the table, whether or not the pattern above understood it. */
const declared = [...tableSource.matchAll(/^\s*route\(/gm)].length;

/**
 * Violations not fixed here, each precisely: the rule id and the node (the CSS selector axe reports),
 * with the reason. Only that rule on that node is ignored; everything else on the page still counts.
 * None at present; antd-mobile's own markup, which we cannot change, would be the reason for one.
 */
const EXCLUDED: { rule: string; target: RegExp; why: string }[] = [];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits for the screen to settle: its code loaded, its first requests answered, animations over. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.screen-fallback')).toHaveCount(0);
  await expect(page.locator('.adm-skeleton')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(400); // antd-mobile's enter transitions (≤ 300 ms)
}

async function checkAxe(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    // Embedded third-party pages (customer service, sponsors, app download) are not ours to audit, and
    // an unreachable one would hold axe's frame injection until the test times out. The <iframe>
    // elements themselves are still checked (frame-title). Set before withTags: options() replaces.
    .options({ iframes: false })
    // axe.run() in the page itself: the default mode opens a blank page to put the frames' results
    // together, which hangs while an embedded page (the /kefu and /app iframes) is still loading.
    .setLegacyMode(true)
    .withTags(WCAG_TAGS)
    .analyze();
  const serious = results.violations
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter(
        (n) => !EXCLUDED.some((x) => x.rule === v.id && x.target.test(n.target.join(' '))),
      ),
    }))
    .filter((v) => v.nodes.length > 0 && (v.impact === 'serious' || v.impact === 'critical'));
  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length > 0) {
    test.info().annotations.push({
      type: 'axe (moderate/minor)',
      description: minor
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
        .join('; '),
    });
  }
  const report = serious
    .map(
      (v) =>
        `${label} ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n'),
    )
    .join('\n');
  expect(
    serious.map((v) => v.id),
    report,
  ).toEqual([]);
}

/**
 * A new member, signed in by putting the token where the app keeps it (the login screen has its own
 * journeys; logging in through it for every route would trip its rate limit).
 */
async function signInAsNewMember(page: Page): Promise<void> {
  const { token } = await registerMember(page);
  // The app's own document only: embedded (sandboxed) pages have no storage to write to.
  await page.addInitScript((t) => {
    if (window === window.top) window.sessionStorage.setItem('token', t);
  }, token);
}

test('the route table is read whole', () => {
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.length, 'a route( line of routes.tsx was not understood by readRouteTable').toBe(declared);
  expect(routes.map((r) => r.path)).toContain('/');
});

test.describe('visitor', () => {
  // A (login) route sends the visitor to /login, checked as its own route. All of them in one page, as
  // a visitor following links would (a fresh load for each costs seconds and checks nothing more).
  test('every (login) route asks to log in', async ({ page }) => {
    await page.goto('/#/');
    for (const r of routes.filter((x) => x.login === 'true')) {
      await page.evaluate((hash) => (window.location.hash = hash), `#${r.path}${QUERY[r.path] ?? ''}`);
      const asked = `#/login?redirect=${encodeURIComponent(r.path)}`;
      await expect.poll(() => new URL(page.url()).hash.startsWith(asked), { message: r.path }).toBe(true);
    }
  });

  for (const r of routes.filter((x) => x.login !== 'true')) {
    test(`axe ${r.path}`, async ({ page }) => {
      await page.goto(`/#${r.path}${QUERY[r.path] ?? ''}`);
      if (r.login === 'confirm') {
        // The visitor is asked to log in first: the dialog is what is on the screen.
        await expect(page.getByRole('dialog')).toBeVisible();
      }
      await settle(page);
      await checkAxe(page, `visitor ${r.path}`);
    });
  }
});

// As a member: the screens a visitor cannot reach, and the hall (whose header changes with the login);
// the other public screens are the same for both and were checked above.
test.describe('member', () => {
  for (const r of routes.filter((x) => x.login !== 'false' || x.path === '/')) {
    test(`axe ${r.path}`, async ({ page }) => {
      await signInAsNewMember(page);
      await page.goto(`/#${r.path}${QUERY[r.path] ?? ''}`);
      await expect(page).not.toHaveURL(/#\/login\?redirect=/);
      await settle(page);
      await checkAxe(page, `member ${r.path}`);
    });
  }
});
