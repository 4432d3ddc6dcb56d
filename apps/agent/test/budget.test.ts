import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/* The back office's size, measured on the build (`vite build` writes the manifest), against the
 * members' app's bars of design/quality.md: the JS of a first load — the entry and the opened screen,
 * each with its static imports, transitively — ≤ 110 KB gzip; its CSS ≤ 15 KB; every screen's own chunk
 * ≤ 35 KB. Dynamic imports are not counted: Toast, Dialog and the QR code library load on use, and
 * the pull to refresh (shared/ui/Refreshable.tsx) once the screen has painted.
 * KB = 1000 bytes, as Vite prints sizes; gzip level 9, as the server's precompressed files. */

const KB = 1000;
const BUDGET = { firstLoadJs: 110 * KB, firstLoadCss: 15 * KB, routeChunk: 35 * KB };
const FIRST_SCREENS = [
  'src/features/overview/screens/OverviewScreen.tsx',
  'src/features/auth/screens/LoginScreen.tsx',
  'src/features/auth/screens/TicketScreen.tsx',
];
const SCREEN = /src\/features\/[^/]+\/screens\/[^/]+\.tsx$/;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const dist = `${process.env['AGENT_DIST_DIR'] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist')}/`;
const manifestPath = `${dist}.vite/manifest.json`;

function readManifest(): Manifest {
  if (!existsSync(manifestPath)) {
    throw new Error('run npm run build -w apps/agent first: there is no dist/.vite/manifest.json to measure');
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

const gzipSize = (file: string) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/** The JS and CSS files of the first load of `screen`, with their gzip sizes. */
function firstLoad(manifest: Manifest, screen: string) {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const key = Object.keys(manifest).find((k) => k.endsWith(screen));
  if (!entry || !key) throw new Error(`the manifest has no entry or no ${screen}`);
  const keys = staticClosure(manifest, key, staticClosure(manifest, entry));
  const chunks = [...keys].map((k) => manifest[k]).filter((c): c is ManifestChunk => c !== undefined);
  const sized = (files: string[]) => [...new Set(files)].map((f) => [f, gzipSize(f)] as const);
  return {
    js: sized(chunks.map((c) => c.file).filter((f) => f.endsWith('.js'))),
    css: sized(chunks.flatMap((c) => c.css ?? [])),
  };
}

const total = (rows: (readonly [string, number])[]) => rows.reduce((n, [, size]) => n + size, 0);

describe('front-end budgets of the back office (gzip, from the build manifest)', () => {
  it.each(FIRST_SCREENS)('a first load of %s needs at most 110 KB of JS and 15 KB of CSS', (screen) => {
    const { js, css } = firstLoad(readManifest(), screen);
    const lines = [...js, ...css].sort((a, b) => b[1] - a[1]).map(([f, s]) => `  ${kb(s).padStart(9)}  ${f}`);
    console.log(`first load of ${screen}: JS ${kb(total(js))}, CSS ${kb(total(css))}\n${lines.join('\n')}`);
    expect(total(js)).toBeLessThanOrEqual(BUDGET.firstLoadJs);
    expect(total(css)).toBeLessThanOrEqual(BUDGET.firstLoadCss);
  });

  it("every screen's own chunk is at most 35 KB", () => {
    const manifest = readManifest();
    const screens = Object.keys(manifest).filter((k) => SCREEN.test(k));
    expect(screens.length).toBeGreaterThanOrEqual(10);
    for (const key of screens) {
      const file = manifest[key]?.file ?? '';
      expect(gzipSize(file), `${key}: ${kb(gzipSize(file))}`).toBeLessThanOrEqual(BUDGET.routeChunk);
    }
  });
});
