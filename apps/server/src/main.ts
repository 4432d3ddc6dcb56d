import { TRIAL_ACCOUNT } from '@app/contract/auth';
import { advanceClock, setClock } from './core/clock';
import { ConfigError, loadConfig, type Config } from './core/config';
import { openDatabase } from './db/client';
import { seed } from './seed/seed';
import { DEMO_MEMBER } from './seed/content';
import { buildApp } from './app';
import { createShutdown, ignoreOutputErrors } from './shutdown';
import { ensureOperatorToken, operatorTokenPath } from './ops/token';
import { webBuildPresent } from './http/plugins/static';

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

  const shutdown = createShutdown({
    close: async () => {
      await app.close();
      await handle.close();
    },
    log: (level, fields, message) => app.log[level](fields, message),
    exit: (code) => process.exit(code),
  });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${config.port} on ${config.host} is already in use (set PORT to use another).`
        : `Could not listen on ${config.host}:${config.port}: ${(err as Error).message}`,
    );
    await handle.close();
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  console.log(
    [
      '',
      `  Server ready: ${url}`,
      `  Database:     ${handle.kind === 'pglite' ? `embedded (PGlite) under ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
      `  Web app:      ${webBuildPresent(config.webDist) ? config.webDist : `not built (${config.webDist} missing): API only`}`,
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

main().catch((err: unknown) => {
  console.error('Start-up failed:', err);
  process.exit(1);
});
