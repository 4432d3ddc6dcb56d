// The screenshot suite's server (playwright.visual.config.ts): first briefly with its clock stopped at
// ROUNDS_OPENED_AT, to open the lottery rounds, then for good at CLOCK_FIXED_AT, where those rounds are
// due and are drawn. So every room shows drawn results and past draws, from a fresh seed every run.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const start = join(root, 'scripts/start.mjs');

// The opening run listens on another port, so that Playwright's readiness check sees only the final one.
const openingEnv = { ...process.env, PORT: String(Number(process.env.PORT) + 10) };

function startServer(env, clock, stdio) {
  return spawn(process.execPath, [start], { env: { ...env, CLOCK_FIXED_AT: clock }, stdio });
}

/** Resolves once the server prints its address; rejects if it exits first. */
function ready(child) {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Server ready')) resolve();
    });
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}`)));
  });
}

const opening = startServer(openingEnv, process.env.E2E_VISUAL_ROUNDS_OPENED_AT, ['ignore', 'pipe', 'pipe']);
await ready(opening);
// The operator's draw runs the ticker's work once: it opens the current and next round of each lottery.
const ops = spawnSync('npm', ['run', '-s', 'ops', '--', 'lottery:draw'], {
  cwd: root,
  env: openingEnv,
  encoding: 'utf8',
});
if (ops.status !== 0) {
  console.error(ops.stdout, ops.stderr);
  opening.kill('SIGTERM');
  process.exit(1);
}
await new Promise((resolve) => {
  opening.once('exit', resolve);
  opening.kill('SIGTERM');
});

const server = startServer(process.env, process.env.CLOCK_FIXED_AT, 'inherit');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.once('exit', (code) => process.exit(code ?? 1));
