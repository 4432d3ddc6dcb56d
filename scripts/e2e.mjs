// `npm run test:e2e`: every browser suite. The members' journeys (then the multi-process one) and the
// console's journeys run side by side: each keeps one of CI's two cores about 60 % busy (measured with
// vmstat, 2026-11-29), and each has its own server, database and ports. The screenshot suite runs after
// both, alone, because its pictures must not depend on a busy machine. E2E_SERIAL=1 runs them one by one.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm run <script> -w <workspace>`, each output line prefixed with `label`; resolves its status. */
function run(label, workspace, script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script, '-w', workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const prefix = (stream, out) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`e2e: ${label} ${status === 0 ? 'passed' : `FAILED (${status})`} in ${seconds} s`);
      resolve(status);
    });
  });
}

const member = () => run('member', 'apps/web', 'e2e');
const consoleJourneys = () => run('console', 'apps/console', 'e2e');
const statuses =
  process.env.E2E_SERIAL === '1'
    ? [await member(), await consoleJourneys()]
    : await Promise.all([member(), consoleJourneys()]);
// Run even after a failure above: one CI run reports every broken suite.
statuses.push(await run('screens', 'apps/web', 'e2e:visual'));
process.exit(statuses.some((s) => s !== 0) ? 1 : 0);
