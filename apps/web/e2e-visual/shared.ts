import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { FIXED_AT } from './clock';

/** What the setup step leaves for the screens: the member's browser storage and the ids it made. */
export interface Prepared {
  session: Record<string, string>;
  local: Record<string, string>;
  /** One room of each seeded lottery (both lottery types). */
  rooms: { id: string; lottery: string }[];
  /** A room above the demo member's VIP level (the seeded VIP房): watch only. */
  vipRoom: string;
  activityId: string;
  /** Deposits the member made in setup: a USDT one and a WeChat one, fixed amounts. */
  deposits: { usdt: string; wechat: string };
}

export const preparedFile = () => join(process.env.E2E_VISUAL_DATA_DIR ?? '', 'visual-prepared.json');

export const readPrepared = (): Prepared => JSON.parse(readFileSync(preparedFile(), 'utf8')) as Prepared;

export const DEMO = { name: 'demo001', password: 'demo123' } as const;

/**
 * Elements that show genuinely random values (drawn balls, round hashes and seeds, order numbers,
 * tokens, QR codes of them). They are masked, not made predictable: the mask keeps their box, so the
 * layout around them is still compared. The one list of masked selectors.
 */
export const MASKED = [
  '.draw-balls .ball',
  '.draw-balls .ball-label',
  '.draw-text',
  '.history-list .ball',
  '.chat-system-text',
  '[data-testid="round-hash"]',
  '[data-testid="round-seed"]',
  '[data-testid="deposit-no"]',
  '[data-testid="order-no"]',
  '[data-visual="random"]',
  // Turns to the next banner every few seconds on a timer of its own (shared/ui/Carousel.tsx).
  '.carousel',
  // /app's QR code of the page's own address: it holds the test server's port.
  'img.ct-qr[alt="本站二维码"]',
];

/** Random values shown inside text, found by their shape: deposit / withdrawal numbers, 64-hex hashes. */
export const MASKED_TEXT = [/[DW]\d{20}/, /\b[0-9a-f]{64}\b/];

export const mask = (page: Page): Locator[] => [
  ...MASKED.map((s) => page.locator(s)),
  ...MASKED_TEXT.map((t) => page.getByText(t)),
];

/** Same draws of Math.random on every run (mulberry32), for what the page picks at random (captcha). */
function fixRandom(seed: number): void {
  let a = seed;
  Math.random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The browser's clock stands at the server's instant (countdowns and dates do not move). */
export async function prepareBrowser(
  page: Page,
  storage?: Pick<Prepared, 'session' | 'local'>,
): Promise<void> {
  await page.clock.setFixedTime(new Date(FIXED_AT));
  await page.addInitScript(fixRandom, 20260115);
  if (storage) {
    await page.addInitScript((s: Pick<Prepared, 'session' | 'local'>) => {
      for (const [k, v] of Object.entries(s.session)) window.sessionStorage.setItem(k, v);
      for (const [k, v] of Object.entries(s.local)) window.localStorage.setItem(k, v);
    }, storage);
  }
}

/** Network quiet, web fonts loaded, every image decoded: then the picture is the settled screen. */
/**
 * Waits until no request has started or ended for `quietMs` (at most `maxMs`): 'networkidle' fires
 * once per page, and a lazy part that loads its code and then its data (the lottery room's session
 * strip) can start after it on a loaded machine.
 */
async function networkQuiet(page: Page, quietMs = 800, maxMs = 8000): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight += 1;
    last = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const until = Date.now() + maxMs;
  while (Date.now() < until && (inFlight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(100);
  page.off('request', started);
  page.off('requestfinished', ended);
  page.off('requestfailed', ended);
}

export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await networkQuiet(page);
  // A screen's data can land just after the network went quiet (a loaded machine renders late): wait
  // for its loading blocks to go, if they do (a screen pictured while loading still gets its picture).
  await page
    .waitForFunction(() => !document.querySelector('.block-state[role="status"]'), null, { timeout: 5000 })
    .catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Images on screen (lazy ones below the fold never load); a broken one must not hang the suite.
    const onScreen = Array.from(document.images).filter((img) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
    });
    const decoded = (img: HTMLImageElement) =>
      Promise.race([img.decode().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
    await Promise.all(onScreen.map(decoded));
  });
  // One more frame so layout after the last image is painted.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}
