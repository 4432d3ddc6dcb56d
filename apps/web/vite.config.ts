import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type IndexHtmlTransformContext, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '@app/mobile/vite-precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** The hall's screen: boot.js loads its code alongside the entry (the hall is where the first frame shows). */
const HALL_SCREEN = '/src/features/hall/screens/HallScreen.tsx';
/** The lottery screen: boot.js loads its code alongside the entry in a member's room, with the room's reply. */
const ROOM_SCREEN = '/src/features/lottery/screens/LotteryScreen.tsx';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** A screen's chunk, the chunks it imports statically (transitively) and their stylesheets. */
function screenFiles(bundle: Bundle, screen: string): string[] | null {
  const chunks = Object.values(bundle);
  const start = chunks.find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(screen));
  if (start?.type !== 'chunk') return null;
  const files: string[] = [];
  const pending = [start.fileName];
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    const chunk = bundle[file];
    if (files.includes(file) || chunk?.type !== 'chunk') continue;
    files.push(file, ...(chunk.viteMetadata?.importedCss ?? []));
    pending.push(...chunk.imports);
  }
  return files;
}

/** Where the build writes the CSP sources of index.html's inline scripts (read by the server's app shell). */
const CSP_FILE = 'csp.json';

/** The CSP source allowing one inline script by its text (as apps/server/src/http/plugins/security.ts writes it). */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The app starts from public/boot.js, after index.html's first frame has painted (see there), instead
 * of from a module script the browser would fetch and run before that paint. In the build, boot.js is
 * inlined into <head>, minified (a separate file costs the page one more round trip before anything
 * starts): the entry's script tag becomes its `data-entry`; the hall screen's chunks and stylesheet its
 * `data-hall`, the lottery screen's its `data-room`, and the app's API base (VITE_API_BASE, as
 * src/shared/api/client.ts reads it) its `data-api`. The CSP allows that script by its hash, which the
 * build reads back from the written index.html into csp.json for the server; the copy of boot.js in
 * dist is dropped. Fails the build when the tags or the chunks are not where they are expected. The dev
 * server keeps loading public/boot.js as a file (there it only marks <html>).
 */
function startFromBoot(): Plugin {
  let apiBase = '';
  let outDir = 'dist';
  let bootJs = '';
  return {
    name: 'start-from-boot',
    apply: 'build',
    configResolved(config) {
      apiBase = String(config.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
      outDir = config.build.outDir;
    },
    async buildStart() {
      const source = await readFile(fileURLToPath(new URL('./public/boot.js', import.meta.url)), 'utf8');
      const min = await minify('boot.js', source, { compress: { target: 'es2022' }, mangle: true });
      if (min.errors.length)
        throw new Error(`public/boot.js: ${min.errors.map((e) => e.message).join('; ')}`);
      bootJs = min.code.trim();
      // Inside <script>, these would end the element or change how the HTML parser reads it.
      if (/<\/script|<!--|<script/i.test(bootJs))
        throw new Error('public/boot.js cannot be inlined as it is');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        const boot = '<script src="./boot.js"></script>';
        const hall = ctx.bundle && screenFiles(ctx.bundle, HALL_SCREEN);
        const room = ctx.bundle && screenFiles(ctx.bundle, ROOM_SCREEN);
        if (!entry?.[1] || !html.includes(boot) || !hall || !room || !bootJs) {
          throw new Error(
            'index.html: the entry script, <script src="/boot.js">, the hall or the lottery chunk is missing',
          );
        }
        // What the page has not asked for yet.
        const attr = (files: string[]) =>
          files
            .map((file) => `./${file}`)
            .filter((file) => file !== entry[1] && !html.includes(`href="${file}"`))
            .join(' ');
        const api = apiBase.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
        const tag = `<script data-entry="${entry[1]}" data-hall="${attr(hall)}" data-room="${attr(room)}"${
          api ? ` data-api="${api}"` : ''
        }>${bootJs}</script>`;
        return html.replace(entry[0], '').replace(boot, () => tag);
      },
    },
    // After the files are written (and before precompress's closeBundle): the hashes of the page as it is.
    async writeBundle() {
      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      const scripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1] ?? '',
      );
      if (scripts.length !== 1)
        throw new Error(`index.html: ${scripts.length} inline scripts, expected boot.js alone`);
      await writeFile(
        join(outDir, CSP_FILE),
        `${JSON.stringify({ 'script-src': scripts.map(hashSource) })}\n`,
      );
      await rm(join(outDir, 'boot.js'), { force: true });
    },
  };
}

/**
 * The service worker (dist/sw.js, Workbox): it keeps the app's files (hashed code and styles, icons,
 * the offline page) so that the installed app starts from them, and shows public/offline.html (网络已断开,
 * 重试) when a page of the app cannot be loaded. It never keeps a reply of the API or the chat socket
 * (a socket never passes a service worker), and never index.html: the server renders that page on
 * each visit (the hall's banners, apps/server/src/modules/site/app-shell.ts) and its CSP must match it,
 * so the app's pages always come from the network. Every URL is relative to the worker, so the app
 * keeps working from any folder. public/pwa.js registers it, once the page has loaded; and the dev
 * server has none.
 */
function serviceWorker() {
  return VitePWA({
    injectRegister: false,
    manifest: false, // public/manifest.webmanifest, linked from index.html
    strategies: 'generateSW',
    filename: 'sw.js',
    workbox: {
      globPatterns: [
        'assets/*.{js,css}',
        'offline.{html,css,js}',
        'pwa.js',
        'favicon.svg',
        'icons/*.png',
        'manifest.webmanifest',
      ],
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: null,
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      navigationPreload: true,
      runtimeCaching: [
        {
          // The app's own pages (its folder, or index.html there): from the network, else the offline
          // page. Written into sw.js as it stands, so it may use nothing from this file.
          urlPattern: ({ request, url }) => {
            const scope = new URL(
              (self as unknown as { registration: { scope: string } }).registration.scope,
            );
            return (
              request.mode === 'navigate' &&
              url.origin === scope.origin &&
              (url.pathname === scope.pathname || url.pathname === `${scope.pathname}index.html`)
            );
          },
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'offline.html' } },
        },
      ],
    },
  });
}

const backend = 'http://127.0.0.1:8080';

/** What the hall's screen shares with the other hall variants (/home, /index_old). */
const HALL_PARTS =
  /(src\/features\/hall\/(components\/(NoticeBar|Modal|CategoryTabs|PlatformGrid)|rules)|src\/shared\/ui\/(Carousel|BannerCarousel)|src\/shared\/queries\/platforms|contract\/src\/games)\.tsx?$/;

export default defineConfig({
  // Relative asset URLs: the built app works from any folder of any static host.
  base: './',
  plugins: [react(), startFromBoot(), serviceWorker(), precompress()],
  resolve: { alias: { '@': src } },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically stays in the entry chunk, as the entry's own code,
          // instead of common chunks shared with the lazy screens that the entry would import first.
          // One request for the first load; and modules run in source order, so src/app/zod-jitless.ts
          // (main.tsx's first import) runs before zod creates a schema (test/budget.test.ts checks it).
          // The parts the hall's screen shares with /home and /index_old form one chunk beside it: as
          // four small shared chunks they cost the first load four requests and their headers.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: 'hall-parts', test: HALL_PARTS, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/wss': { target: backend, ws: true },
      '^/ops(/|\\?|$)': backend,
      '/assets-seed': backend,
      '/support': backend,
    },
  },
});
