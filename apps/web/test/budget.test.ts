import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/* Front-end budgets of design/quality.md, measured on the build (`vite build` writes the manifest).
 *
 * JS of the first load of #/ — every chunk the page loads before it is usable — ≤ 110 KB gzip:
 * the entry chunk and its static imports, the hall screen's chunk and its static imports (all
 * transitively), and every chunk those import dynamically (with its static imports), except
 *   - the other routes' screens, and
 *   - the few modules listed in AFTER_USABLE, each loaded only once the page is usable (see there).
 * A new dynamic import on the first-load path is therefore counted until it is shown to belong there.
 * CSS of the same chunks ≤ 15 KB gzip; every other route's own chunk ≤ 35 KB gzip.
 * KB = 1000 bytes, as Vite prints sizes; gzip level 9, as the server's precompressed files. */

const KB = 1000;
const BUDGET = { firstLoadJs: 110 * KB, firstLoadCss: 15 * KB, routeChunk: 35 * KB };
const HALL = 'src/features/hall/screens/HallScreen.tsx';
const SCREEN = /src\/features\/[^/]+\/screens\/[^/]+\.tsx$/;

/**
 * Dynamic imports of the first-load chunks that load only after the page is usable, and why. Each is
 * named by its module (the manifest's key when the chunk is that module's own) and by its chunk's name
 * (the key is `_<name>-<hash>.js` when other chunks import the module statically too, so that it
 * became a shared chunk: the name is its module's file name).
 */
const AFTER_USABLE: { module: RegExp; chunk: string; why: string }[] = [
  {
    module: /antd-mobile\/es\/components\/toast\/index\.js$/,
    chunk: 'toast',
    why: 'Toast: on the first message; preloaded when idle',
  },
  {
    module: /antd-mobile\/es\/components\/dialog\/index\.js$/,
    chunk: 'dialog',
    why: 'Dialog: on a confirmation or the session-over alert',
  },
  {
    module: /packages\/mobile\/src\/antd-render\.ts$/,
    chunk: 'antd-render',
    why: "antd-mobile's React 19 renderer, with Toast and Dialog",
  },
  {
    module: /src\/shared\/ui\/dialog\.ts$/,
    chunk: 'dialog',
    why: 'our Dialog wrapper: on the session-over alert (a 401) or a confirmation',
  },
  {
    module: /src\/app\/LoginInvite\.tsx$/,
    chunk: 'LoginInvite',
    why: 'the 快来登录吧 invitation: only a visitor opening /transfer or /hongbao',
  },
  {
    module: /src\/features\/wallet\/components\/RecoverAllButton\.tsx$/,
    chunk: 'RecoverAllButton',
    why: "the header's 一键回收 (members only): an inert copy stands in while its code arrives",
  },
  {
    module: /src\/features\/hall\/components\/VenueMoneyHint\.tsx$/,
    chunk: 'VenueMoneyHint',
    why: "the hall's note of money held in venues: only a member whose central wallet is empty",
  },
  {
    module: /src\/features\/protection\/components\/RealityCheck\.tsx$/,
    chunk: 'RealityCheck',
    why: '游戏时间提醒 (members only): it sets a timer once the page is up, nothing is drawn',
  },
  {
    module: /contract\/src\/wallet\.ts$/,
    chunk: 'wallet',
    why: "the wallet contract: the header's 一键回收 (members only) imports it on the tap",
  },
];

/** The AFTER_USABLE row of the dynamic import `key`, if it is one. */
function afterUsable(manifest: Manifest, key: string) {
  const shared = /^_(.+)-[\w-]{8}\.js$/.exec(key)?.[1];
  return AFTER_USABLE.find(
    (a) =>
      a.module.test(key) || (shared !== undefined && manifest[key]?.name === a.chunk && shared === a.chunk),
  );
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

// WEB_DIST_DIR measures another build (e.g. `vite build --outDir /tmp/x`) than apps/web/dist.
const distDir = process.env['WEB_DIST_DIR'] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist');
const dist = distDir.endsWith('/') ? distDir : `${distDir}/`;
const manifestPath = `${dist}.vite/manifest.json`;

function readManifest(): Manifest {
  if (!existsSync(manifestPath)) {
    throw new Error('run npm run build first: there is no dist/.vite/manifest.json to measure');
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The chunks a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  return entry;
}

/** The chunks of the first load of #/, and the dynamic imports left out of it (with the reason). */
function firstLoad(manifest: Manifest) {
  const hall = Object.keys(manifest).find((k) => k.endsWith(HALL));
  if (!hall) throw new Error(`the manifest has no ${HALL}`);
  const counted = new Set<string>();
  const left = new Map<string, string>();
  const pending = [entryKey(manifest), hall];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (counted.has(key)) continue;
    for (const k of staticClosure(manifest, key)) {
      counted.add(k);
      for (const d of manifest[k]?.dynamicImports ?? []) {
        const after = afterUsable(manifest, d);
        if (after) left.set(d, after.why);
        else if (!SCREEN.test(d) || d.endsWith(HALL)) pending.push(d); // another route: not this page's
      }
    }
  }
  return { counted, left, hall };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Prints the rows (largest first) and their total; returns the total. */
function report(title: string, rows: [string, number][]): number {
  const total = rows.reduce((sum, [, size]) => sum + size, 0);
  const lines = [...rows]
    .sort((a, b) => b[1] - a[1])
    .map(([name, size]) => `  ${kb(size).padStart(9)}  ${name}`);
  console.log(`${title}: ${kb(total)} gzip\n${lines.join('\n')}`);
  return total;
}

const chunksOf = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys].map((k) => manifest[k]).filter((c): c is ManifestChunk => c !== undefined);

describe('front-end budgets (gzip, from the build manifest)', () => {
  it('the first load of #/ needs at most 110 KB of JS and 15 KB of CSS', () => {
    const manifest = readManifest();
    const { counted, left } = firstLoad(manifest);
    const chunks = chunksOf(manifest, counted);
    const jsFiles = [...new Set(chunks.map((c) => c.file).filter((f) => f.endsWith('.js')))];
    const js = report(
      'first load of #/, JS (counted)',
      jsFiles.map((f) => [f, gzipSize(f)]),
    );
    const cssFiles = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    const css = report(
      'first load of #/, CSS (counted)',
      cssFiles.map((f) => [f, gzipSize(f)]),
    );

    // For the record: what loads once the page is usable (not counted), each with what it brings.
    const later = new Set<string>();
    for (const d of left.keys()) staticClosure(manifest, d, later);
    const laterFiles = [...new Set(chunksOf(manifest, later).map((c) => c.file))].filter(
      (f) => f.endsWith('.js') && !jsFiles.includes(f),
    );
    console.log(
      `left out, loaded once #/ is usable:\n${[...left.values()].map((why) => `  - ${why}`).join('\n')}`,
    );
    report(
      'their chunks (not counted)',
      laterFiles.map((f) => [f, gzipSize(f)]),
    );

    expect(js, `first-load JS ${kb(js)} > ${kb(BUDGET.firstLoadJs)}`).toBeLessThanOrEqual(BUDGET.firstLoadJs);
    expect(css, `first-load CSS ${kb(css)} > ${kb(BUDGET.firstLoadCss)}`).toBeLessThanOrEqual(
      BUDGET.firstLoadCss,
    );
  });

  it('every other route has its own chunk of at most 35 KB', () => {
    const manifest = readManifest();
    const screens = Object.entries(manifest).filter(
      ([k, c]) => c.isDynamicEntry && SCREEN.test(k) && !k.endsWith(HALL),
    );
    expect(screens.length).toBeGreaterThan(0);
    const sizes = screens.map(([k, c]): [string, number] => [
      k.replace(/^.*src\//, 'src/'),
      gzipSize(c.file),
    ]);
    report('route chunks (own)', sizes);
    for (const [name, size] of sizes) {
      expect(size, `${name}: ${kb(size)} > ${kb(BUDGET.routeChunk)}`).toBeLessThanOrEqual(BUDGET.routeChunk);
    }
  });
});

describe('start-up order of the build', () => {
  it('runs src/app/zod-jitless.ts before zod is set up, so no schema probes `new Function` (CSP)', () => {
    const manifest = readManifest();
    const entryId = entryKey(manifest);
    const entry = manifest[entryId];
    const code = readFileSync(`${dist}${entry?.file}`, 'utf8');
    // zod's configuration object: the first mention in the entry is our flag, then zod's own set-up.
    const first = code.indexOf('__zod_globalConfig');
    expect(first, 'zod is in the entry chunk').toBeGreaterThanOrEqual(0);
    expect(code.slice(first, first + 40)).toMatch(/jitless/);
    expect(code.indexOf('__zod_globalConfig', first + 1), "zod's own set-up follows").toBeGreaterThan(first);
    // What runs before the entry's code (its static imports) holds no zod and does not need the entry.
    const before = staticClosure(manifest, entryId);
    before.delete(entryId);
    for (const c of chunksOf(manifest, before)) {
      expect(c.imports ?? [], `${c.file} imports`).not.toContain(entryId);
      expect(readFileSync(`${dist}${c.file}`, 'utf8'), c.file).not.toContain('__zod_globalConfig');
    }
    // And no other chunk of the first load holds zod (it would run on its own schedule).
    for (const c of chunksOf(manifest, firstLoad(manifest).counted)) {
      if (c.file === entry?.file || !c.file.endsWith('.js')) continue;
      expect(readFileSync(`${dist}${c.file}`, 'utf8'), c.file).not.toContain('__zod_globalConfig');
    }
  });
});
