// `npm run e2e -w apps/web [-- <playwright arguments>]`: the journeys (playwright.config.ts), then,
// when no arguments narrowed the run, the journey of two server processes on one PostgreSQL
// (playwright.multi.config.ts; it skips itself without TEST_DATABASE_URL).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const playwright = (...a) => spawnSync('npx', ['playwright', 'test', ...a], { stdio: 'inherit' }).status ?? 1;

let status = playwright(...args);
if (status === 0 && args.length === 0) status = playwright('-c', 'playwright.multi.config.ts');
process.exit(status);
