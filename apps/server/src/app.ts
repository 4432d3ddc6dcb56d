import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './core/config';
import { openDatabase, type Db } from './db/client';
import { seed } from './seed/seed';
import { seedPictures } from './seed/assets';
import chatRoutes from './modules/chat/routes';
import authRoutes from './modules/auth/routes';
import gamesRoutes from './modules/games/routes';
import siteRoutes from './modules/site/routes';
import supportRoutes from './modules/support/routes';
import supportDeskRoutes from './modules/support-desk/routes';
import supportSocketRoutes from './modules/support-desk/sockets-member';
import memberRoutes from './modules/member/routes';
import walletRoutes from './modules/wallet/routes';
import cashierRoutes from './modules/cashier/routes';
import withdrawalRoutes from './modules/withdrawals/routes';
import lotteryRoutes from './modules/lottery/routes';
import promoRoutes from './modules/promo/routes';
import agentRoutes from './modules/agents/routes';
import contentRoutes from './modules/content/routes';
import protectionRoutes from './modules/protection/routes';
import jobsPlugin from './jobs/plugin';
import { useJsonBodyParser } from './http/json-body';
import { MULTIPART_LIMITS } from './http/multipart';
import opsPlugin, { OPS_PREFIX } from './ops/plugin';
import appShellPlugin from './modules/site/app-shell';
import demoPictureRoutes from './modules/site/demo-pictures';
import authPlugin from './http/plugins/auth';
import databasePlugin from './http/plugins/database';
import errorsPlugin, { clientErrorHandler } from './http/plugins/errors';
import rateLimitPlugin from './http/plugins/rate-limit';
import realtimePlugin from './http/realtime/plugin';
import securityPlugin from './http/plugins/security';
import staticPlugin from './http/plugins/static';
import agentStaticPlugin from './http/plugins/agent-static';
import supportStaticPlugin from './http/plugins/support-static';

/** Largest JSON or form body any call accepts (uploads, later, have their own limit). */
export const BODY_LIMIT = 64 * 1024;

export interface AppOptions {
  config: Config;
  db: Db;
  /** The operator API's token; null disables the operator API. */
  operatorToken: string | null;
  /** Run the scheduled work (lottery draws and settlement) once the app listens. */
  scheduledJobs: boolean;
}

/** The whole application as a plugin: core plugins, then each module's routes. */
export async function appPlugin(app: FastifyInstance, opts: AppOptions): Promise<void> {
  await app.register(databasePlugin, { config: opts.config, db: opts.db });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config: opts.config });
  await app.register(rateLimitPlugin);
  await app.register(staticPlugin, { config: opts.config });
  await app.register(agentStaticPlugin, { config: opts.config });
  await app.register(supportStaticPlugin, { config: opts.config });
  await app.register(appShellPlugin, { config: opts.config });
  await app.register(authPlugin);
  await app.register(realtimePlugin);

  // Bodies are JSON, urlencoded forms or multipart (uploads); text/plain is refused (415).
  app.removeContentTypeParser('text/plain');
  useJsonBodyParser(app);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  await app.register(authRoutes);
  await app.register(walletRoutes);
  await app.register(cashierRoutes);
  await app.register(withdrawalRoutes);
  await app.register(siteRoutes);
  await app.register(gamesRoutes);
  await app.register(demoPictureRoutes, { pictures: seedPictures() });
  await app.register(supportRoutes);
  await app.register(supportDeskRoutes);
  await app.register(supportSocketRoutes);
  await app.register(lotteryRoutes);
  await app.register(memberRoutes);
  await app.register(chatRoutes);
  await app.register(promoRoutes);
  await app.register(agentRoutes);
  await app.register(contentRoutes);
  await app.register(protectionRoutes);
  await app.register(opsPlugin, { prefix: OPS_PREFIX, operatorToken: opts.operatorToken });
  await app.register(jobsPlugin, { enabled: opts.scheduledJobs });
}

/** Masks the session token a socket URL may carry. */
export function maskUrl(url: string): string {
  return url.replace(/([?&]_token=)[^&]*/g, '$1[redacted]');
}

export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Never passwords, tokens, Authorization headers or bodies.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body',
        'body',
        '*.password',
        '*.paypassword',
        '*.confirmPass',
        '*.api_token',
        '*.token',
        '*.operatorToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return {
          method: request.method,
          url: maskUrl(request.url),
          ip: request.ip ?? request.socket?.remoteAddress,
        };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated and seeded database; when missing, the app opens (and later closes) its own. */
  db?: Db;
  operatorToken?: string | null;
  /** Overrides the logger (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /**
   * Run the scheduled work (lottery draws and settlement) once the app listens; main.ts turns it on.
   * Off by default: tests drive `runDue` themselves with a moved clock.
   */
  scheduledJobs?: boolean;
}

/** Builds the Fastify instance (does not listen). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const hops = config.trustProxy;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    // Requests Node's parser refuses (431 headers too large, 400, 408) are answered in the envelope.
    clientErrorHandler,
  });

  let db = opts.db;
  if (!db) {
    const handle = await openDatabase(config);
    await handle.prepare((d) => seed(d, { publicUrl: config.publicUrl, demo: config.demo }));
    app.addHook('onClose', () => handle.close());
    db = handle.db;
  }

  // One line per request at debug level (the 2.5 s balance poll would flood info).
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, url: maskUrl(request.url), status: reply.statusCode, ms: reply.elapsedTime },
      'request',
    );
  });

  // fastify-plugin: the app's hooks, error handler and decorators apply to the whole instance.
  await app.register(fp(appPlugin, { name: 'app' }), {
    config,
    db,
    operatorToken: opts.operatorToken ?? null,
    scheduledJobs: opts.scheduledJobs ?? false,
  });
  return app;
}
