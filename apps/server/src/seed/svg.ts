import { escapeHtml } from '../http/html';

/**
 * Pictures of the seeded demo content, drawn by code and served by the server under /assets-seed/,
 * so nothing loads from outside. Plain SVG: no scripts, no styles, no external references.
 */

const FONT = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif';

function banner(title: string, subtitle: string, from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#g)"/>
<circle cx="640" cy="60" r="120" fill="#ffffff" fill-opacity="0.08"/>
<circle cx="700" cy="260" r="90" fill="#ffffff" fill-opacity="0.06"/>
<text x="48" y="140" font-family="${FONT}" font-size="56" font-weight="700" fill="#ffffff">${escapeHtml(title)}</text>
<text x="50" y="200" font-family="${FONT}" font-size="28" fill="#ffffff" fill-opacity="0.9">${escapeHtml(subtitle)}</text>
</svg>`;
}

function icon(label: string, from: string, to: string): string {
  const size = label.length > 3 ? 22 : label.length > 2 ? 28 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect x="4" y="4" width="112" height="112" rx="24" fill="url(#g)"/>
<text x="60" y="60" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff">${escapeHtml(label)}</text>
</svg>`;
}

/** The site logo sits on the app's blue header: the name is white (red read about 2:1 there). */
function logo(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">
<rect x="2" y="6" width="52" height="52" rx="14" fill="#e53935"/>
<text x="28" y="32" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="#ffd54f">乐</text>
<text x="66" y="32" dy="0.35em" font-family="${FONT}" font-size="30" font-weight="700" fill="#ffffff">乐享娱乐</text>
</svg>`;
}

function avatar(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<rect width="120" height="120" rx="60" fill="#ffe0b2"/>
<circle cx="60" cy="48" r="22" fill="#fb8c00"/>
<path d="M20 104c6-22 22-32 40-32s34 10 40 32" fill="#fb8c00"/>
</svg>`;
}

/** A QR-code-like picture (finder squares and a fixed module pattern) marked as a demo; not scannable. */
function demoQr(): string {
  const n = 25;
  const cell = 8;
  const margin = 16;
  const finder = (x: number, y: number) =>
    `<rect x="${margin + x * cell}" y="${margin + y * cell}" width="${7 * cell}" height="${7 * cell}" fill="#000"/>` +
    `<rect x="${margin + (x + 1) * cell}" y="${margin + (y + 1) * cell}" width="${5 * cell}" height="${5 * cell}" fill="#fff"/>` +
    `<rect x="${margin + (x + 2) * cell}" y="${margin + (y + 2) * cell}" width="${3 * cell}" height="${3 * cell}" fill="#000"/>`;
  const inFinder = (x: number, y: number) =>
    (x < 8 && y < 8) || (x >= n - 8 && y < 8) || (x < 8 && y >= n - 8);
  let seed = 20261122;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  let modules = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!inFinder(x, y) && rand() < 0.5) {
        modules += `<rect x="${margin + x * cell}" y="${margin + y * cell}" width="${cell}" height="${cell}"/>`;
      }
    }
  }
  const size = n * cell + margin * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size + 28}" viewBox="0 0 ${size} ${size + 28}">
<rect width="${size}" height="${size + 28}" fill="#fff"/>
<g fill="#000">${modules}</g>
${finder(0, 0)}${finder(n - 7, 0)}${finder(0, n - 7)}
<text x="${size / 2}" y="${size + 14}" text-anchor="middle" font-family="${FONT}" font-size="16" fill="#666">演示二维码</text>
</svg>`;
}

/** Colours of the seeded game icons by category. */
const CATEGORY_COLOURS: Record<string, [string, string]> = {
  realbet: ['#ef5350', '#b71c1c'],
  joker: ['#ffa726', '#e65100'],
  gaming: ['#7e57c2', '#311b92'],
  sport: ['#66bb6a', '#1b5e20'],
  lottery: ['#ec407a', '#880e4f'],
  concise: ['#29b6f6', '#01579b'],
};

/** Seeded banners (title, subtitle, gradient). */
export const SEED_BANNERS = [
  {
    name: 'banner-1.svg',
    title: '新会员首存送好礼',
    subtitle: '注册即享首存优惠，最高加赠 888 元',
    from: '#e53935',
    to: '#8e24aa',
  },
  {
    name: 'banner-2.svg',
    title: 'VIP 尊享返水',
    subtitle: '六大游戏类别，每日返水无上限',
    from: '#fb8c00',
    to: '#c62828',
  },
  {
    name: 'banner-3.svg',
    title: '每日红包雨',
    subtitle: '北京时间 10:00–12:00 准时开抢',
    from: '#d81b60',
    to: '#ff7043',
  },
  {
    name: 'banner-4.svg',
    title: 'USDT 极速存取',
    subtitle: 'TRC20 / ERC20 双协议，安全便捷',
    from: '#00897b',
    to: '#1e88e5',
  },
] as const;

/** Banners of activities only (not in the home carousel). */
export const SEED_ACTIVITY_BANNERS = [
  {
    name: 'banner-5.svg',
    title: '周末救援金',
    subtitle: '上周末净亏损可申请 2% 救援金，最高 5888 元',
    from: '#3949ab',
    to: '#00acc1',
  },
] as const;

export interface SeedIcon {
  name: string;
  label: string;
  category: string;
}

/** Builds every picture the seed refers to: name → SVG text. */
export function buildSeedAssets(icons: readonly SeedIcon[]): Map<string, string> {
  const assets = new Map<string, string>();
  for (const b of [...SEED_BANNERS, ...SEED_ACTIVITY_BANNERS])
    assets.set(b.name, banner(b.title, b.subtitle, b.from, b.to));
  assets.set('logo.svg', logo());
  assets.set('avatar.svg', avatar());
  assets.set('download-qr.svg', demoQr());
  for (const i of icons) {
    const [from, to] = CATEGORY_COLOURS[i.category] ?? ['#90a4ae', '#37474f'];
    assets.set(i.name, icon(i.label, from, to));
  }
  return assets;
}
