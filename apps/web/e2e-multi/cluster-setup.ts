import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** TEST_DATABASE_URL with the journey's own database instead of its database. */
export function multiDatabaseUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${process.env.E2E_MULTI_DB}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Global setup of playwright.multi.config.ts: a fresh database, then `scripts/cluster.mjs` on it (two
 * processes behind the front, FRONT_PIN=1 so a journey can pick its process). Returns the teardown:
 * stop the cluster, then drop the database (in this order, so that no process sees its database go).
 * Not a `webServer`: Playwright runs the global teardown before it stops a webServer.
 */
export default async function clusterSetup(): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.TEST_DATABASE_URL) {
    rmSync(process.env.E2E_MULTI_DATA_DIR ?? '', { recursive: true, force: true });
    return undefined;
  }
  const db = process.env.E2E_MULTI_DB ?? '';
  if (!/^[a-z0-9_]+$/.test(db)) throw new Error(`unexpected database name ${db}`);
  const started = Date.now();
  await admin(`create database ${db}`);

  let child: ChildProcess | null = null;
  const teardown = async () => {
    const c = child;
    if (c && c.exitCode === null && c.signalCode === null) {
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }
    await admin(`drop database if exists ${db} with (force)`);
    rmSync(process.env.E2E_MULTI_DATA_DIR ?? '', { recursive: true, force: true });
  };

  try {
    const cluster = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: multiDatabaseUrl(),
        DATA_DIR: process.env.E2E_MULTI_DATA_DIR,
        FRONT_PORT: process.env.E2E_MULTI_PORT,
        FRONT_PIN: '1',
        CLUSTER_PROCESSES: '2',
        CONSOLE_PORT: '0',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_REGISTER_PER_HOUR: '1000',
        // 10 s rounds (betting closes 2 s before the draw): the journey sees a whole round quickly.
        LOTTERY_PERIOD_SECONDS: '10',
        CLOCK_OFFSET_SECONDS: process.env.E2E_CLOCK_OFFSET_SECONDS,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = cluster;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the cluster did not start within 150 s')), 150_000);
      cluster.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the cluster exited while starting (${code})`));
      });
      createInterface({ input: cluster.stdout as Readable }).on('line', (line) => {
        if (/^\[\d+\]\s*$/.test(line)) return;
        process.stdout.write(`${line}\n`);
        if (line.includes('Cluster ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    console.log(`  (database ${db}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
