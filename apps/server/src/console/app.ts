import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../core/config';
import type { Db } from '../db/client';
import databasePlugin from '../http/plugins/database';
import errorsPlugin, { clientErrorHandler } from '../http/plugins/errors';
import { useJsonBodyParser } from '../http/json-body';
import type { RoomBus } from '../http/realtime/room-bus';
import type { DemoPictures } from '../modules/site/demo-pictures';
import { serveConsole } from './static';
import consoleAuthRoutes from './routes/auth';
import consoleMoneyRoutes from './routes/money';
import consoleQueueRoutes from './routes/queue';
import consoleApplicationRoutes from './routes/applications';
import consoleMemberRoutes from './routes/members';
import consoleAdminRoutes from './routes/admin';
import consoleUploadRoutes from './routes/uploads';
import consoleContentRoutes from './routes/content';
import consolePaymentsRoutes from './routes/payments';
import consoleSiteRoutes from './routes/site';
import consolePromoRoutes from './routes/promo';
import consoleLotteryRoutes from './routes/lottery';
import consoleChatRoutes from './routes/chat';
import consoleReportsRoutes from './routes/reports';
import consoleApprovalsRoutes from './routes/approvals';
import consoleRiskRoutes from './routes/risk';
import consoleExposureRoutes from './routes/exposure';
import consoleAnnotationsRoutes from './routes/annotations';
import consoleSegmentsRoutes from './routes/segments';
import consoleProtectionRoutes from './routes/protection';
import consoleBlacklistRoutes from './routes/blacklist';
import consoleAgentsRoutes from './routes/agents';
import consoleSupportRoutes from './routes/support';
import { registerSocketServer } from '../http/realtime/plugin';
import { consoleSupportSocket } from '../modules/support-desk/sockets-operator';

/** Largest body a console call accepts (a site message's HTML is the biggest). */
export const BODY_LIMIT_CONSOLE = 256 * 1024;

export interface ConsoleAppOptions {
  config: Config;
  db: Db;
  /** The members' app's bus: what the console does reaches members' sockets on every process. */
  roomBus: RoomBus;
  /** The demo content's pictures (seed/assets.ts), shown as the member app shows them. */
  pictures: DemoPictures;
  /** The members' app's logger (its redaction rules apply); none in tests. */
  log?: FastifyBaseLogger;
}

/**
 * The Content-Security-Policy of the console: scripts from its own origin only; antd writes its
 * styles into <style> elements at run time (CSS-in-JS), so style-src allows inline styles (never scripts).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' data: blob:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

async function consolePlugin(app: FastifyInstance, opts: ConsoleAppOptions) {
  await app.register(databasePlugin, { config: opts.config, db: opts.db });
  app.decorate('roomBus', opts.roomBus);
  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CONSOLE_CSP);
    reply.header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
  });
  // The console's code is 1 MB as built (antd), about 340 KB gzipped. Gzip on the fly: a few operators
  // load it, and brotli's default quality would cost more time than it saves on a local network.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
  await app.register(cookie);
  // JSON bodies only: a form posted from another site cannot reach a console call.
  app.removeAllContentTypeParsers();
  useJsonBodyParser(app);

  await app.register(consoleAuthRoutes);
  await app.register(consoleMoneyRoutes);
  await app.register(consoleQueueRoutes);
  await app.register(consoleApplicationRoutes);
  await app.register(consoleMemberRoutes);
  await app.register(consoleAdminRoutes);
  await app.register(consoleUploadRoutes, { pictures: opts.pictures });
  await app.register(consoleContentRoutes);
  await app.register(consolePaymentsRoutes);
  await app.register(consoleSiteRoutes);
  await app.register(consolePromoRoutes);
  await app.register(consoleLotteryRoutes);
  await app.register(consoleChatRoutes);
  await app.register(consoleReportsRoutes);
  await app.register(consoleApprovalsRoutes);
  await app.register(consoleRiskRoutes);
  await app.register(consoleExposureRoutes);
  await app.register(consoleAnnotationsRoutes);
  await app.register(consoleSegmentsRoutes);
  await app.register(consoleProtectionRoutes);
  await app.register(consoleBlacklistRoutes);
  await app.register(consoleAgentsRoutes);
  await app.register(consoleSupportRoutes);
  // 客服工作台's socket: the console's own WebSocket server (its listener is not the members').
  await registerSocketServer(app);
  await consoleSupportSocket(app);
  await serveConsole(app, opts.config.console.dist);
}

/** The operators' console as its own Fastify instance (its own listener), on the members' database and bus. */
export async function buildConsoleApp(opts: ConsoleAppOptions): Promise<FastifyInstance> {
  const hops = opts.config.trustProxy;
  const app = Fastify({
    ...(opts.log ? { loggerInstance: opts.log.child({ listener: 'console' }) } : { logger: false }),
    bodyLimit: BODY_LIMIT_CONSOLE,
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    clientErrorHandler,
  });
  await app.register(fp(consolePlugin, { name: 'console' }), opts);
  return app;
}
