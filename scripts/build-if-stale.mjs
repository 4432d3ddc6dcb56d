// The freshness rule shared by `npm start`, `npm run cluster` and the benchmarks: a build is redone
// when it is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The built server that `npm start`, the cluster and the benchmarks run. */
export const SERVER_ENTRY = join(root, 'apps/server/dist/main.mjs');

const BUILDS = [
  {
    name: 'the web app',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
      'packages/mobile/src',
      'package-lock.json',
    ],
  },
  {
    name: "the operators' console",
    workspace: 'apps/console',
    output: 'apps/console/dist/index.html',
    sources: [
      'apps/console/src',
      'apps/console/public',
      'apps/console/index.html',
      'apps/console/vite.config.ts',
      'packages/contract/src',
      'package-lock.json',
    ],
  },
  {
    name: "the agents' back office",
    workspace: 'apps/agent',
    output: 'apps/agent/dist/index.html',
    sources: [
      'apps/agent/src',
      'apps/agent/index.html',
      'apps/agent/vite.config.ts',
      'packages/contract/src',
      'packages/mobile/src',
      'package-lock.json',
    ],
  },
  {
    name: 'the support desk page',
    workspace: 'apps/support',
    output: 'apps/support/dist/index.html',
    sources: [
      'apps/support/src',
      'apps/support/index.html',
      'apps/support/vite.config.ts',
      'packages/contract/src',
      'packages/mobile/src',
      'package-lock.json',
    ],
  },
  {
    name: 'the server',
    workspace: 'apps/server',
    output: 'apps/server/dist/main.mjs',
    sources: ['apps/server/src', 'apps/server/scripts', 'packages/contract/src', 'package-lock.json'],
  },
];

/** Latest modification time under `path` (0 when missing). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let latest = st.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Builds the web app, the console and the server where stale; returns false when a build failed. */
export function buildIfStale(log = (line) => console.log(line)) {
  for (const b of BUILDS) {
    const output = join(root, b.output);
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
    if (builtAt !== 0 && b.sources.every((s) => newest(join(root, s)) <= builtAt)) continue;
    log(builtAt === 0 ? `Building ${b.name}…` : `${b.name} changed since its last build; rebuilding…`);
    const r = spawnSync('npm', ['run', 'build', '-w', b.workspace], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) return false;
  }
  return true;
}
