// `npm run e2e -w apps/console [-- <playwright arguments>]`: the operators' console journeys
// (playwright.config.ts; how to write one: e2e/fixtures.ts).
import { spawnSync } from 'node:child_process';

const started = Date.now();
const status =
  spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1;
console.log(`console journeys: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status);
