import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gzipSize, kb, KB, readManifest, staticClosure } from '@app/mobile/test/manifest';

/* The desk page's size, measured on the build (`vite build` writes the manifest): it opens from every
 * 客服 entry, often on a slow phone, so its whole first load — the entry with its static imports — is
 * at most 60 KB of JS and 5 KB of CSS gzip (it is built on Preact's React layer and no UI library:
 * React DOM alone is 69 KB gzip). */

const BUDGET = { firstLoadJs: 60 * KB, firstLoadCss: 5 * KB };
const dist = process.env['SUPPORT_DIST_DIR'] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist');

describe('front-end budget of the desk page (gzip, from the build manifest)', () => {
  it('a first load needs at most 60 KB of JS and 5 KB of CSS', () => {
    const manifest = readManifest(dist, 'apps/support');
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
    if (!entry) throw new Error('the manifest has no entry');
    const chunks = [...staticClosure(manifest, entry)].map((k) => manifest[k]).filter((c) => c !== undefined);
    const sum = (files: string[]) => files.map((f) => gzipSize(dist, f)).reduce((a, b) => a + b, 0);
    const js = sum(chunks.map((c) => c.file));
    const css = sum(chunks.flatMap((c) => c.css ?? []));
    console.log(`first load of the desk page: JS ${kb(js)}, CSS ${kb(css)}`);
    expect(js).toBeLessThanOrEqual(BUDGET.firstLoadJs);
    expect(css).toBeLessThanOrEqual(BUDGET.firstLoadCss);
  });

  it('loads its script and style as files of its own, under /support/, fetched with CORS (opaque origin)', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/support\/assets\/index-[\w-]+\.js"><\/script>/,
    );
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/support\/assets\/index-[\w-]+\.css">/);
    // No inline script or style: the page's CSP allows 'self' only.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<style/);
  });
});
