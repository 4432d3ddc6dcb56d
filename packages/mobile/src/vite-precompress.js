import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/* A build step of the apps' vite.config.ts: the server sends the compressed siblings as they are
 * (apps/server/src/http/plugins/static.ts, agent-static.ts). JavaScript, not TypeScript: Vite bundles
 * a config's relative imports only and Node 20 imports this module as it is (types: the .d.ts beside). */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|svg|html)$/;

/**
 * Every file the server may serve pre-compressed, under `dir` (skipping dot folders such as .vite).
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function compressibleFiles(dir) {
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
 * Writes `.gz` and `.br` siblings of the emitted js/css/svg/html files.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
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
