/**
 * The routes a plugin registers on its own, for the one-hop tests (contract file → the server file
 * that serves it, for each door). The plugin is registered alone on a bare Fastify instance with
 * stand-ins for the core plugins it depends on (by name) and no database: nothing runs, routes are
 * only recorded.
 */
import Fastify, { type FastifyPluginAsync, type FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import { memoryRoomBus } from '../src/http/realtime/room-bus';
import { testConfig } from './helpers';

/** `METHOD /path`, as the tests compare routes and calls. */
export const routeKey = (method: string, path: string) => `${method} ${path}`;

/** The GET and POST routes `plugin` registers (under `prefix`, with `options`). */
export async function routesOf<O extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<O>,
  opts: { prefix?: string; options?: O } = {},
): Promise<Set<string>> {
  const app = Fastify({ logger: false });
  const bus = memoryRoomBus();
  const config = testConfig();
  await app.register(
    fp(
      async (a) => {
        a.decorate('config', config);
        a.decorate('db', null as never);
      },
      { name: 'database' },
    ),
  );
  await app.register(fp(async () => undefined, { name: 'auth' }));
  await app.register(fp(async (a) => void a.decorate('roomBus', bus), { name: 'realtime' }));
  const routes = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m === 'GET' || m === 'POST') routes.add(routeKey(m, route.url));
  });
  await app.register(plugin, {
    ...(opts.options ?? ({} as O)),
    ...(opts.prefix ? { prefix: opts.prefix } : {}),
  });
  await app.ready();
  await app.close();
  await bus.close();
  return routes;
}
