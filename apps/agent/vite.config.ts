import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|svg|html)$/;

/** Every file the server may serve pre-compressed, under `dir` (skipping dot folders such as .vite). */
async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return e.name.startsWith('.') ? [] : compressibleFiles(path);
      return COMPRESSIBLE.test(e.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

/**
 * Writes `.gz` and `.br` siblings of the emitted js/css/svg/html files, which the server sends as they
 * are (copied from apps/web/vite.config.ts: apps do not import each other).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = await compressibleFiles(outDir);
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [gz, br] = await Promise.all([
            gzipAsync(body, { level: 9 }),
            brotliAsync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  // The server serves this build at /agent/ (apps/server/src/http/plugins/agent-static.ts).
  base: '/agent/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@': src } },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically stays in the entry chunk: one request for the first load,
          // and modules run in source order (src/app/zod-jitless.ts, main.tsx's first import, before
          // zod creates a schema).
          groups: [{ name: 'index', tags: ['$initial'], priority: 2 }],
        },
      },
    },
  },
  server: { proxy: { '/api': backend } },
});
