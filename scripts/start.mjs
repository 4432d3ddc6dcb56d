// `npm start`: build the web app when its build is missing or older than its sources, then run the
// server (which migrates and seeds the embedded database on first start).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
  'package-lock.json',
].map((p) => join(root, p));

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let latest = st.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt === 0 || sources.some((s) => newest(s) > builtAt)) {
  console.log(
    builtAt === 0 ? 'Building the web app…' : 'The web app changed since its last build; rebuilding…',
  );
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(join(root, 'apps/server/src/main.ts')).href);
