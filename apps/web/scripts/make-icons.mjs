// `node scripts/make-icons.mjs`: draws the app's icons (public/icons/*.png) from the brand mark of
// public/favicon.svg, in Chromium (Debian's, as the journeys use it). Run once when the mark changes;
// the pictures are committed. The maskable icon fills the whole square in the brand blue and keeps
// the mark inside the central 80 % that every launcher shape shows.
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const dir = new URL('../public/', import.meta.url);
const mark = await readFile(new URL('favicon.svg', dir), 'utf8');

/** The page that draws one icon of `size` px: the favicon as it is, or full-bleed (maskable). */
function page(size, maskable) {
  const inner = maskable ? Math.round(size * 0.72) : size;
  const svg = mark.replace('<svg ', `<svg width="${inner}" height="${inner}" `);
  const bg = maskable ? '#1a5cff' : 'transparent';
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${bg}">${svg}</body></html>`;
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const icons = [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['maskable-512.png', 512, true],
    ['apple-touch-icon.png', 180, true],
  ];
  for (const [name, size, maskable] of icons) {
    const tab = await browser.newPage({ viewport: { width: size, height: size } });
    await tab.setContent(page(size, maskable));
    await tab.screenshot({ path: new URL(`icons/${name}`, dir).pathname, omitBackground: !maskable });
    await tab.close();
  }
} finally {
  await browser.close();
}
