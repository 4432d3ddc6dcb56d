// `npm run build -w apps/server`: bundles the server into dist/main.mjs. Production runs plain
// JavaScript: without a TypeScript loader in the process it idles about 85 MB lighter and starts
// faster. Only the workspace's own sources (server and contract) are bundled; packages stay in
// node_modules, so migrations, native modules (argon2) and PGlite's files resolve as in development.
// dist/ sits at the same depth as src/, so config.ts finds the repository root the same way.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith('@app/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [join(serverRoot, 'src/main.ts')],
  outfile: join(serverRoot, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
