import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/* A journey's own server: the built server (apps/server/dist/main.mjs, which the shared journeys'
 * `npm start` built) on a data directory of its own, restartable with its clock moved
 * (CLOCK_OFFSET_SECONDS) on the same data. Journeys across a day use it; the shared server's clock
 * stays put. */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface OwnServer {
  /** Starts it with the clock `offsetSeconds` on; resolves once `readyUrl` answers. */
  start(offsetSeconds: number): Promise<void>;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

export function ownServer(opts: { env: Record<string, string>; readyUrl: string }): OwnServer {
  let server: ChildProcess | null = null;
  return {
    async start(offsetSeconds) {
      server = spawn(process.execPath, [join(root, 'apps/server/dist/main.mjs')], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ...opts.env,
          CLOCK_OFFSET_SECONDS: String(offsetSeconds),
          // The embedded database in DATA_DIR, whatever the runner's environment names.
          DATABASE_URL: '',
        },
      });
      const until = Date.now() + 90_000;
      while (Date.now() < until) {
        const up = await fetch(opts.readyUrl).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`the journey's server did not start (${opts.readyUrl})`);
    },
    async stop() {
      const child = server;
      server = null;
      if (!child || child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
