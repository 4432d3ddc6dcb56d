import { TRIAL_ACCOUNT } from '@app/contract/auth';
import type { FastifyInstance } from 'fastify';
import { advanceClock, setClock } from './core/clock';
import { ConfigError, loadConfig, type Config } from './core/config';
import { openDatabase } from './db/client';
import { seed } from './seed/seed';
import { DEMO_MEMBER } from './seed/content';
import { buildApp } from './app';
import { createShutdown, ignoreOutputErrors } from './shutdown';
import { ensureOperatorToken, operatorTokenPath } from './ops/token';
import { webBuildPresent } from './http/plugins/static';
import { buildConsoleApp } from './console/app';
import { seedPictures } from './seed/assets';
import { consoleBuildPresent } from './console/static';

async function main(): Promise<void> {
  // Before anything writes: a parent that exited leaves stdout / stderr as pipes nobody reads.
  ignoreOutputErrors();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  if (config.clockOffsetSeconds !== 0) advanceClock(config.clockOffsetSeconds * 1000);
  if (config.clockFixedAt !== undefined) setClock(config.clockFixedAt);
  const handle = await openDatabase(config);
  await handle.prepare((db) => seed(db, { publicUrl: config.publicUrl, demo: config.demo }));
  const operatorToken = ensureOperatorToken(config.dataDir);
  const app = await buildApp({ config, db: handle.db, operatorToken, scheduledJobs: true });
  // The operators' console: the same database and realtime bus, its own listener.
  const consoleApp = await buildConsoleApp({
    config,
    db: handle.db,
    roomBus: app.roomBus,
    pictures: seedPictures(),
    log: app.log,
  });

  const shutdown = createShutdown({
    close: async () => {
      await consoleApp.close();
      await app.close();
      await handle.close();
    },
    log: (level, fields, message) => app.log[level](fields, message),
    exit: (code) => process.exit(code),
  });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const cleanUp = async () => {
    await app.close();
    await handle.close();
  };
  const url = await listenOrExit(app, config.host, config.port, 'PORT', () => handle.close());
  const consoleUrl = await listenOrExit(
    consoleApp,
    config.console.host,
    config.console.port,
    'CONSOLE_PORT',
    cleanUp,
  );
  console.log(
    [
      '',
      `  Server ready: ${url}`,
      `  Database:     ${handle.kind === 'pglite' ? `embedded (PGlite) under ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
      `  Web app:      ${webBuildPresent(config.webDist) ? config.webDist : `not built (${config.webDist} missing): API only`}`,
      `  Console:      ${consoleUrl}${consoleBuildPresent(config.console.dist) ? '' : `   (not built: ${config.console.dist} missing)`}`,
      '                first operator: npm run ops -- operator:create <name> admin',
      `  Operator:     npm run ops -- help   (token in ${operatorTokenPath(config.dataDir)})`,
      '',
      // Passwords are printed only in demo mode: on a real PostgreSQL site nobody's password is public.
      ...(config.demo
        ? [
            '  Demo accounts (DEMO mode):',
            `    member  ${DEMO_MEMBER.name} / ${DEMO_MEMBER.password}`,
            `    trial   ${TRIAL_ACCOUNT.name} / ${TRIAL_ACCOUNT.password}   (试玩)`,
            '',
          ]
        : []),
    ].join('\n'),
  );
}

/** Listens, or says why not (a port in use names the variable that moves it) and exits. */
async function listenOrExit(
  server: FastifyInstance,
  host: string,
  port: number,
  variable: string,
  cleanUp: () => Promise<void>,
): Promise<string> {
  try {
    await server.listen({ port, host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${port} on ${host} is already in use (set ${variable} to use another).`
        : `Could not listen on ${host}:${port}: ${(err as Error).message}`,
    );
    await cleanUp();
    process.exit(1);
  }
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${bound}`;
}

main().catch((err: unknown) => {
  console.error('Start-up failed:', err);
  process.exit(1);
});
