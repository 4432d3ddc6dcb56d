/**
 * Issue 13 item 13: a stopped server always stops. The server runs as `npm start` runs it (a real
 * process on the embedded database), its stdout and stderr pipes; the parent then closes its read
 * ends (as when the parent that started it has exited) and sends SIGTERM: the process must exit
 * within 10 s and its port must be free.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/core/config';
import { sleep } from './proof/support';

const dataDir = mkdtempSync(join(tmpdir(), 'sigterm-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** True when nothing listens on the port (we can bind it). */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('SIGTERM with the log pipes closed', () => {
  it('ends the process within 10 s and frees its port', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: '0',
        CONSOLE_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Debug: the server writes a line for every request and on shutdown.
        LOG_LEVEL: 'debug',
        WEB_DIST: join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
      let base: string | undefined;
      for (const end = Date.now() + 45_000; !base; await sleep(100)) {
        if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
        if (Date.now() > end) throw new Error(`server did not start: ${out}`);
        base = /Server ready: (http:\/\/\S+)/.exec(out)?.[1];
      }
      const port = Number(new URL(base).port);
      expect(await portFree(port)).toBe(false);

      // The reader goes away; the server still logs (requests at debug level), then is told to stop.
      child.stdout.destroy();
      child.stderr.destroy();
      for (let i = 0; i < 20; i += 1) await fetch(`${base}/api/nothing-here-${i}`).then((r) => r.text());
      await sleep(200);
      const sent = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(10_000).then(() => 'still running' as const)]);
      expect(code).not.toBe('still running');
      expect(Date.now() - sent).toBeLessThan(10_000);
      expect(await portFree(port)).toBe(true);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
  }, 90_000);
});
